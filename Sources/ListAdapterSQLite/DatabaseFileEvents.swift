import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// What wakes the external-change watch when a database's files change, so that another
/// process's commit is noticed without polling. The watch itself (`ExternalChangeWatcher`)
/// is the same on every platform; only this waking differs:
///
/// - Linux: inotify on the database's directory, filtered to the file, its `-wal` and its
///   `-journal` (`InotifyFileEvents`, below).
/// - Apple platforms: a `DispatchSource` file-system object source on the database and its
///   `-wal`, plus a Darwin notification that the app's processes (an app extension, say)
///   post after they commit (`DarwinFileEvents`, in `DatabaseFileEvents+Darwin.swift`).
///
/// Thread safety: created and cancelled on the watcher's queue; `changed` is called there.
protocol DatabaseFileEvents: AnyObject {
    /// Stops the events. Called once.
    func cancel()
}

/// The events for `path` on this platform, or `nil` when the platform offers none (the
/// watch then relies on its slow poll). `changed` runs on `queue`.
func makeDatabaseFileEvents(path: String, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) -> (any DatabaseFileEvents)? {
    #if canImport(Glibc)
    InotifyFileEvents(path: path, queue: queue, changed: changed)
    #elseif canImport(Darwin)
    DarwinFileEvents(path: path, queue: queue, changed: changed)
    #else
    nil
    #endif
}

#if canImport(Glibc)
/// inotify on the database's directory, filtered to the database's own files.
final class InotifyFileEvents: DatabaseFileEvents {
    private let source: any DispatchSourceRead

    init?(path: String, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let fileName = String(path.split(separator: "/").last ?? "")
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE)
        guard inotify_add_watch(descriptor, directory.isEmpty ? "." : directory, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            if Self.drainEvents(descriptor, concerning: fileName) { changed() }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    func cancel() { source.cancel() }

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
}
#endif
