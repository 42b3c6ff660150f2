#if PostgreSQL
@testable import ListAdapterPostgres
import Testing

/// The watch's lifecycle as loads see it (no server needed): a load waits for a starting
/// watch, a load while nothing watches is remembered until the watch watches, and a stopped
/// watch's late word changes nothing.
///
/// The time limit only guards against a hang: CI's thread-sanitizer run, beside the
/// PostgreSQL suites (whose `psql` calls hold cooperative threads while they wait), had these
/// wait 150 s for a thread to run on, past a one-minute limit.
@Suite("PostgreSQL source: the watch's readiness", .hangGuard)
struct WatchReadinessTests {
    @Test func aLoadWaitsForAStartingWatchAndIsNotAtRisk() async {
        let readiness = WatchReadiness()
        let generation = readiness.starting()
        async let load: Void = readiness.loadStarting(waitingAtMost: .seconds(600))
        // The load is let go by the watch, not by its limit (the suite's limit bounds a hang).
        while readiness.waitingLoads == 0 { await Task.yield() }
        #expect(readiness.watching(generation: generation) == false, "the load waited, so its snapshot follows the watch")
        await load
        #expect(readiness.phase == .watching(generation: generation))
    }

    @Test func aLoadWhileNothingWatchesIsRememberedOnce() async {
        let readiness = WatchReadiness()
        await readiness.loadStarting(waitingAtMost: .seconds(600))     // before any attach: at once
        let generation = readiness.starting()
        #expect(readiness.watching(generation: generation) == true)
        readiness.stopped(generation: generation)                       // the connection failed
        let again = readiness.starting()
        #expect(readiness.watching(generation: again) == false, "remembered once, cleared when watched")
    }

    @Test func aLoadPastItsLimitGoesAndIsRemembered() async {
        let readiness = WatchReadiness()
        let generation = readiness.starting()
        await readiness.loadStarting(waitingAtMost: .zero)
        #expect(readiness.watching(generation: generation) == true)
    }

    @Test func aStoppedWatchLetsWaitingLoadsGoAndItsLateWordIsIgnored() async {
        let readiness = WatchReadiness()
        let old = readiness.starting()
        async let load: Void = readiness.loadStarting(waitingAtMost: .seconds(600))
        while readiness.waitingLoads == 0 { await Task.yield() }
        readiness.stopped(generation: old)
        await load
        let current = readiness.starting()
        #expect(readiness.watching(generation: old) == false)
        #expect(readiness.phase == .starting(generation: current), "a stopped watch's word is ignored")
        #expect(readiness.watching(generation: current) == true, "the load went while nothing watched")
    }

    @Test func aWatchWithNothingToWatchHoldsNoLoad() async {
        let readiness = WatchReadiness()
        readiness.watchingNothing(generation: readiness.starting())
        await readiness.loadStarting(waitingAtMost: .seconds(600))
        #expect(readiness.phase == .watchingNothing)
    }
}
#endif
