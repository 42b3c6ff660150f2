#if canImport(Glibc)
import Dispatch
import Foundation
import Glibc
import ListAdapter

/// The external-change watch's driver on Linux: one thread waiting in `poll` on a socket
/// that the process's ``InotifyHub`` writes to when the database's files change and that
/// stops it, with the next look or slow poll as the timeout.
///
/// A file event or a due look is one wake-up of this thread. Through Dispatch it was
/// several: libdispatch's manager thread waits on the read source and every timer, wakes a
/// worker for the handler, and is woken again (an `eventfd` write) to re-arm the source or
/// reprogram a timer (`timerfd_settime`); at 100 commits a second, about 60 system calls a
/// commit, most of the watch's CPU.
///
/// Thread safety: any thread. The handler and `sync`'s bodies take turns under `turn`;
/// `control` (never held while the handler runs) says whether to stop.
final class WatchThread: WatchDriver, @unchecked Sendable {
    // @unchecked Sendable: mutable state lives behind the two locks; the descriptors are
    // set in `init`; the hub's subscription ends once (by the thread as it ends, or by
    // `deinit`), the socket pair is closed only by `deinit`, after it, so neither `cancel`
    // nor the hub ever writes to a descriptor number that was closed and perhaps reused.
    private struct Turn {
        var handler: (@Sendable (WatchWake) -> DispatchTime?)?
        var nextLook: DispatchTime?
        var nextPoll: DispatchTime
    }

    private struct Control {
        var stopped = false
        var started = false
        var closed = false
        var ended = false
        var thread: pthread_t?
    }

    private let turn: Guarded<Turn>
    private let control = Guarded(Control())
    private let pollInterval: DispatchTimeInterval
    /// `nil` when inotify is unavailable: the slow poll alone then.
    private let subscription: InotifyHub.Subscription?
    /// A connected socket pair: a byte written to `wakeWrite` (by `cancel`, or by the hub when
    /// the files changed) ends the thread's wait.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, pollInterval: Duration) {
        self.pollInterval = pollInterval.dispatchInterval
        turn = Guarded(Turn(nextPoll: .now() + pollInterval.dispatchInterval))
        // A socket pair rather than a pipe: it is made close-on-exec in the same call (Swift's
        // Glibc module has no `pipe2`), so a process another thread spawns meanwhile cannot
        // inherit it, as it could between `pipe` and `fcntl`.
        var pair: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        if socketpair(AF_UNIX, type, 0, &pair) != 0 { pair = [-1, -1] }
        wakeRead = pair[0]
        wakeWrite = pair[1]
        subscription = wakeWrite >= 0 ? InotifyHub.shared?.subscribe(path: path, wake: wakeWrite) : nil
    }

    func start(_ handler: @escaping @Sendable (WatchWake) -> DispatchTime?) {
        turn.withLock { $0.handler = handler }
        let go = control.withLock { control -> Bool in
            defer { control.started = true }
            return !control.started && !control.stopped
        }
        guard go else { return }
        let thread = Thread { [self] in run() }
        thread.name = "ListAdapterSQLite.ExternalChangeWatcher"
        thread.qualityOfService = .utility
        thread.start()
    }

    func sync(_ body: () -> Void) {
        turn.withLock { _ in body() }
    }

    func cancel() {
        let (wasRunning, onThread) = control.withLock { control -> (Bool, Bool) in
            defer { control.stopped = true }
            let onThread = control.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            return (control.started && !control.stopped, onThread)
        }
        guard wasRunning else {
            if !control.withLock({ $0.started }) { closeEvents() }
            return
        }
        var byte: UInt8 = 1
        _ = send(wakeWrite, &byte, 1, Int32(MSG_NOSIGNAL))
        // From the handler itself (the watch released there), the thread ends after it.
        if !onThread { finished.wait() }
    }

    deinit {
        // Reached once the thread has ended (it holds the driver), or if it never started.
        closeEvents()
        if wakeRead >= 0 { Glibc.close(wakeRead) }
        if wakeWrite >= 0 { Glibc.close(wakeWrite) }
    }

    /// Whether the thread has ended (tests: `cancel` returns after it).
    var hasEnded: Bool { control.withLock { $0.ended } }

    /// The thread: waits, then wakes the handler, until stopped.
    private func run() {
        control.withLock { $0.thread = pthread_self() }
        defer {
            closeEvents()
            control.withLock { $0.ended = true }
            finished.signal()
        }
        var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while !control.withLock({ $0.stopped }) {
            let deadline = turn.withLock { turn in turn.nextLook.map { min($0, turn.nextPoll) } ?? turn.nextPoll }
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let timeout = Self.milliseconds(until: deadline)
            if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0, errno != EINTR {
                // Not expected (the descriptors are ours): wait out the timeout anyway, so the
                // looks and the slow poll go on rather than the watch ending in silence.
                usleep(UInt32(clamping: Int(timeout) * 1_000))
            }
            if control.withLock({ $0.stopped }) { return }
            let filesChanged = descriptors[0].revents != 0 && drainWakes()
            turn.withLock { turn in
                guard let handler = turn.handler else { return }
                // A handler that cancelled (the watch released in it) is not called again,
                // even when another wake is due in the same turn (seen on a loaded machine).
                let stopped = { self.control.withLock { $0.stopped } }
                if filesChanged { turn.nextLook = handler(.filesChanged) }
                if stopped() { return }
                let now = DispatchTime.now()
                if let look = turn.nextLook, look <= now { turn.nextLook = handler(.lookDue) }
                if stopped() { return }
                if turn.nextPoll <= now {
                    turn.nextLook = handler(.pollDue)
                    turn.nextPoll = now + pollInterval
                }
            }
        }
    }

    /// `poll`'s timeout for `deadline`: whole milliseconds, rounded up (a look is never
    /// taken early), at least 0.
    private static func milliseconds(until deadline: DispatchTime) -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        let target = deadline.uptimeNanoseconds
        guard target > now else { return 0 }
        return Int32(clamping: (target - now + 999_999) / 1_000_000)
    }

    /// Reads every byte waiting on the socket; true when one is the hub's (the files changed).
    private func drainWakes() -> Bool {
        var filesChanged = false
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = recv(wakeRead, &bytes, bytes.count, Int32(MSG_DONTWAIT))
            if count <= 0 { break }
            if bytes[0 ..< count].contains(InotifyHub.wakeByte) { filesChanged = true }
        }
        return filesChanged
    }

    /// Ends the hub's subscription, once: the directory's watch goes with its last subscriber
    /// when the thread ends, not when the last reference does.
    private func closeEvents() {
        let first = control.withLock { control -> Bool in
            defer { control.closed = true }
            return !control.closed
        }
        guard first, let subscription else { return }
        InotifyHub.shared?.unsubscribe(subscription)
    }
}
#endif
