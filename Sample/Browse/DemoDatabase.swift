import Dispatch
import Foundation

/// The demo mail database in the user's cache directory, created on first run so that an
/// interrupted creation never blocks a later run.
///
/// It is written as `NAME.partial` and renamed when complete. While one process creates
/// it, it holds an exclusive lock on `NAME.lock` (released by the kernel however the
/// process ends), so a later run that finds a `.partial` file and can take the lock knows
/// it is stale and removes it; Ctrl-C (SIGINT, SIGTERM, SIGHUP) during creation removes
/// it at once.
///
/// Main thread (it blocks while creating).
struct DemoDatabase {
    /// The database file.
    let path: String
    let rows: Int

    /// The demo database of `rows` messages under the cache directory of `environment`.
    init(rows: Int, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.rows = rows
        path = Self.cacheDirectory(environment: environment) + "/listadapter-sample/mail-\(rows).sqlite"
    }

    /// `$XDG_CACHE_HOME` if set to an absolute path (as the XDG specification asks), else
    /// `$HOME/.cache`, else the account's home directory's `.cache`.
    static func cacheDirectory(environment: [String: String]) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache" }
        return NSHomeDirectory() + "/.cache"
    }

    private var partialPath: String { path + ".partial" }
    /// The unfinished file and the journal files SQLite keeps beside it.
    private var partialFiles: [String] { ["", "-wal", "-shm", "-journal"].map { partialPath + $0 } }

    /// Creates the database unless it exists; `progress(done, total)` reports creation.
    ///
    /// - Returns: whether it created the database.
    func createIfMissing(progress: @escaping (Int, Int) -> Void) throws(SampleError) -> Bool {
        if FileManager.default.fileExists(atPath: path) { return false }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SampleError("cannot create the cache directory \(directory): \(error.localizedDescription)")
        }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw SampleError("cannot create \(path).lock: \(String(cString: strerror(errno)))") }
        defer { close(lock) }                                     // releases the lock
        if flock(lock, LOCK_EX | LOCK_NB) != 0 {
            StandardStreams.output("another sample is creating the demo database at \(path); waiting for it")
            flock(lock, LOCK_EX)
        }
        // Another process may have finished it while this one waited.
        if FileManager.default.fileExists(atPath: path) { return false }
        if FileManager.default.fileExists(atPath: partialPath) {
            StandardStreams.output("removing an unfinished demo database left by an interrupted run")
        }
        removePartialFiles()
        StandardStreams.output("creating the demo database at \(path) (once; \(Self.approximateSize(rows: rows)) on disk)")
        // For the tests of an interrupted creation: with LISTADAPTER_SAMPLE_HOLD_CREATION set,
        // creation stops after its first progress report and waits for a signal (whose
        // handler removes the files and exits), so that Ctrl-C lands during creation
        // however fast the machine writes.
        let holds = ProcessInfo.processInfo.environment["LISTADAPTER_SAMPLE_HOLD_CREATION"] != nil
        do {
            // SIGINT, SIGTERM or SIGHUP meanwhile: the unfinished files are removed and the
            // process exits with 128 plus the signal, as the shell expects of an interrupted program.
            try TerminationSignals.during(.removeFiles(partialFiles, note: "removed the unfinished demo database; the next run starts again")) {
                try MailGenerator(path: partialPath, rows: rows, days: max(1, rows / 1_000)).generate { done, total in
                    progress(done, total)
                    while holds { _ = sleep(3_600) }
                }
                try FileManager.default.moveItem(atPath: partialPath, toPath: path)
            }
        } catch {
            removePartialFiles()
            throw SampleError("cannot create the demo database \(path): \(error)")
        }
        removePartialFiles()
        return true
    }

    /// About how much disk the database takes: measured at about 514 bytes a message (514 MB for a million,
    /// 22 MB of it the by-sender index, about 75 MB the folders, their order and its index).
    static func approximateSize(rows: Int) -> String {
        let megabytes = max(1, rows * 514 / 1_000_000)
        return megabytes >= 1_000 ? String(format: "about %.1f GB", Double(megabytes) / 1_000) : "about \(megabytes) MB"
    }

    private func removePartialFiles() {
        for file in partialFiles { unlink(file) }
    }
}
