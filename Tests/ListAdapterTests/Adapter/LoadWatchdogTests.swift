import Dispatch
@testable import ListAdapter
import Testing

/// The load timeout's one lazily armed timer: each load has its own deadline although a
/// stream of loads does not re-arm the timer.
@Suite("LoadWatchdog", .hangGuard)
struct LoadWatchdogTests {
    /// Load 1 starts, load 2 starts a little later: the timer armed for load 1's deadline
    /// finds load 2 running and in time, re-arms, and times out load 2 alone, no earlier
    /// than load 2's own deadline.
    @Test func aLaterLoadTimesOutAtItsOwnDeadlineAlone() async {
        let queue = DispatchQueue(label: "LoadWatchdogTests")
        let timeout = Duration.seconds(2)
        let watchdog = LoadWatchdog(queue: queue, timeout: timeout)
        let expired = Guarded<[(id: Int, at: ContinuousClock.Instant)]>([])
        let done = DispatchSemaphore(value: 0)
        watchdog.onExpiry { id in
            expired.withLock { $0.append((id, .now)) }
            done.signal()
        }
        queue.sync { watchdog.started(id: 1) }
        // Pacing the two starts apart (a tenth of the timeout), not synchronising.
        try? await Task.sleep(for: .milliseconds(200))
        let secondStart = queue.sync { () -> ContinuousClock.Instant in
            watchdog.started(id: 2)
            return .now
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = done.wait(timeout: .now() + 600)
                continuation.resume()
            }
        }
        let reported = expired.withLock { $0 }
        #expect(reported.map(\.id) == [2])
        if let first = reported.first {
            #expect(first.at - secondStart >= timeout)
        }
        queue.sync { watchdog.cancel() }
    }

    /// A timeout too long for Dispatch arms nothing, and nothing expires.
    @Test func anEndlessTimeoutArmsNothing() {
        let queue = DispatchQueue(label: "LoadWatchdogTests.endless")
        let watchdog = LoadWatchdog(queue: queue, timeout: .seconds(Int64.max))
        let expired = Guarded(0)
        watchdog.onExpiry { _ in expired.withLock { $0 += 1 } }
        queue.sync { watchdog.started(id: 1) }
        queue.sync {}
        #expect(expired.withLock { $0 } == 0)
    }
}
