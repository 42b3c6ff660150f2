import Dispatch
import Foundation

/// A line on standard error that counts the seconds of a step with no measurable
/// progress, `LABEL… 3 s`, redrawn every half second on a terminal (else printed once),
/// and ends with `LABEL: done in 3.2 s`.
final class ElapsedTicker: @unchecked Sendable {
    // @unchecked Sendable: `timer` is set in init only; `finished` is guarded by `lock`,
    // which every write takes, so no tick is written after the last line.
    private let label: String
    private let start = ContinuousClock.now
    private let timer: (any DispatchSourceTimer)?
    private let lock = NSLock()
    private var finished = false

    init(label: String) {
        self.label = label
        let isTerminal = isatty(STDERR_FILENO) == 1
        Self.write(label + "…" + (isTerminal ? "" : "\n"))
        guard isTerminal else {
            timer = nil
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        self.timer = timer
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
    }

    private func tick() {
        lock.withLock {
            if !finished { Self.write("\r\(label)… \((ContinuousClock.now - start).components.seconds) s") }
        }
    }

    /// Stops counting and prints how long the step took.
    func finish() {
        timer?.cancel()
        lock.withLock {
            finished = true
            Self.write("\r\(label): done in \(Wording.duration(ContinuousClock.now - start))\n")
        }
    }

    private static func write(_ text: String) {
        StandardStreams.errorRaw(text)
    }
}
