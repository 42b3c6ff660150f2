@testable import ListAdapter
import Testing

@Suite("LoadCycle state machine")
struct LoadCycleTests {
    @Test func anIdleInvalidationLoadsAtOnce() {
        var cycle = LoadCycle()
        #expect(cycle.invalidate() == .startLoad(id: 1))
        #expect(cycle.finish(id: 1) == .accept(then: .none))
        #expect(cycle.phase == .idle)
    }

    @Test func aBurstDuringALoadCostsOneMoreLoadAfterCooling() {
        var cycle = LoadCycle()
        #expect(cycle.invalidate() == .startLoad(id: 1))
        for _ in 0 ..< 10_000 { #expect(cycle.invalidate() == .none) }
        #expect(cycle.finish(id: 1) == .accept(then: .scheduleCoolingEnd(id: 2, round: 0)))
        for _ in 0 ..< 10_000 { #expect(cycle.invalidate() == .none) }
        #expect(cycle.coolingEnded(id: 2) == .startLoad(id: 3))
        // The burst is over, but that is known only after a quiet period.
        #expect(cycle.finish(id: 3) == .accept(then: .scheduleCoolingEnd(id: 4, round: 1)))
        #expect(cycle.phase == .settling(id: 4))
        #expect(cycle.coolingEnded(id: 4) == .none)
        #expect(cycle.phase == .idle)
        #expect(cycle.stormRound == 0)
    }

    @Test func aLastingStormCoolsLongerEachRoundUntilTheSourceIsQuiet() {
        var cycle = LoadCycle()
        #expect(cycle.invalidate() == .startLoad(id: 1))
        _ = cycle.invalidate()
        #expect(cycle.finish(id: 1) == .accept(then: .scheduleCoolingEnd(id: 2, round: 0)))
        #expect(cycle.coolingEnded(id: 2) == .startLoad(id: 3))
        // Load 3 happens to finish between two invalidations of the storm: settling…
        #expect(cycle.finish(id: 3) == .accept(then: .scheduleCoolingEnd(id: 4, round: 1)))
        // …and the storm goes on: served when the (longer) period ends, not at once.
        #expect(cycle.invalidate() == .none)
        #expect(cycle.phase == .cooling(id: 4))
        #expect(cycle.coolingEnded(id: 4) == .startLoad(id: 5))
        _ = cycle.invalidate()
        #expect(cycle.finish(id: 5) == .accept(then: .scheduleCoolingEnd(id: 6, round: 2)))
        #expect(cycle.coolingEnded(id: 6) == .startLoad(id: 7))
        #expect(cycle.finish(id: 7) == .accept(then: .scheduleCoolingEnd(id: 8, round: 3)))
        #expect(cycle.coolingEnded(id: 8) == .none)        // quiet for a whole period: over
        #expect(cycle.stormRound == 0)
        // An isolated change loads at once again.
        #expect(cycle.invalidate() == .startLoad(id: 9))
        #expect(cycle.finish(id: 9) == .accept(then: .none))
    }

    @Test func withoutCoalescingAPendingInvalidationLoadsRightAfter() {
        var cycle = LoadCycle(coalescesStorms: false)
        _ = cycle.invalidate()
        _ = cycle.invalidate()
        #expect(cycle.finish(id: 1) == .accept(then: .startLoad(id: 2)))
    }

    @Test func staleOutcomesAndTimersAreIgnored() {
        var cycle = LoadCycle()
        _ = cycle.invalidate()                                  // load 1
        #expect(cycle.restart() == .startLoad(id: 2))            // a transition abandons it
        #expect(cycle.finish(id: 1) == .ignore)                  // its late result
        _ = cycle.invalidate()
        #expect(cycle.finish(id: 2) == .accept(then: .scheduleCoolingEnd(id: 3, round: 0)))
        #expect(cycle.restart() == .startLoad(id: 4))            // a transition during cooling
        #expect(cycle.coolingEnded(id: 3) == .none)              // the old timer does nothing
        #expect(cycle.phase == .loading(id: 4, pending: false))
        #expect(cycle.finish(id: 4) == .accept(then: .none))  // a transition also ends the storm
    }

    @Test func aTimedOutLoadsLateResultIsUsedUntilAnotherLoadStarts() {
        var cycle = LoadCycle()
        _ = cycle.invalidate()                                   // load 1
        #expect(cycle.timeOut(id: 1) == .accept(then: .none))    // reported as a failure
        #expect(cycle.phase == .idle)
        #expect(cycle.finish(id: 1) == .accept(then: .none))     // late, but the newest word
        #expect(cycle.finish(id: 1) == .ignore)                  // once
        #expect(cycle.overdue == nil)
        // Another load supersedes an overdue one.
        #expect(cycle.invalidate() == .startLoad(id: 2))
        #expect(cycle.timeOut(id: 2) == .accept(then: .none))
        #expect(cycle.invalidate() == .startLoad(id: 3))
        #expect(cycle.finish(id: 2) == .ignore)
        #expect(cycle.finish(id: 3) == .accept(then: .none))
        // A timeout after the load finished does nothing.
        #expect(cycle.timeOut(id: 3) == .ignore)
        // An overdue load during a storm's cooling is used; cooling still loads again.
        _ = cycle.invalidate()                                   // load 4
        _ = cycle.invalidate()
        #expect(cycle.timeOut(id: 4) == .accept(then: .scheduleCoolingEnd(id: 5, round: 0)))
        #expect(cycle.finish(id: 4) == .accept(then: .none))
        #expect(cycle.phase == .cooling(id: 5))
        #expect(cycle.coolingEnded(id: 5) == .startLoad(id: 6))
        // A transition abandons an overdue load of the old source.
        #expect(cycle.timeOut(id: 6) == .accept(then: .scheduleCoolingEnd(id: 7, round: 1)))
        #expect(cycle.restart() == .startLoad(id: 8))
        #expect(cycle.finish(id: 6) == .ignore)
        // Without coalescing, a timeout with an invalidation pending loads again at once.
        var plain = LoadCycle(coalescesStorms: false)
        _ = plain.invalidate()
        _ = plain.invalidate()
        #expect(plain.timeOut(id: 1) == .accept(then: .startLoad(id: 2)))
        #expect(plain.finish(id: 1) == .ignore)
    }

    @Test func coolingAlwaysEndsInALoadAndLateTimersAreIgnored() {
        var cycle = LoadCycle()
        _ = cycle.invalidate()
        _ = cycle.invalidate()
        _ = cycle.finish(id: 1)
        // The pending invalidation is served at the end of cooling even if nothing else came.
        #expect(cycle.coolingEnded(id: 2) == .startLoad(id: 3))
        #expect(cycle.finish(id: 3) == .accept(then: .scheduleCoolingEnd(id: 4, round: 1)))
        #expect(cycle.coolingEnded(id: 2) == .none)            // a late timer does nothing
        #expect(cycle.phase == .settling(id: 4))
        #expect(cycle.coolingEnded(id: 4) == .none)
        #expect(cycle.phase == .idle)
    }

    @Test func theCoolingIntervalDoublesUpToItsMaximum() {
        var configuration = ListViewAdapterConfiguration()
        configuration.coalescingInterval = .milliseconds(300)
        configuration.maximumCoalescingInterval = .seconds(1)
        #expect((0 ..< 4).map(configuration.coolingInterval(round:)) == [.milliseconds(300), .milliseconds(600), .seconds(1), .seconds(1)])
        configuration.maximumCoalescingInterval = .zero       // no growth
        #expect(configuration.coolingInterval(round: 5) == .milliseconds(300))
    }
}
