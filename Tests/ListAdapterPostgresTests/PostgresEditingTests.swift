#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import PostgresNIO
import Testing

/// Moves and deletes written through the PostgreSQL source: one row a move, the server's
/// current neighbours, a bounded rebalance, the adapter following, typed errors.
@MainActor
@Suite("PostgreSQL source: writing moves", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresEditingTests {
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Ticket>

    /// A fixture whose table has a `position text COLLATE "C"` column (of `positionType`).
    static func fixture(rows: Int, positionType: String = "text COLLATE \"C\"") async throws -> PostgresFixture {
        let fixture = try await PostgresFixture(rows: rows, queues: 3)
        try await fixture.psql("ALTER TABLE \(fixture.table) ADD COLUMN position \(positionType); CREATE INDEX ON \(fixture.table) (queue, position)")
        return fixture
    }

    static func source(_ fixture: PostgresFixture, position: String = "position") async throws -> PostgresFixture.Source {
        var options = PostgresFixture.fastOptions
        options.ordering = ListOrdering(position: position, section: "queue")
        let query = PostgresListQuery(table: fixture.table, identifier: "id", section: "queue", summary: "version", order: "queue, position")
        return try await PostgresFixture.Source(server: fixture.server, query: query, access: .owned, options: options)
    }

    static func move(_ id: Int64, to queue: String, after previous: Int64?, before next: Int64?) -> ListMove<Int64> {
        ListMove(id: id, source: ItemPath(section: 0, item: 0), destination: ItemPath(section: 0, item: 0), sourceSection: nil, destinationSection: queue, previous: previous, next: next)
    }

    /// Each queue's identifiers in list order, and every key.
    static func queues(_ fixture: PostgresFixture) async throws -> (queues: [String: [Int64]], keys: [String]) {
        try await fixture.withConnection { connection in
            var queues: [String: [Int64]] = [:], keys: [String] = []
            let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT id, queue, position FROM \(fixture.table) ORDER BY queue, position"), logger: connection.logger)
            for try await (id, queue, key) in rows.decode((Int64, String, String).self) {
                queues[queue, default: []].append(id)
                keys.append(key)
            }
            return (queues, keys)
        }
    }

    /// Every row's queue and position, by identifier: two readings differ in the rows written.
    static func rows(_ fixture: PostgresFixture) async throws -> [Int64: String] {
        try await fixture.withConnection { connection in
            var rows: [Int64: String] = [:]
            let result = try await connection.query(PostgresQuery(unsafeSQL: "SELECT id, queue || ' ' || position FROM \(fixture.table)"), logger: connection.logger)
            for try await (id, value) in result.decode((Int64, String).self) { rows[id] = value }
            return rows
        }
    }

    @Test func movesWriteOneRowFollowTheServerAndReachTheAdapter() async throws {
        let fixture = try await Self.fixture(rows: 30)
        defer { fixture.remove() }
        let source = try await Self.source(fixture)
        #expect(try await source.assignPositions(orderedBy: "queue, id") == 30)
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        // "queue 1" holds 1, 4, 7, ...
        #expect(try await Self.queues(fixture).queues["queue 1"]!.prefix(3) == [1, 4, 7])
        let unmoved = try await Self.rows(fixture)
        #expect(try await source.move(Self.move(19, to: "queue 1", after: 4, before: 7)).rowsWritten == 1)
        let moved = try await Self.rows(fixture)
        #expect(moved.filter { unmoved[$0.key] != $0.value }.map(\.key) == [19])
        #expect(try await Self.queues(fixture).queues["queue 1"]!.prefix(4) == [1, 4, 19, 7])
        // Another session puts 100 between 4 and 19: the row goes right after 4, before 100.
        try await fixture.psql("""
            INSERT INTO \(fixture.table) (id, queue, version, subject, position)
            SELECT 100, 'queue 1', 1, 'new', position || 'V' FROM \(fixture.table) WHERE id = 4
            """)
        #expect(try await source.move(Self.move(13, to: "queue 1", after: 4, before: 19)).rowsWritten == 1)
        #expect(try await Self.queues(fixture).queues["queue 1"]!.prefix(5) == [1, 4, 13, 100, 19])
        // Across queues, and `previous` deleted by another session: just before `next`.
        try await fixture.psql("DELETE FROM \(fixture.table) WHERE id = 5")
        #expect(try await source.move(Self.move(3, to: "queue 2", after: 5, before: 8)).rowsWritten == 1)
        let queues = try await Self.queues(fixture).queues
        #expect(queues["queue 2"]!.prefix(3) == [2, 3, 8])
        #expect(!queues["queue 0"]!.contains(3))
        #expect(try await source.delete([1, 2, 999]) == 2)
        let truth = try await fixture.withConnection { connection in
            var entries: [ListEntry<Int64, Int64>] = []
            let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT id, queue, version FROM \(fixture.table) ORDER BY queue, position, id"), logger: connection.logger)
            for try await (id, queue, version) in rows.decode((Int64, String?, Int64).self) { entries.append(ListEntry(id: id, section: queue, summary: version)) }
            return ListSnapshot(entries)
        }
        #expect(await probe.waitUntilShowing(truth), "\(probe.failures)")
        probe.cancel()
        await source.close()
    }

    @Test func twoHundredMovesToOneSpotRebalanceWithinTheCap() async throws {
        let fixture = try await Self.fixture(rows: 300)
        defer { fixture.remove() }
        let source = try await Self.source(fixture)
        try await source.assignPositions(orderedBy: "queue, id")
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("PostgresEditingTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var expected = try await Self.queues(fixture).queues["queue 0"]!
        let anchor = expected[50]
        var rebalances = 0
        for step in 0 ..< 200 {
            var id = anchor
            while id == anchor { id = expected[Int(random.next() % UInt64(expected.count))] }
            expected.removeAll { $0 == id }
            let at = expected.firstIndex(of: anchor)! + 1
            let next = at < expected.count ? expected[at] : nil
            expected.insert(id, at: at)
            let written = try await source.move(Self.move(id, to: "queue 0", after: anchor, before: next)).rowsWritten
            #expect(written >= 1 && written <= OrderKeyRebalancePolicy().maximumRowsWritten, "seed \(seed) step \(step)")
            if written > 1 { rebalances += 1 }
        }
        let (queues, keys) = try await Self.queues(fixture)
        #expect(rebalances >= 1, "seed \(seed)")
        #expect(queues["queue 0"] == expected, "seed \(seed)")
        #expect(Set(keys).count == keys.count && keys.allSatisfy { $0.utf8.count <= 12 })
        await source.close()
    }

    @Test func concurrentMovesIntoOneQueueKeepKeysDistinct() async throws {
        let fixture = try await Self.fixture(rows: 90)
        defer { fixture.remove() }
        let first = try await Self.source(fixture), second = try await Self.source(fixture)
        try await first.assignPositions(orderedBy: "queue, id")
        // Both sources drop rows right after row 3 (above row 6, as the list showed it) at
        // once: the advisory lock makes them take turns, each writing into the gap as the
        // other left it. (A move with no row below goes last instead.)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, writer) in [first, second].enumerated() {
                group.addTask {
                    for id in stride(from: Int64(6 + 3 * index), through: 90, by: 6) {
                        _ = try await writer.move(Self.move(id, to: "queue 0", after: 3, before: 6))
                    }
                }
            }
            try await group.waitForAll()
        }
        let (queues, keys) = try await Self.queues(fixture)
        #expect(queues["queue 0"]!.count == 30 && Set(keys).count == keys.count)
        await first.close()
        await second.close()
    }

    @Test func errorsNameTheTableAndColumn() async throws {
        let fixture = try await Self.fixture(rows: 5)
        defer { fixture.remove() }
        await #expect {
            _ = try await Self.source(fixture, position: "rank")
        } throws: { error in
            guard let error = error as? PostgresSourceError else { return false }
            return error.kind == .missingColumn && error.message.contains("\"rank\"") && error.message.contains(fixture.table)
        }
        let linguistic = try await Self.fixture(rows: 5, positionType: "text COLLATE \"und-x-icu\"")
        defer { linguistic.remove() }
        await #expect {
            _ = try await Self.source(linguistic)
        } throws: { error in
            guard let error = error as? PostgresSourceError else { return false }
            return error.kind == .invalidQuery && error.message.contains("COLLATE \"C\"")
        }
        let source = try await Self.source(fixture)
        try await source.assignPositions()
        await #expect {
            try await source.move(Self.move(77, to: "queue 1", after: 1, before: nil))
        } throws: { error in
            guard let error = error as? PostgresSourceError else { return false }
            return error.kind == .missingRow && error.message.contains("77") && error.message.contains(fixture.table)
        }
        await source.close()
    }
}
#endif
