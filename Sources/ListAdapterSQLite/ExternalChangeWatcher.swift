import Dispatch
import GRDB
#if canImport(Glibc)
import Glibc
#endif

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
    /// The looks still to take after the last file event (``RecheckSchedule``).
    private var rechecks = RecheckSchedule()
    /// What wakes the watch when the database's files change (inotify on Linux, file-system
    /// object sources and a Darwin notification on Apple platforms).
    private var fileEvents: (any DatabaseFileEvents)?

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
            fileEvents = makeDatabaseFileEvents(path: path, queue: queue) { [weak self] in self?.filesChanged() }
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

    /// One statement in autocommit (its own read transaction), prepared once: a look costs
    /// a few microseconds, and there are several per commit while a writer is active.
    private func readVersion() -> Int? {
        try? connection.inDatabase { db in try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) }
    }

    /// A file of the database changed: check now, and keep looking on the schedule of
    /// ``RecheckSchedule``. The WAL's frames are written (and wake us) before the commit
    /// becomes visible in the shared-memory index, which raises no file event: at once
    /// with `synchronous = NORMAL`, but only after the writer's `fsync` with `FULL`
    /// (SQLite's default, and Python's), which on a busy disk takes tens to hundreds of
    /// milliseconds.
    private func filesChanged() {
        check()
        scheduleRecheck(after: rechecks.restart())
    }

    private func scheduleRecheck(after delay: Duration) {
        let token = rechecks.token
        queue.asyncAfter(deadline: .now() + delay.interval) { [weak self] in
            guard let self, self.timer != nil, token == self.rechecks.token else { return }
            self.check()
            if let next = self.rechecks.next() { self.scheduleRecheck(after: next) }
        }
    }
}

extension Duration {
    /// The duration as a Dispatch interval.
    var interval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
