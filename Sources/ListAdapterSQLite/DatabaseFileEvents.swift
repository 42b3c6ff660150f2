#if canImport(Glibc)
import Glibc

/// What tells the external-change watch on Linux that a database's files changed: inotify
/// on the database's directory, filtered to the file, its `-wal` and its `-journal`.
/// `WatchThread` waits on ``descriptor`` and drains it. (On Apple platforms: file-system
/// object sources and a Darwin notification, in `DatabaseFileEvents+Darwin.swift`.)
///
/// Thread safety: used by the watch thread alone; `close` once, when it ends.
struct InotifyEvents {
    /// The inotify descriptor, non-blocking.
    let descriptor: Int32
    private let fileName: String

    /// Watches the directory of `path`; `nil` when inotify is unavailable (the watch then
    /// relies on its slow poll).
    init?(path: String) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE)
        guard inotify_add_watch(descriptor, directory.isEmpty ? "." : directory, mask) >= 0 else {
            Glibc.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        fileName = String(path.split(separator: "/").last ?? "")
    }

    /// Reads every pending event; true when one names the database or its `-wal` or
    /// `-journal` companions.
    func drain() -> Bool {
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

    func close() {
        Glibc.close(descriptor)
    }
}
#endif
