// Apple platforms only. Not compiled on Linux, where this project is built and tested:
// kept to Dispatch sources and timers, a file-system object source per file and one Darwin
// notification; type-checked against the macOS 14 SDK by .ci/run's Apple check, never run
// there. The watch they wake (`ExternalChangeWatcher`) is the code the tests exercise.
#if canImport(Darwin) && !canImport(Glibc)
import Darwin
import Dispatch
import ListAdapter
// <notify.h> is a module of its own (`notify`): neither Darwin nor Foundation re-exports it.
import notify

/// The external-change watch's driver on Apple platforms: a serial queue, the file events
/// below, a timer reprogrammed for each look and a repeating timer for the slow poll.
///
/// Thread safety: any thread; the handler runs on `queue`.
final class DispatchWatchDriver: WatchDriver, @unchecked Sendable {
    // @unchecked Sendable: mutable state is only touched on `queue`.
    private let queue = DispatchQueue(label: "ListAdapterSQLite.ExternalChangeWatcher")
    private let path: String
    private let pollInterval: Duration
    private var handler: (@Sendable (WatchWake) -> DispatchTime?)?
    private var pollTimer: (any DispatchSourceTimer)?
    private var lookTimer: (any DispatchSourceTimer)?
    private var fileEvents: DarwinFileEvents?

    init(path: String, pollInterval: Duration) {
        self.path = path
        self.pollInterval = pollInterval
    }

    func start(_ handler: @escaping @Sendable (WatchWake) -> DispatchTime?) {
        queue.sync {
            self.handler = handler
            fileEvents = DarwinFileEvents(path: path, queue: queue) { [weak self] in self?.wake(.filesChanged) }
            let pollTimer = DispatchSource.makeTimerSource(queue: queue)
            pollTimer.schedule(deadline: .now() + pollInterval.dispatchInterval, repeating: pollInterval.dispatchInterval)
            pollTimer.setEventHandler { [weak self] in self?.wake(.pollDue) }
            pollTimer.resume()
            self.pollTimer = pollTimer
            let lookTimer = DispatchSource.makeTimerSource(queue: queue)
            lookTimer.schedule(deadline: .distantFuture)
            lookTimer.setEventHandler { [weak self] in self?.wake(.lookDue) }
            lookTimer.resume()
            self.lookTimer = lookTimer
        }
    }

    func sync(_ body: () -> Void) {
        queue.sync(execute: body)
    }

    func cancel() {
        queue.sync {
            handler = nil
            pollTimer?.cancel()
            pollTimer = nil
            lookTimer?.cancel()
            lookTimer = nil
            fileEvents?.cancel()
            fileEvents = nil
        }
    }

    private func wake(_ reason: WatchWake) {
        guard let handler else { return }
        let next = handler(reason)
        lookTimer?.schedule(deadline: next ?? .distantFuture)
    }
}

/// File-system object sources on the database and its `-wal` (writes, extensions,
/// deletions, renames), and the Darwin notification
/// that other processes of the app post after committing
/// (``SQLiteListSource/changeNotificationName(forPath:)``).
final class DarwinFileEvents {
    private var sources: [any DispatchSourceFileSystemObject] = []
    /// `notify_register_dispatch`'s token; -1 (NOTIFY_TOKEN_INVALID) until registered.
    private var notifyToken: Int32 = -1

    init?(path: String, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) {
        for file in [path, path + "-wal"] {
            let descriptor = open(file, O_EVTONLY)
            guard descriptor >= 0 else { continue }
            let source = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: descriptor, eventMask: [.write, .extend, .delete, .rename], queue: queue
            )
            source.setEventHandler { changed() }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            sources.append(source)
        }
        let name = changeNotificationName(forPath: path)
        if notify_register_dispatch(name, &notifyToken, queue, { _ in changed() }) != 0 { notifyToken = -1 }
        if sources.isEmpty && notifyToken == -1 { return nil }
    }

    /// Stops the events. Called once.
    func cancel() {
        for source in sources { source.cancel() }
        if notifyToken != -1 { notify_cancel(notifyToken) }
    }
}
#endif

func changeNotificationName(forPath path: String) -> String {
    "listadapter.database-changed." + path
}

extension SQLiteListSource {
    /// The Darwin notification name for the database at `path`: post it with
    /// `notify_post` from any process of the app (an app extension, say) after it commits,
    /// and sources following that file on Apple platforms look at once, besides the
    /// file-system events they already watch. On Linux, inotify sees every commit and the
    /// name is unused.
    ///
    /// Pure; any thread.
    ///
    /// - Parameter path: the database file's path, exactly as the sources following it were given
    ///   it (``SQLiteListSource/path``): no normalisation is applied.
    /// - Returns: `listadapter.database-changed.` followed by `path`.
    public static func changeNotificationName(forPath path: String) -> String {
        ListAdapterSQLite.changeNotificationName(forPath: path)
    }
}
