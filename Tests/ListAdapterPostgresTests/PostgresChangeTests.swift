#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import Testing

/// Commits by another process (`psql`) reach a real adapter as batches the reference views
/// accept, and the list they show equals a plain SELECT after each commit.
@MainActor
@Suite("PostgreSQL source: following changes", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresChangeTests {
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Ticket>

    /// A source of `access` on `fixture`, an adapter over it and a probe of the adapter,
    /// once the probe shows the server's list.
    func showing(_ fixture: PostgresFixture, access: ListSourceAccess) async throws -> (PostgresFixture.Source, ListViewAdapter<Int64, Int64, Ticket>, Probe) {
        let source = try await fixture.source(access: access)
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        return (source, adapter, probe)
    }

    /// Inserts, updates (summaries, sections, identifiers), deletes, rows moving to new and
    /// emptied sections: each commit's list is the truth, reached by patches.
    static let commits: [(String) -> String] = [
        { "INSERT INTO \($0) VALUES (10001, 'queue 2', 1, 'new')" },
        { "UPDATE \($0) SET version = version + 1 WHERE id % 13 = 0" },
        { "UPDATE \($0) SET queue = 'queue 4' WHERE id IN (3, 8, 21)" },
        { "DELETE FROM \($0) WHERE id % 17 = 1" },
        { "UPDATE \($0) SET queue = 'a brand new queue' WHERE id = 5" },
        { "UPDATE \($0) SET id = 20000 WHERE id = 7" },
        { "UPDATE \($0) SET queue = NULL WHERE id BETWEEN 30 AND 40" },
        { "DELETE FROM \($0) WHERE queue = 'queue 0'" },
        { "INSERT INTO \($0) SELECT g, 'queue 0', 1, 'back' FROM generate_series(30001, 30020) AS g" },
        { "BEGIN; UPDATE \($0) SET version = 99 WHERE id = 2; DELETE FROM \($0) WHERE id = 4; INSERT INTO \($0) VALUES (4, 'queue 3', 1, 'again'); COMMIT" },
    ]

    @Test func anOwnedSourcePatchesEveryCommitOfAnotherProcess() async throws {
        let fixture = try await PostgresFixture(rows: 300, queues: 5)
        defer { fixture.remove() }
        let source = try await fixture.source(access: .owned)
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        for (index, commit) in Self.commits.enumerated() {
            try await fixture.psql(commit(fixture.table))
            let truth = try await fixture.truth()
            #expect(await probe.waitUntilShowing(truth), "commit \(index): \(probe.failures)")
        }
        let statistics = source.statistics
        #expect(statistics.fallbacks == 0, "\(String(describing: statistics.lastFallbackReason))")
        #expect(statistics.patches >= Self.commits.count / 2, "\(statistics)")
        #expect(statistics.fullLoads == 1, "\(statistics)")
        #expect(probe.failures.isEmpty)
        probe.cancel()
        await source.close()
    }

    /// A column the list reads (the summary) changes type after the patch statements were prepared: the
    /// next patch finds its plan stale ("cached plan must not change result type"), the list
    /// is rescanned, and the patches after it prepare afresh.
    @Test func aColumnThatChangesTypeIsLoadedByARescanAndPatchesResume() async throws {
        let fixture = try await PostgresFixture(rows: 50)
        defer { fixture.remove() }
        let (source, _, probe) = try await showing(fixture, access: .owned)
        try await fixture.psql("UPDATE \(fixture.table) SET queue = 'queue 3' WHERE id = 1")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        #expect(source.statistics.patches >= 1)
        try await fixture.psql("ALTER TABLE \(fixture.table) ALTER COLUMN version TYPE integer")
        try await fixture.psql("UPDATE \(fixture.table) SET queue = 'queue 1' WHERE id = 2")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        #expect(source.statistics.lastFallbackReason?.hasPrefix("the table changed shape") == true, "\(source.statistics)")
        let patches = source.statistics.patches
        try await fixture.psql("UPDATE \(fixture.table) SET queue = 'queue 2' WHERE id = 3")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        #expect(source.statistics.patches > patches, "\(source.statistics)")
        #expect(probe.failures.isEmpty)
        probe.cancel()
        await source.close()
    }

    @Test func aTruncateIsLoadedByARescan() async throws {
        let fixture = try await PostgresFixture(rows: 50)
        defer { fixture.remove() }
        let (source, _, probe) = try await showing(fixture, access: .owned)
        try await fixture.psql("TRUNCATE \(fixture.table)")
        #expect(await probe.waitUntilShowing(ListSnapshot()), "\(probe.failures)")
        #expect(source.statistics.lastFallbackReason == "the table was truncated")
        try await fixture.psql("INSERT INTO \(fixture.table) VALUES (1, 'q', 1, 'one')")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        probe.cancel()
        await source.close()
    }

    @Test func aFollowedSourceNoticesCommitsByItsStatisticsAndRescans() async throws {
        let fixture = try await PostgresFixture(rows: 100)
        defer { fixture.remove() }
        let (source, _, probe) = try await showing(fixture, access: .followed)
        for (index, commit) in Self.commits.prefix(4).enumerated() {
            try await fixture.psql(commit(fixture.table))
            #expect(await probe.waitUntilShowing(try await fixture.truth()), "commit \(index): \(probe.failures)")
        }
        #expect(source.statistics.patches == 0)
        probe.cancel()
        await source.close()
    }

    @Test func aFollowedSourceNoticesATruncateThatMovesNoStatisticsCounter() async throws {
        // A TRUNCATE changes none of pg_stat_user_tables' row counts (the soak's finding):
        // the poll also compares the table's file node, which a truncate replaces.
        let fixture = try await PostgresFixture(rows: 50)
        defer { fixture.remove() }
        let (source, adapter, probe) = try await showing(fixture, access: .followed)
        try await fixture.psql("TRUNCATE \(fixture.table)")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        #expect(adapter.snapshot.count == 0)
        probe.cancel()
        await source.close()
    }

    @Test func aFollowedSourceNeverCreatesAnythingOnTheServer() async throws {
        let fixture = try await PostgresFixture(rows: 10)
        defer { fixture.remove() }
        let source = try await fixture.source(access: .followed)
        await #expect(throws: PostgresSourceError.self) { try await source.installChangeLog() }
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        #expect(await probe.waitUntilShowing(try await fixture.truth()))
        let created = try await fixture.withConnection { [table = fixture.table] connection in
            var count: Int64 = -1
            for try await value in try await connection.query(
                "SELECT count(*) FROM pg_class WHERE relname LIKE \("listadapter_log_" + table + "%") UNION ALL SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass(\(table))",
                logger: connection.logger
            ).decode(Int64.self) { count = max(count, value) }
            return count
        }
        #expect(created == 0, "no log table, no trigger")
        probe.cancel()
        await source.close()
    }
}
#endif
