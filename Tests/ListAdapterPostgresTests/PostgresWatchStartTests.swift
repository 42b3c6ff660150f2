#if PostgreSQL
import Foundation
@testable import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import Testing

/// A commit between a source's load and the moment its watch starts watching (`LISTEN`
/// confirmed, or the first poll read) must not go unseen (the soak's finding: an adapter
/// that came back to a source showed a list five rows stale for good); and the adapter's
/// first load, which waits for the watch, costs no second one (the bench's finding: a
/// reload at every attach began a storm, and later commits were coalesced: 6 ms to 22 ms).
@Suite("PostgreSQL source: the watch's start", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresWatchStartTests {
    /// Counts invalidations and lets a test wait for the first.
    final class Target: InvalidationTarget, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func sourceDidInvalidate(generation: Int) {
            let waiting = lock.withLock {
                count += 1
                defer { waiters = [] }
                return waiters
            }
            for waiter in waiting { waiter.resume() }
        }

        func isCurrentSource(generation: Int) -> Bool { true }

        /// Returns once the source has invalidated at least once (the suite's time limit
        /// bounds a source that never does).
        func waitForAnInvalidation() async {
            await withCheckedContinuation { continuation in
                let now = lock.withLock {
                    if count > 0 { return true }
                    waiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    @Test(arguments: [ListSourceAccess.owned, .followed])
    func aCommitBetweenTheLoadAndTheWatchIsSeen(access: ListSourceAccess) async throws {
        let fixture = try await PostgresFixture(rows: 20)
        defer { fixture.remove() }
        let source = try await fixture.source(access: access)
        let loaded = access == .owned ? try await source.loadBaseline() : try await source.loadEntries()
        try await fixture.psql("UPDATE \(fixture.table) SET version = version + 1 WHERE id = 3")
        let target = Target()
        source.attach(ListInvalidation(target: target, sourceGeneration: 0))
        await target.waitForAnInvalidation()
        #expect(loaded != (try await fixture.truth()), "the commit changed the list the source loaded")
        source.detach()
        await source.close()
    }

    /// An owned source attached by an adapter: its first load waits for `LISTEN`, so the
    /// watch has no reason to reload once it listens; the adapter is idle, not coalescing a
    /// storm, after its first delivery, and a commit then is one patch.
    @MainActor
    @Test func theFirstLoadWaitsForTheWatchAndCostsNoSecond() async throws {
        let fixture = try await PostgresFixture(rows: 2_000)
        defer { fixture.remove() }
        let source = try await fixture.source(access: .owned)
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe<Int64, Int64, Ticket>(adapter)
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        let (phase, round) = adapter.queue.sync { (adapter.core.cycle.phase, adapter.core.cycle.stormRound) }
        #expect(phase == .idle, "an invalidation arrived during the first load")
        #expect(round == 0, "a storm began at the first load")
        #expect(source.statistics.fullLoads == 1 && source.statistics.patches == 0, "\(source.statistics)")
        try await fixture.psql("UPDATE \(fixture.table) SET version = version + 1 WHERE id = 3")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        #expect(source.statistics.fullLoads == 1 && source.statistics.patches == 1, "\(source.statistics)")
        probe.cancel()
        await source.close()
    }
}
#endif
