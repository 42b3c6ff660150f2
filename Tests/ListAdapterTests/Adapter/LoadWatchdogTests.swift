import Dispatch
@testable import ListAdapter
import Testing

/// The deadlines behind the load timeout's one lazily armed timer: each load runs out of
/// time at its own deadline although a stream of loads does not re-arm the timer.
@Suite("LoadDeadlines")
struct LoadWatchdogTests {
    static func at(_ seconds: UInt64) -> DispatchTime { DispatchTime(uptimeNanoseconds: 1_000_000_000 + seconds * 1_000_000_000) }

    /// Load 1 starts at 0 (timeout 10), load 2 at 4: the timer armed for 10 finds load 2
    /// in time and re-arms for 14, where load 2 alone runs out.
    @Test func aLaterLoadRunsOutAtItsOwnDeadlineAlone() {
        var deadlines = LoadDeadlines()
        #expect(deadlines.started(id: 1, deadline: Self.at(10)) == Self.at(10))
        #expect(deadlines.started(id: 2, deadline: Self.at(14)) == nil)
        #expect(deadlines.fired(now: Self.at(10)) == .rearm(Self.at(14)))
        #expect(deadlines.fired(now: Self.at(14)) == .expired(2))
        #expect(deadlines.armedFor == nil)
        #expect(deadlines.fired(now: Self.at(20)) == .none)
    }

    /// A load that runs out while no other started is reported once; the next load arms
    /// the timer again.
    @Test func aLoneLoadRunsOutOnceAndTheNextArmsAgain() {
        var deadlines = LoadDeadlines()
        #expect(deadlines.started(id: 1, deadline: Self.at(10)) == Self.at(10))
        #expect(deadlines.fired(now: Self.at(10)) == .expired(1))
        #expect(deadlines.running == nil)
        #expect(deadlines.started(id: 2, deadline: Self.at(30)) == Self.at(30))
    }

    /// A timer that fires late (a busy machine) still reports the load that ran out, not
    /// one started after.
    @Test func aLateFiringReportsTheLoadRunningThen() {
        var deadlines = LoadDeadlines()
        _ = deadlines.started(id: 1, deadline: Self.at(10))
        _ = deadlines.started(id: 2, deadline: Self.at(12))
        #expect(deadlines.fired(now: Self.at(13)) == .expired(2))
    }
}
