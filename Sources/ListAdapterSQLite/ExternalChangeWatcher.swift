import Dispatch
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// Notices commits made by other connections and other processes: it reads
/// `PRAGMA data_version` on a dedicated connection whenever the database's files change
/// (inotify on Linux), again shortly after (the WAL is written before the commit is
/// visible), and on a slow poll as a fallback. It also notices the file being deleted or
/// replaced.
///
/// Commits made through the source's own writer connection are not "external": the
/// source's region observation already judged them (and ignored those to unrelated
/// tables). When `data_version` moved, the watcher asks the writer connection for its
/// own `data_version`, which moves only for commits by *other* connections: unchanged, the
/// commits were the writer's own, and the watcher stays quiet.
///
/// Thread safety: all state lives on `queue`; `onChange` is called there.
final class ExternalChangeWatcher: @unchecked Sendable {
    // @unchecked Sendable: mutable state is only touched on `queue`.
    private let path: String
    private let identity: FileIdentity?
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "ListAdapterSQLite.ExternalChangeWatcher")
    private let onChange: @Sendable (_ replaced: Bool) -> Void
    private var lastVersion: Int?
    /// `PRAGMA data_version` read on the source's writer connection, if it can be read.
    private let writerVersion: (@Sendable () -> Int?)?
    private var lastWriterVersion: Int?
    private var replaced = false
    private var timer: (any DispatchSourceTimer)?
    private var fileEvents: (any DispatchSourceRead)?
    private var inotifyDescriptor: Int32 = -1

    /// Starts watching `path`. `onChange(replaced)` runs on the watcher's queue.
    init(
        path: String, identity: FileIdentity?, pollInterval: Duration,
        writerVersion: (@Sendable () -> Int?)? = nil, onChange: @escaping @Sendable (_ replaced: Bool) -> Void
    ) throws {
        self.path = path
        self.identity = identity
        self.writerVersion = writerVersion
        self.onChange = onChange
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "ListAdapterSQLite.ExternalChangeWatcher"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        queue.sync {
            lastVersion = readVersion()
            lastWriterVersion = writerVersion?()
            startFileEvents()
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + pollInterval.interval, repeating: pollInterval.interval)
            timer.setEventHandler { [weak self] in self?.check() }
            timer.resume()
            self.timer = timer
        }
    }

    /// Stops watching. Safe to call more than once.
    func cancel() {
        queue.sync {
            timer?.cancel()
            timer = nil
            fileEvents?.cancel()
            fileEvents = nil
        }
    }

    deinit {
        timer?.cancel()
        fileEvents?.cancel()
    }

    /// Compares the data version (and the file's identity) with the last seen.
    private func check() {
        if !replaced, let identity, FileIdentity(path: path) != identity {
            replaced = true
            onChange(true)
            return
        }
        guard let version = readVersion(), version != lastVersion else { return }
        lastVersion = version
        if let writer = writerVersion?() {
            defer { lastWriterVersion = writer }
            // The writer saw no other connection commit: every commit was its own.
            if writer == lastWriterVersion { return }
        }
        onChange(false)
    }

    private func readVersion() -> Int? {
        try? connection.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }

    /// A file of the database changed: check now, and again shortly after. The WAL's
    /// frames are written (and wake us) just before the commit becomes visible in the
    /// shared-memory index, which raises no file event: usually microseconds later, later
    /// on a busy machine, hence a quick second look and a slower third.
    private func filesChanged() {
        check()
        for delay in [1, 4] {
            queue.asyncAfter(deadline: .now() + .milliseconds(delay)) { [weak self] in self?.check() }
        }
    }

    private func startFileEvents() {
        #if canImport(Glibc)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let fileName = String(path.split(separator: "/").last ?? "")
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE)
        guard inotify_add_watch(descriptor, directory.isEmpty ? "." : directory, mask) >= 0 else {
            close(descriptor)
            return
        }
        inotifyDescriptor = descriptor
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            if Self.drainEvents(descriptor, concerning: fileName) { self.filesChanged() }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        fileEvents = source
        #endif
    }

    #if canImport(Glibc)
    /// Reads every pending inotify event; true when one names the database or its
    /// `-wal`/`-journal` companions.
    private static func drainEvents(_ descriptor: Int32, concerning fileName: String) -> Bool {
        var relevant = false
        let capacity = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            if count <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if nameLength > 0 {
                    let namePointer = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                    let name = String(cString: namePointer)
                    if name == fileName || name == fileName + "-wal" || name == fileName + "-journal" { relevant = true }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
        return relevant
    }
    #endif
}

extension Duration {
    /// The duration as a Dispatch interval.
    var interval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
