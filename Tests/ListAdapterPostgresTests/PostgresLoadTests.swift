#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import Testing

@Suite("PostgreSQL source: loading and fetching", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresLoadTests {
    @Test func theStreamedScanEqualsAPlainSelect() async throws {
        let fixture = try await PostgresFixture(rows: 5_000, queues: 7)
        defer { fixture.remove() }
        try await fixture.psql("UPDATE \(fixture.table) SET queue = NULL WHERE id % 11 = 0")
        let source = try await fixture.source(access: .followed)
        let list = try await source.loadEntries()
        let truth = try await fixture.truth()
        #expect(list == truth)
        #expect(list.count == 5_000)
        #expect(list.numberOfSections == 8, "seven queues and the untitled section")
        await source.close()
    }

    @Test func payloadsComeByIdentifierWithTheirSummariesAndAbsentOnesAreLeftOut() async throws {
        let fixture = try await PostgresFixture(rows: 100)
        defer { fixture.remove() }
        try await fixture.psql("UPDATE \(fixture.table) SET version = 7 WHERE id = 42")
        let source = try await fixture.source(access: .followed)
        let items = try await source.fetchSummarizedItems([42, 1, 100, 1_000, -5])
        #expect(Set(items.keys) == [42, 1, 100])
        #expect(items[42]?.summary == 7)
        #expect(items[42]?.item.subject == "Subject 42")
        #expect(items[1]?.item.queue == "queue 1")
        #expect(try await source.fetchItems([]).isEmpty)
        await source.close()
    }

    @Test func aListWithAFilterAndBoundArguments() async throws {
        let fixture = try await PostgresFixture(rows: 200)
        defer { fixture.remove() }
        var query = fixture.query
        query.filter = "version = $1 AND id <= $2"
        query.arguments.append(Int64(1))
        query.arguments.append(Int64(50))
        let source = try await PostgresFixture.Source(server: fixture.server, query: query)
        #expect(try await source.loadEntries().count == 50)
        #expect(Set(try await source.fetchItems([10, 60]).keys) == [10])
        await source.close()
    }
}
#endif
