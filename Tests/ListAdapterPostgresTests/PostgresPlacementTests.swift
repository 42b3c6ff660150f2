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
@Suite("PostgreSQL source: placing touched rows", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresPlacementTests {
    ///
    /// Two orders: one the server's comparisons alone can place (a section first with its
    /// NULLs, a column `DESC`), searched for; and plain ascending columns, read in one
    /// statement with each row's predecessor (``PostgresSourceStatistics/directPatches``),
    /// where a row of the NULL section still takes the search.
    @Test(arguments: [1, 2, 3], ["queue NULLS FIRST, version DESC", "queue, version"])
    func patchedListsEqualTheServersAfterRandomCommits(seed: UInt64, order: String) async throws {
        print("PostgresPlacementTests seed \(seed), order \(order)")
        var random = SeededGenerator(seed: seed)
        let fixture = try await PostgresFixture(rows: 400, queues: 7)
        defer { fixture.remove() }
        try await fixture.psql("UPDATE \(fixture.table) SET version = id * 10; CREATE INDEX ON \(fixture.table) (queue, version)")
        var options = PostgresFixture.fastOptions
        options.placementFanOut = 4 + Int(seed)        // several rounds inside a section, too
        // The order moves rows within their section too (a summary change); the first puts
        // the NULL section first and sorts a column DESC: the server's comparisons, not ours.
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
        // The plain order reads most patches in one statement (a commit that touches a row
        // of the NULL section searches); the other never does.
        let direct = source.statistics.directPatches
        #expect(order.contains("DESC") ? direct == 0 : direct >= source.statistics.patches / 2, "\(source.statistics)")
        await source.close()
    }

    /// Plain ascending columns with no index that leads with them (the fixture's leads
    /// with `queue, id`): each predecessor would
    /// be a scan of the table, so patches search for their rows' places (reading by the
    /// identifier's index). With the index, a new source reads them in one statement.
    @Test func anOrderWithoutAnIndexIsSearchedNotReadInOneStatement() async throws {
        let fixture = try await PostgresFixture(rows: 200, queues: 4)
        defer { fixture.remove() }
        let query = PostgresListQuery(table: fixture.table, identifier: "id", section: "queue", summary: "version", order: "queue, subject")
        // A descending index and one in another collation do not serve the lookups.
        try await fixture.psql("CREATE INDEX ON \(fixture.table) (queue DESC, subject); CREATE INDEX ON \(fixture.table) (queue, subject COLLATE \"C\")")
        for indexed in [false, true] {
            if indexed { try await fixture.psql("CREATE INDEX ON \(fixture.table) (queue, subject)") }
            let source = try await PostgresFixture.Source(server: fixture.server, query: query, access: .owned, options: PostgresFixture.fastOptions)
            var list = try await source.loadBaseline()
            for step in 0 ..< 3 {
                try await fixture.psql("UPDATE \(fixture.table) SET subject = 'Subject \(step)x', version = version + 1 WHERE id = \(10 + step)")
                let patch = try #require(try await source.loadChanges(since: list), "indexed \(indexed) step \(step): \(source.statistics)")
                list = try #require(list.applying(patch)?.snapshot)
                #expect(list == (try await source.loadEntries()), "indexed \(indexed) step \(step)")
            }
            #expect(source.statistics.directPatches == (indexed ? 3 : 0), "indexed \(indexed): \(source.statistics)")
            await source.close()
        }
    }

    /// More log entries than `incrementalRowLimit` past the cursor: the one-statement read
    /// leaves rows and predecessors unread (a count, not a lookup per entry). One row written
    /// twelve times under a limit of 5 is then searched for and patched; six rows written
    /// are a rescan, as before.
    @Test func moreEntriesThanTheLimitAreSearchedOrRescanned() async throws {
        let fixture = try await PostgresFixture(rows: 50, queues: 3)
        defer { fixture.remove() }
        var options = PostgresFixture.fastOptions
        options.incrementalRowLimit = 5
        let source = try await fixture.source(options: options)
        var list = try await source.loadBaseline()
        let rewrites = (1 ... 12).map { "UPDATE \(fixture.table) SET version = version + 1, queue = 'queue \($0 % 3)' WHERE id = 7" }
        try await fixture.psql("BEGIN; " + rewrites.joined(separator: "; ") + "; COMMIT")
        let patch = try #require(try await source.loadChanges(since: list), "\(source.statistics)")
        list = try #require(list.applying(patch)?.snapshot)
        #expect(list == (try await source.loadEntries()))
        #expect(source.statistics.directPatches == 0 && source.statistics.patches == 1, "\(source.statistics)")
        try await fixture.psql("UPDATE \(fixture.table) SET version = version + 1 WHERE id BETWEEN 10 AND 15")
        #expect(try await source.loadChanges(since: list) == nil)
        #expect(source.statistics.lastFallbackReason == "6 rows changed (more than 5)", "\(source.statistics)")
        await source.close()
    }

    /// An order that does not keep sections together (the PostgreSQL soak's "by rank
    /// across sections", seed 3794980025, crashed here): the baseline happens to be
    /// contiguous, A = 1, 2 and B = 3, 4 by rank. One commit inserts 5 (B, between 3 and 4)
    /// and 6 (A, after 4). Placing 6 starts after 5's gap (rows come in list order), past
    /// every untouched row of its section A: the search within A's rows must then be
    /// skipped, not asked over a reversed range (a trap). The patched list, or the reload
    /// the interleaved sections call for, equals a plain SELECT.
    @Test func aRowLandingPastItsSectionsRowsIsPlaced() async throws {
        let fixture = try await PostgresFixture(rows: 0)
        defer { fixture.remove() }
        try await fixture.psql(
            "ALTER TABLE \(fixture.table) ADD COLUMN rank int NOT NULL DEFAULT 0;"
                + " INSERT INTO \(fixture.table) (id, queue, rank, subject) VALUES (1, 'A', 10, 's'), (2, 'A', 20, 's'), (3, 'B', 30, 's'), (4, 'B', 40, 's')"
        )
        let query = PostgresListQuery(table: fixture.table, identifier: "id", section: "queue", summary: "version", order: "rank")
        let source = try await PostgresFixture.Source(server: fixture.server, query: query, access: .owned, options: PostgresFixture.fastOptions)
        let list = try await source.loadBaseline()
        #expect(list.entries.map(\.id) == [1, 2, 3, 4])
        try await fixture.psql(
            "INSERT INTO \(fixture.table) (id, queue, rank, subject) VALUES (5, 'B', 35, 's'), (6, 'A', 50, 's')"
        )
        let patch = try await source.loadChanges(since: list)
        // By rank: 1 A, 2 A, 3 B, 5 B, 4 B, 6 A. A comes back after B, so the list (sections
        // by first appearance) is A = 1, 2, 6 and B = 3, 5, 4, and a patch cannot keep the
        // list's order: it is refused, and the reload gives that list.
        let expected = ListSnapshot<Int64, Int64>([(1, "A"), (2, "A"), (3, "B"), (5, "B"), (4, "B"), (6, "A")].map {
            ListEntry(id: $0.0, section: $0.1, summary: 1)
        })
        let patched = patch.flatMap { list.applying($0)?.snapshot }
        let reloaded = try await source.loadBaseline()
        #expect(reloaded == expected)
        if let patched { #expect(patched == expected) }
        await source.close()
    }
}
#endif
