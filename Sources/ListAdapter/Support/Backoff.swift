/// Waits between retries that double after each failure, from ``initial`` up to
/// ``maximum``, each multiplied by a factor drawn from ``jitter`` so that many clients that
/// failed together do not retry together.
///
/// The package's one backoff: the PostgreSQL source's watch and load retries, the remote
/// source's reconnects and the feed's reads use it, each with its own durations.
///
/// Thread safety: a value type; use it on any queue.
package struct Backoff: Sendable, Hashable {
    /// The wait after the first failure.
    package var initial: Duration
    /// The longest wait (before jitter); a maximum below ``initial`` caps every wait, the
    /// first too.
    package var maximum: Duration
    /// The range the random factor each wait is multiplied by is drawn from; `1 ... 1`, no
    /// jitter.
    package var jitter: ClosedRange<Double>

    /// - Parameters:
    ///   - initial: the wait after the first failure.
    ///   - maximum: the longest wait before jitter, even below `initial`.
    ///   - jitter: the range of the random factor applied to each wait; none by default.
    package init(initial: Duration, maximum: Duration, jitter: ClosedRange<Double> = 1 ... 1) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The wait after `failures` failures in a row: ``initial`` after the first (and for 0
    /// or fewer), doubling with each further one up to ``maximum``, times a factor drawn from
    /// ``jitter``.
    ///
    /// - Parameters:
    ///   - failures: the failures in a row so far, the one just seen included.
    ///   - generator: the source of the jitter's randomness.
    /// - Returns: how long to wait before the next attempt.
    package func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        var wait = initial
        var doublings = max(failures - 1, 0)
        while doublings > 0, wait < maximum {
            wait = wait * 2
            doublings -= 1
        }
        wait = min(wait, maximum)
        guard jitter != 1 ... 1 else { return wait }
        return wait * Double.random(in: jitter, using: &generator)
    }

    /// ``delay(afterFailures:using:)`` with the system's random numbers.
    ///
    /// - Parameter failures: the failures in a row so far, the one just seen included.
    /// - Returns: how long to wait before the next attempt.
    package func delay(afterFailures failures: Int) -> Duration {
        var generator = SystemRandomNumberGenerator()
        return delay(afterFailures: failures, using: &generator)
    }
}
