import Dispatch
import Foundation

/// SIGINT, SIGTERM and SIGHUP for the whole life of the process: taken over once, when
/// `sample` starts, and routed to what the current phase asks. A phase is an explicit state
/// (the table below); commands switch phases, they never touch the signals themselves.
///
/// Why once: on Linux, libdispatch installs its own handler for a signal the first time a
/// signal source for it is made, and never again. A program that later sets the signal to
/// `SIG_IGN` (as making a new source requires on Apple platforms) is then left ignoring it for
/// good: the demo database's creation used to take the signals, give them back, and the
/// server's later sources never fired, so the first `sample serve` could only be killed.
///
/// | phase | on the first signal | on a second |
/// |---|---|---|
/// | ``Phase/stop`` (from the start) | exit with status 0, "stopped by the user", after `atexit` handlers (the terminal restored) | exit at once, 128 + the signal |
/// | ``Phase/removeFiles(_:note:)`` (creating a file) | delete the unfinished files, say so, exit at once with 128 + the signal | the same |
/// | ``Phase/call(_:)`` (a server stopping in order) | call the closure (it ends the process itself) | exit at once, 128 + the signal |
///
/// The handlers run on a queue of their own, never the main queue, so a signal is answered
/// while the main thread is busy (creating a database, loading a list, blocked in a write).
enum TerminationSignals {
    /// What the next signal does.
    enum Phase: Sendable {
        /// Exit with status 0 (``ExitStatus/success``), running `atexit` handlers.
        case stop
        /// A file is being created: remove these paths, write `note` on standard error and exit
        /// with 128 plus the signal.
        case removeFiles([String], note: String)
        /// Call this closure, which stops the program in order and exits.
        case call(@Sendable () -> Void)
    }

    private struct State: Sendable {
        var phase = Phase.stop
        var signalled = false
    }

    private static let state = LockedState(State())
    private static let queue = DispatchQueue(label: "sample: termination signals", qos: .userInteractive)
    nonisolated(unsafe) private static var sources: [any DispatchSourceProtocol] = []
    private static let numbers = [SIGINT, SIGTERM, SIGHUP]

    /// Takes over the signals; called once by `main` before any command runs. Main thread.
    static func install() {
        guard sources.isEmpty else { return }
        sources = numbers.map { number in
            // Apple platforms deliver to a signal source only if the default action is off;
            // on Linux libdispatch installs its own handler over this, once.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { received(number) }
            source.resume()
            return source
        }
    }

    /// Sets the phase until the next call; returns the one it replaces. Any thread.
    @discardableResult
    static func enter(_ phase: Phase) -> Phase {
        state.withLock { state in
            defer { state.phase = phase }
            return state.phase
        }
    }

    /// Runs `body` in `phase`, then returns to the phase before it.
    static func during<T, E: Error>(_ phase: Phase, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = enter(phase)
        defer { enter(previous) }
        return try body()
    }

    private static func received(_ number: Int32) {
        let (phase, again) = state.withLock { state in
            defer { state.signalled = true }
            return (state.phase, state.signalled)
        }
        switch phase {
        case .removeFiles(let files, let note):
            for file in files { unlink(file) }
            StandardStreams.error("\ninterrupted: \(note)")
            _exit(128 + number)                               // not exit(): the main thread is mid-write
        case _ where again:
            _exit(128 + number)
        case .stop:
            exit(ExitStatus.success.rawValue)
        case .call(let stop):
            stop()
        }
    }
}
