#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import PostgresNIO
import Testing

/// README's PostgreSQL example, verbatim between the markers, compiled and run against the
/// test server. (Apple's SDKs at hand cannot type-check postgres-nio's dependencies, so
/// this is where the example is compiled: keep the two the same.)
@MainActor
@Suite("PostgreSQL source: the README example", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresReadmeExampleTests {
    struct Ticket: PostgresRowDecodable {              // your row type, decoded by column name
        var id: Int64, queue: String?, subject: String
        init(row: PostgresRandomAccessRow) throws {
            id = try row["id"].decode(Int64.self)
            queue = try row["queue"].decode(String?.self)
            subject = try row["subject"].decode(String.self)
        }
    }

    @Test func theExampleListsTheOpenTickets() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        try await fixture.psql("""
            DROP TABLE \(fixture.table);
            CREATE TABLE \(fixture.table) (id bigint PRIMARY KEY, queue text, subject text NOT NULL, version bigint NOT NULL DEFAULT 1,
                status text NOT NULL, created_at timestamptz NOT NULL);
            INSERT INTO \(fixture.table) SELECT g, 'queue ' || (g % 3), 'Ticket ' || g, 1,
                CASE WHEN g % 4 = 0 THEN 'closed' ELSE 'open' END, now() - g * interval '1 minute' FROM generate_series(1, 40) AS g;
            """)
        let databaseURL = PostgresFixture.url!
        let table = fixture.table
        // README: begin
        let server = try PostgresServer(url: databaseURL)  // postgres://user:password@host:5432/db
        var arguments = PostgresBindings()
        arguments.append("closed")
        let source = try await PostgresListSource<Int64, Int64, Ticket>(
            server: server,
            query: PostgresListQuery(
                table: table, identifier: "id",
                section: "queue",                           // any SQL expression, read as text; NULL: untitled
                summary: "version",                         // changes whenever a row's display does
                order: "queue, created_at DESC",            // the identifier is appended as a tiebreaker
                filter: "status <> $1", arguments: arguments
            ),
            access: .owned                                  // default .followed: read-only
        )
        let adapter = ListViewAdapter(source: source)
        // README: end
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in adapter.snapshot.count == 30 }
        #expect(adapter.snapshot.count == 30, "40 tickets, 10 of them closed")
        #expect(adapter.snapshot.sectionTitles == ["queue 0", "queue 1", "queue 2"])
        // created_at DESC: the newest (the smallest id) first in each queue.
        #expect(adapter.snapshot.identifiers(inSection: 1).first == 1)
        probe.cancel()
        await source.close()
    }
}
#endif
