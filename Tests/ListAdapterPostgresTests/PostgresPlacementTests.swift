#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import PostgresNIO
import Testing

/// The patch path's placement against a real server, seeded: rows moved to other sections
/// (existing, new, emptied, NULL), within their section (by a summary in the order),
/// inserted, deleted and renumbered,
/// one to five at a time by another connection; after each commit the patched list must
/// equal a plain SELECT, with no fallback to a rescan. The first round trip of a row that
/// changed section searches its new section's rows (with the rows just outside them), so
/// this checks that search against the server's own order.
@Suite("PostgreSQL source: placing touched rows", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .timeLimit(.minutes(5)))
struct PostgresPlacementTests {
    @Test(arguments: [1, 2, 3])
    func patchedListsEqualTheServersAfterRandomCommits(seed: UInt64) async throws {
        print("PostgresPlacementTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let fixture = try await PostgresFixture(rows: 400, queues: 7)
        defer { fixture.remove() }
        try await fixture.psql("UPDATE \(fixture.table) SET version = id * 10")
        var options = PostgresFixture.fastOptions
        options.placementFanOut = 4 + Int(seed)        // several rounds inside a section, too
        // The order moves rows within their section too (a summary change), puts the NULL
        // section first, and sorts a column DESC: the server's comparisons, not ours.
        let order = "queue NULLS FIRST, version DESC"
        let query = PostgresListQuery(table: fixture.table, identifier: "id", section: "queue", summary: "version", order: order)
        let source = try await PostgresFixture.Source(server: fixture.server, query: query, access: .owned, options: options)
        let truth: @Sendable () async throws -> ListSnapshot<Int64, Int64> = {
            try await fixture.withConnection { connection in
                var entries: [ListEntry<Int64, Int64>] = []
                let sql = "SELECT id, queue, version FROM \(fixture.table) ORDER BY \(order), id"
                for try await (id, queue, version) in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: connection.logger).decode((Int64, String?, Int64).self) {
                    entries.append(ListEntry(id: id, section: queue, summary: version))
                }
                return ListSnapshot(entries)
            }
        }
        var list = try await source.loadBaseline()
        #expect(list == (try await truth()))
        let queues = ["'queue 0'", "'queue 3'", "'queue 6'", "'a new queue'", "'zz last'", "NULL", "'queue 1'"]
        var nextID = 10_000
        for step in 0 ..< 40 {
            var statements: [String] = []
            for _ in 0 ..< 1 + Int(random.next() % 5) {
                let id = 1 + Int(random.next() % 400)
                switch random.next() % 6 {
                case 0, 1: statements.append("UPDATE \(fixture.table) SET queue = \(queues[Int(random.next() % UInt64(queues.count))]) WHERE id = \(id)")
                case 2:
                    // Up or down its section by none, one or two rows (a section's versions
                    // start 70 apart).
                    statements.append("UPDATE \(fixture.table) SET version = version + \(Int(random.next() % 301) - 150) WHERE id = \(id)")
                case 3:
                    nextID += 1
                    statements.append("INSERT INTO \(fixture.table) VALUES (\(nextID), \(queues[Int(random.next() % UInt64(queues.count))]), 1, 'new')")
                case 4: statements.append("DELETE FROM \(fixture.table) WHERE id = \(id)")
                default:
                    nextID += 1
                    statements.append("UPDATE \(fixture.table) SET id = \(nextID) WHERE id = \(id)")
                }
            }
            let sql = "BEGIN; " + statements.joined(separator: "; ") + "; COMMIT"
            try await fixture.withConnection { [statements] connection in
                _ = try await connection.query(PostgresQuery(unsafeSQL: "BEGIN"), logger: connection.logger).collect()
                for statement in statements {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: connection.logger).collect()
                }
                _ = try await connection.query(PostgresQuery(unsafeSQL: "COMMIT"), logger: connection.logger).collect()
            }
            let expected = try await truth()
            let patch = try await source.loadChanges(since: list)
            let reason = source.statistics.lastFallbackReason ?? "none"
            guard let patch, let patched = list.applying(patch) else {
                Issue.record("seed \(seed) step \(step): no patch (\(reason)) for \(sql)")
                list = try await source.loadBaseline()
                continue
            }
            #expect(patched.snapshot == expected, "seed \(seed) step \(step): \(sql)")
            list = patched.snapshot
        }
        #expect(source.statistics.fallbacks == 0, "\(source.statistics)")
        await source.close()
    }
}
#endif
