import Dispatch
import GRDB
import ListAdapter

/// Notices commits made by other connections and other processes: it reads
/// `PRAGMA data_version` on a dedicated connection whenever the database's files change
/// (inotify on Linux), keeps looking for a while after (a commit becomes visible only
/// after its writer has synced the WAL, which raises no file event), and on a slow poll
/// as a fallback. It also notices the file being deleted or replaced.
///
/// Commits made through the source's own writer connection are not "external": the
/// source's region observation already judged them (and ignored those to unrelated
/// tables). When `data_version` moved, the watcher asks the writer connection for its
/// own `data_version`, which moves only for commits by *other* connections: unchanged, the
/// commits were the writer's own, and the watcher stays quiet.
///
/// Thread safety: all state is touched by `driver`'s wakes (``WatchDriver``: its own
/// thread on Linux, a serial queue on Apple platforms), one at a time; `onChange` is called
/// there.
final class ExternalChangeWatcher: @unchecked Sendable {
    // @unchecked Sendable: mutable state is only touched in the driver's wakes and `sync`.
    private let path: String
    private let identity: FileIdentity?
    private let versions: DataVersionReader
    private let onChange: @Sendable (_ replaced: Bool) -> Void
    private var lastVersion: Int?
    /// `PRAGMA data_version` read on the source's writer connection, if it can be read.
    private let writerVersion: (@Sendable () -> Int?)?
    private var lastWriterVersion: Int?
    private var replaced = false
    /// The looks still to take after the last file event (``RecheckSchedule``).
    private var rechecks = RecheckSchedule()
    private var nextLook: DispatchTime?
    private let driver: any WatchDriver

    /// Starts watching `path`. `onChange(replaced)` runs on the watch's driver.
    init(
        path: String, identity: FileIdentity?, pollInterval: Duration,
        writerVersion: (@Sendable () -> Int?)? = nil, onChange: @escaping @Sendable (_ replaced: Bool) -> Void
    ) throws {
        self.path = path
        self.identity = identity
        self.writerVersion = writerVersion
        self.onChange = onChange
        versions = try DataVersionReader(path: path)
        lastVersion = versions.read()
        lastWriterVersion = writerVersion?()
        driver = makeWatchDriver(path: path, pollInterval: pollInterval)
        driver.start { [weak self] wake in self?.wake(wake) }
    }

    /// Stops watching. Safe to call more than once.
    func cancel() {
        driver.cancel()
    }

    /// Looks at once, as a file event makes it look, and returns once it has looked. Any
    /// thread but the watch's driver (tests use it to know the watch has seen a change).
    func lookNow() {
        driver.sync { check(includingIdentity: true) }
    }

    deinit {
        driver.cancel()
    }

    /// One wake of the driver; returns when the next look is due.
    private func wake(_ reason: WatchWake) -> DispatchTime? {
        switch reason {
        case .filesChanged: filesChanged()
        case .lookDue: recheck()
        case .pollDue: check(includingIdentity: true)
        }
        return nextLook
    }

    /// Compares the data version (and, on a file event or the slow poll, the file's
    /// identity) with the last seen.
    private func check(includingIdentity: Bool = false) {
        // Once the file is gone or replaced the source only fails (it names the new file
        // and asks for a new source): nothing is left to report. Looking on would read
        // the old file's version through the new file's WAL, and wake the adapter for a
        // failing load every time that moves.
        if replaced { return }
        if includingIdentity, let identity, FileIdentity(path: path) != identity {
            replaced = true
            onChange(true)
            return
        }
        guard let version = versions.read(), version != lastVersion else { return }
        lastVersion = version
        if let writer = writerVersion?() {
            defer { lastWriterVersion = writer }
            // The writer saw no other connection commit: every commit was its own.
            if writer == lastWriterVersion { return }
        }
        onChange(false)
    }

    /// A file of the database changed: check now, and keep looking on the schedule of
    /// ``RecheckSchedule``. The WAL's frames are written (and wake us) before the commit
    /// becomes visible in the shared-memory index, which raises no file event: at once
    /// with `synchronous = NORMAL`, but only after the writer's `fsync` with `FULL`
    /// (SQLite's default, and Python's), which on a busy disk takes tens to hundreds of
    /// milliseconds.
    private func filesChanged() {
        check(includingIdentity: true)
        let lookIsDue = nextLook.map { $0 <= .now() + RecheckSchedule.first.dispatchInterval } ?? false
        if let delay = rechecks.restart(lookIsDue: lookIsDue) { nextLook = .now() + delay.dispatchInterval }
    }

    /// A look the schedule asked for.
    private func recheck() {
        check()
        nextLook = rechecks.next().map { .now() + $0.dispatchInterval }
    }
}
