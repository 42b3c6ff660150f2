import Foundation
@testable import ListAdapter
import ListAdapterTesting
import Testing

@Suite("Backoff")
struct BackoffTests {
    @Test func waitsDoubleFromTheInitialUpToTheMaximum() {
        let backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(1))
        let waits = (0 ... 7).map { backoff.delay(afterFailures: $0) }
        #expect(waits == [100, 100, 200, 400, 800, 1000, 1000, 1000].map { Duration.milliseconds($0) })
    }

    @Test func aLongRunOfFailuresNeitherOverflowsNorPassesTheMaximum() {
        let backoff = Backoff(initial: .nanoseconds(1), maximum: .seconds(30))
        #expect(backoff.delay(afterFailures: Int.max) == .seconds(30))
        #expect(backoff.delay(afterFailures: 1_000) == .seconds(30))
    }

    @Test func aMaximumBelowTheInitialCapsEveryWait() {
        let backoff = Backoff(initial: .seconds(2), maximum: .seconds(1))
        #expect(backoff.delay(afterFailures: 1) == .seconds(1))
        #expect(backoff.delay(afterFailures: 5) == .seconds(1))
    }

    @Test func jitterScalesEachWaitWithinItsRangeAndSpreadsThem() {
        let seed = UInt64.random(in: 0 ... .max)
        print("BackoffTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(5), jitter: 0.5 ... 1.0)
        for failures in 1 ... 10 {
            let plain = Backoff(initial: backoff.initial, maximum: backoff.maximum).delay(afterFailures: failures)
            let waits = (0 ..< 50).map { _ in backoff.delay(afterFailures: failures, using: &random) }
            for wait in waits {
                #expect(wait >= plain * 0.5 && wait <= plain, "failures \(failures): \(wait) outside \(plain * 0.5) ... \(plain)")
            }
            #expect(Set(waits).count > 1, "failures \(failures): 50 waits all \(waits[0]): no jitter")
        }
    }
}
