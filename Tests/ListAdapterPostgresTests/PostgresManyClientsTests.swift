#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import Testing

/// Several sources (each its own connections, as separate apps would have) follow one table
/// while another process commits: every one converges to the same list, the owned ones by
/// patches from the one change log they all installed at once.
@MainActor
@Suite("PostgreSQL source: many clients", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresManyClientsTests {
    @Test func everyClientConvergesToTheSameList() async throws {
        let fixture = try await PostgresFixture(rows: 500, queues: 9)
        defer { fixture.remove() }
        // Four owned clients installing the change log concurrently (an advisory lock
        // serialises them), two followers.
        let owned = try await withThrowingTaskGroup(of: PostgresFixture.Source.self) { group in
            for _ in 0 ..< 4 { group.addTask { try await fixture.source(access: .owned) } }
            var sources: [PostgresFixture.Source] = []
            for try await source in group { sources.append(source) }
            return sources
        }
        let followed = [try await fixture.source(access: .followed), try await fixture.source(access: .followed)]
        let sources = owned + followed
        let probes = sources.map { ListViewAdapterProbe(ListViewAdapter(source: $0)) }
        var truth = try await fixture.truth()
        for (index, probe) in probes.enumerated() {
            #expect(await probe.waitUntilShowing(truth), "client \(index) at start: \(probe.failures)")
        }
        for (round, commit) in PostgresChangeTests.commits.enumerated() {
            try await fixture.psql(commit(fixture.table))
            truth = try await fixture.truth()
            for (index, probe) in probes.enumerated() {
                #expect(await probe.waitUntilShowing(truth), "client \(index) after commit \(round): \(probe.failures)")
            }
        }
        for (index, source) in owned.enumerated() {
            #expect(source.statistics.patches > 0, "owned client \(index): \(source.statistics)")
        }
        for probe in probes { probe.cancel() }
        for source in sources { await source.close() }
    }
}
#endif
