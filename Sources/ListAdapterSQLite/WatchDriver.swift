import Dispatch

/// Why the external-change watch is woken.
enum WatchWake: Sendable, Equatable {
    /// A file of the database changed (or, on Apple platforms, another process posted the
    /// change notification).
    case filesChanged
    /// The look the watch last asked for is due.
    case lookDue
    /// The slow poll, the fallback that needs no file event.
    case pollDue
}

/// What runs the external-change watch: it wakes it on file events, at the look it last
/// asked for and on the slow poll, one wake at a time, and lets other threads run code
/// between wakes. The watch (`ExternalChangeWatcher`) is the same on every platform; only
/// the driver differs:
///
/// - Linux: a thread of its own waiting in `poll` for the process's inotify thread
///   (`InotifyHub`, one instance for every source) to say the files changed, with the next
///   look or poll as the timeout (`WatchThread`). Dispatch sources cost several thread wake-ups per event
///   there (a manager thread re-arms each source and timer through an `eventfd`): under a
///   writer at 100 commits a second that was most of the watch's CPU.
/// - Apple platforms: Dispatch sources and timers on a serial queue (`DispatchWatchDriver`,
///   in `WatchDriver+Darwin.swift`), which kqueue serves without such hops.
///
/// Thread safety: any thread; the handler runs on the driver, never two at once.
protocol WatchDriver: AnyObject, Sendable {
    /// Starts waking `handler`, which returns when the next look is due (`nil`: none).
    /// Called once.
    func start(_ handler: @escaping @Sendable (WatchWake) -> DispatchTime?)
    /// Runs `body` between two wakes, and returns once it has run. Not from the handler.
    func sync(_ body: () -> Void)
    /// Stops the wakes: no handler runs once this returns (unless called from the handler,
    /// which then finishes first). Safe to call more than once, from any thread.
    func cancel()
}

/// The driver for the database at `path` on this platform, polling every `pollInterval`.
func makeWatchDriver(path: String, pollInterval: Duration) -> any WatchDriver {
    #if canImport(Glibc)
    WatchThread(path: path, pollInterval: pollInterval)
    #else
    DispatchWatchDriver(path: path, pollInterval: pollInterval)
    #endif
}
