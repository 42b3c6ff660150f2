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
        #expect(cycle.finish(id: 1) == .accept(then: .scheduleCoolingEnd(id: 2)))
        for _ in 0 ..< 10_000 { #expect(cycle.invalidate() == .none) }
        #expect(cycle.coolingEnded(id: 2) == .startLoad(id: 3))
        #expect(cycle.finish(id: 3) == .accept(then: .none))
        #expect(cycle.phase == .idle)
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
        #expect(cycle.finish(id: 2) == .accept(then: .scheduleCoolingEnd(id: 3)))
        #expect(cycle.restart() == .startLoad(id: 4))            // a transition during cooling
        #expect(cycle.coolingEnded(id: 3) == .none)              // the old timer does nothing
        #expect(cycle.phase == .loading(id: 4, pending: false))
        #expect(cycle.finish(id: 4) == .accept(then: .none))
    }

    @Test func coolingWithNothingPendingReturnsToIdle() {
        var cycle = LoadCycle()
        _ = cycle.invalidate()
        _ = cycle.invalidate()
        _ = cycle.finish(id: 1)
        // The pending invalidation is served at the end of cooling even if nothing else came.
        #expect(cycle.coolingEnded(id: 2) == .startLoad(id: 3))
        #expect(cycle.finish(id: 3) == .accept(then: .none))
        #expect(cycle.coolingEnded(id: 2) == .none)
        #expect(cycle.phase == .idle)
    }
}
