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
        #expect(cycle.finish(id: 3) == .accept(then: .none))
        #expect(cycle.phase == .idle)
    }

    @Test func aLastingStormCoolsLongerEachRoundUntilTheSourceIsQuiet() {
        var cycle = LoadCycle()
        #expect(cycle.invalidate() == .startLoad(id: 1))
        var id = 1
        for round in 0 ..< 4 {
            _ = cycle.invalidate()                              // still storming while load `id` runs
            #expect(cycle.finish(id: id) == .accept(then: .scheduleCoolingEnd(id: id + 1, round: round)))
            #expect(cycle.coolingEnded(id: id + 1) == .startLoad(id: id + 2))
            id += 2
        }
        #expect(cycle.finish(id: id) == .accept(then: .none))  // quiet: the storm is over
        #expect(cycle.stormRound == 0)
        _ = cycle.invalidate()
        _ = cycle.invalidate()
        #expect(cycle.finish(id: id + 1) == .accept(then: .scheduleCoolingEnd(id: id + 2, round: 0)))
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
        #expect(cycle.finish(id: 4) == .accept(then: .none))
    }

    @Test func coolingAlwaysEndsInALoadAndLateTimersAreIgnored() {
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

    @Test func theCoolingIntervalDoublesUpToItsMaximum() {
        var configuration = ListViewAdapterConfiguration()
        configuration.coalescingInterval = .milliseconds(300)
        configuration.maximumCoalescingInterval = .seconds(1)
        #expect((0 ..< 4).map(configuration.coolingInterval(round:)) == [.milliseconds(300), .milliseconds(600), .seconds(1), .seconds(1)])
        configuration.maximumCoalescingInterval = .zero       // no growth
        #expect(configuration.coolingInterval(round: 5) == .milliseconds(300))
    }
}
