// Apple platforms only. Not compiled on Linux, where this project is built and tested:
// kept to a file-system object source per file and one Darwin notification, to be checked
// by eye. The watch these wake (`ExternalChangeWatcher`) is the code the tests exercise.
#if canImport(Darwin) && !canImport(Glibc)
import Darwin
import Dispatch

/// File-system object sources on the database and its `-wal` (writes, extensions,
/// deletions, renames), and the Darwin notification
/// that other processes of the app post after committing
/// (``SQLiteListSource/changeNotificationName(forPath:)``).
final class DarwinFileEvents: DatabaseFileEvents {
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
    public static func changeNotificationName(forPath path: String) -> String {
        ListAdapterSQLite.changeNotificationName(forPath: path)
    }
}
