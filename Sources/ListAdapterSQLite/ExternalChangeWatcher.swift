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
    private let versions: DataVersionReader
    private let queue = DispatchQueue(label: "ListAdapterSQLite.ExternalChangeWatcher")
    private let onChange: @Sendable (_ replaced: Bool) -> Void
    private var lastVersion: Int?
    /// `PRAGMA data_version` read on the source's writer connection, if it can be read.
    private let writerVersion: (@Sendable () -> Int?)?
    private var lastWriterVersion: Int?
    private var replaced = false
    private var timer: (any DispatchSourceTimer)?
    /// The looks still to take after the last file event (``RecheckSchedule``), on one
    /// timer reprogrammed for each (a `DispatchQueue.asyncAfter` per look allocated a
    /// timer each time: most of the watch's cost under a busy writer).
    private var rechecks = RecheckSchedule()
    private var recheckTimer: (any DispatchSourceTimer)?
    private var nextLook: DispatchTime?
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
        versions = try DataVersionReader(path: path)
        queue.sync {
            lastVersion = readVersion()
            lastWriterVersion = writerVersion?()
            fileEvents = makeDatabaseFileEvents(path: path, queue: queue) { [weak self] in self?.filesChanged() }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + pollInterval.interval, repeating: pollInterval.interval)
            timer.setEventHandler { [weak self] in self?.check(includingIdentity: true) }
            timer.resume()
            self.timer = timer
            let recheckTimer = DispatchSource.makeTimerSource(queue: queue)
            recheckTimer.schedule(deadline: .distantFuture)
            recheckTimer.setEventHandler { [weak self] in self?.recheck() }
            recheckTimer.resume()
            self.recheckTimer = recheckTimer
        }
    }

    /// Stops watching. Safe to call more than once.
    func cancel() {
        queue.sync {
            timer?.cancel()
            timer = nil
            recheckTimer?.cancel()
            recheckTimer = nil
            fileEvents?.cancel()
            fileEvents = nil
        }
    }

    /// Looks at once, as a file event makes it look, and returns once it has looked. Any
    /// thread but the watcher's queue (tests use it to know the watch has seen a change).
    func lookNow() {
        queue.sync { check(includingIdentity: true) }
    }

    deinit {
        timer?.cancel()
        recheckTimer?.cancel()
        fileEvents?.cancel()
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
        versions.read()
    }

    /// A file of the database changed: check now, and keep looking on the schedule of
    /// ``RecheckSchedule``. The WAL's frames are written (and wake us) before the commit
    /// becomes visible in the shared-memory index, which raises no file event: at once
    /// with `synchronous = NORMAL`, but only after the writer's `fsync` with `FULL`
    /// (SQLite's default, and Python's), which on a busy disk takes tens to hundreds of
    /// milliseconds.
    private func filesChanged() {
        check(includingIdentity: true)
        let lookIsDue = nextLook.map { $0 <= .now() + RecheckSchedule.first.interval } ?? false
        if let delay = rechecks.restart(lookIsDue: lookIsDue) { scheduleLook(after: delay) }
    }

    private func recheck() {
        guard recheckTimer != nil else { return }
        check()
        if let delay = rechecks.next() {
            scheduleLook(after: delay)
        } else {
            nextLook = nil
            recheckTimer?.schedule(deadline: .distantFuture)
        }
    }

    private func scheduleLook(after delay: Duration) {
        let deadline = DispatchTime.now() + delay.interval
        nextLook = deadline
        recheckTimer?.schedule(deadline: deadline)
    }
}

extension Duration {
    /// The duration as a Dispatch interval.
    var interval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
