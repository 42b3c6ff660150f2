import Dispatch
import Foundation

/// Runs an input's asynchronous work from libFuzzer's synchronous callback, with a deadline.
///
/// libFuzzer's `-timeout` also catches a hang, but only as "timeout" with a stack of the
/// main thread, which is waiting here. Failing on our own deadline names the step that
/// hung (the last one `Progress.enter` recorded).
enum Deadline {
    /// Per input, under run.sh's `-timeout=20` (so this fires first and names the step).
    /// Every wait in a source is bounded by its busy timeout (0.1 s here): even a slow,
    /// loaded machine finishes an input in well under a second.
    static let seconds = 15.0

    static func run<T: Sendable>(_ progress: Progress, _ body: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.set(await body())
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            fatalError("sqlite-files: the input is still running after \(seconds) s, at: \(progress.current) (a hang)")
        }
        return box.take()!
    }

    /// The result of the detached task, handed to the waiting thread.
    private final class Box<T>: @unchecked Sendable {
        // @unchecked Sendable: `value` is only touched under `lock`.
        private let lock = NSLock()
        private var value: T?
        func set(_ newValue: T) { lock.withLock { value = newValue } }
        func take() -> T? { lock.withLock { value } }
    }
}

/// The step an input is at, for the deadline's message.
final class Progress: @unchecked Sendable {
    // @unchecked Sendable: `step` is only touched under `lock`.
    private let lock = NSLock()
    private var step = "start"

    func enter(_ step: String) { lock.withLock { self.step = step } }
    var current: String { lock.withLock { step } }
}
