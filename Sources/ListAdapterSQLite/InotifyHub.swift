#if canImport(Glibc)
import Foundation
import Glibc
import ListAdapter

/// The process's one inotify instance, shared by the external-change watches of every
/// SQLite source on Linux: a watch on each database's directory (one per directory, counted),
/// and a thread that reads the events and wakes the watches whose files they name.
///
/// Why one: an inotify instance per source cost each source's end about 10 ms (closing an
/// instance waits for the kernel to retire its marks, `synchronize_srcu`), and Linux allows
/// a user 128 instances (`fs.inotify.max_user_instances`): past that, a source had no file
/// events and noticed commits only at its slow poll. Removing a watch from a shared
/// instance is quick, and one instance serves any number of sources.
///
/// Thread safety: any thread. A subscriber is woken by one byte (``wakeByte``) written,
/// without blocking, to the descriptor it gave; the hub writes only under its lock, and
/// ``unsubscribe(_:)`` takes the lock, so after it returns the descriptor may be closed.
final class InotifyHub: @unchecked Sendable {
    // @unchecked Sendable: the descriptor is set once in `init`; the rest lives in `state`.

    /// The byte written to a subscriber's descriptor when its files change.
    static let wakeByte: UInt8 = 2

    /// The process's hub; `nil` when inotify is unavailable (the watches then rely on their
    /// slow poll).
    static let shared: InotifyHub? = InotifyHub()

    /// A subscription's handle, for ``unsubscribe(_:)``.
    struct Subscription: Sendable {
        fileprivate let watch: Int32
        fileprivate let key: Int
    }

    private struct Subscriber {
        let fileName: String
        let wake: Int32
    }

    private struct State {
        /// The subscribers of each directory watch, by watch descriptor (the kernel gives a
        /// directory one, however its path is spelled).
        var watches: [Int32: [Int: Subscriber]] = [:]
        var nextKey = 0
    }

    private let descriptor: Int32
    private let state = Guarded(State())

    private init?() {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        let thread = Thread { [self] in run() }
        thread.name = "ListAdapterSQLite.InotifyHub"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Wakes `wake` whenever the database at `path`, its `-wal` or its `-journal` is
    /// created, written, closed after writing, deleted or renamed. `nil` when the directory
    /// cannot be watched (the watch then relies on its slow poll).
    func subscribe(path: String, wake: Int32) -> Subscription? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let directory = components.dropLast().joined(separator: "/")
        let fileName = String(components.last ?? "")
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE)
        return state.withLock { state -> Subscription? in
            // Under the lock: an unsubscribe removing the directory's last subscriber cannot
            // remove the watch between this add and the subscriber's entry.
            let watch = inotify_add_watch(descriptor, directory.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : directory, mask)
            guard watch >= 0 else { return nil }
            state.nextKey += 1
            state.watches[watch, default: [:]][state.nextKey] = Subscriber(fileName: fileName, wake: wake)
            return Subscription(watch: watch, key: state.nextKey)
        }
    }

    /// Stops waking the subscription's descriptor; the directory's watch goes with its last
    /// subscriber.
    func unsubscribe(_ subscription: Subscription) {
        state.withLock { state in
            state.watches[subscription.watch]?[subscription.key] = nil
            if state.watches[subscription.watch]?.isEmpty == true {
                state.watches[subscription.watch] = nil
                inotify_rm_watch(descriptor, subscription.watch)
            }
        }
    }

    /// Returns once the wakes the hub's thread is making have been made: after one
    /// subscriber is woken, whatever the same events did for the others is done (tests).
    func sync() {
        state.withLock { _ in }
    }

    /// The hub's thread: waits for events, wakes the subscribers they concern, for the
    /// life of the process.
    private func run() {
        let capacity = 16_384
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            descriptors[0].revents = 0
            if poll(&descriptors, 1, -1) < 0 {
                if errno == EINTR { continue }
                return              // not expected (the descriptor is ours): the slow polls go on
            }
            var named: [(watch: Int32, name: String)] = []
            var overflowed = false
            while true {
                let count = read(descriptor, buffer, capacity)
                if count <= 0 { break }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameLength = Int(event.len)
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                    if nameLength > 0 {
                        let namePointer = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                        named.append((event.wd, String(cString: namePointer)))
                    }
                    offset += MemoryLayout<inotify_event>.size + nameLength
                }
            }
            wake(named, everyone: overflowed)
        }
    }

    /// Writes the wake byte to each subscriber a named event concerns (to every subscriber
    /// when the kernel's queue overflowed and events were lost). A subscriber whose socket
    /// is full has a wake pending already.
    private func wake(_ named: [(watch: Int32, name: String)], everyone: Bool) {
        state.withLock { state in
            var woken = Set<Int32>()
            var byte = Self.wakeByte
            if everyone {
                for subscriber in state.watches.values.flatMap(\.values) where woken.insert(subscriber.wake).inserted {
                    _ = send(subscriber.wake, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                return
            }
            for (watch, name) in named {
                guard let subscribers = state.watches[watch] else { continue }
                for subscriber in subscribers.values where !woken.contains(subscriber.wake) {
                    let file = subscriber.fileName
                    guard name == file || name == file + "-wal" || name == file + "-journal" else { continue }
                    woken.insert(subscriber.wake)
                    _ = send(subscriber.wake, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
            }
        }
    }
}
#endif
