#if PostgreSQL
import Foundation
import Testing
import TestSupport

/// The PostgreSQL article's example, `Examples/PostgresTickets/main.swift` (ExamplesTests
/// checks that the article shows that file as it is), run against the test server: it lists
/// the open tickets of a table `ticket` by queue. (Apple's SDKs at hand cannot type-check
/// postgres-nio's dependencies, so this is where the example is compiled and run.)
@Suite("PostgreSQL source: the article's example", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresArticleExampleTests {
    @Test func theExampleListsTheOpenTickets() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        // The example's own table name: this is the only test that uses it.
        try await fixture.psql("""
            DROP TABLE IF EXISTS ticket CASCADE;
            DROP TABLE IF EXISTS listadapter_log_ticket;
            CREATE TABLE ticket (id bigint PRIMARY KEY, queue text, subject text NOT NULL, version bigint NOT NULL DEFAULT 1,
                status text NOT NULL, created_at timestamptz NOT NULL);
            INSERT INTO ticket SELECT g, 'queue ' || (g % 3), 'Ticket ' || g, 1,
                CASE WHEN g % 4 = 0 THEN 'closed' ELSE 'open' END, now() - g * interval '1 minute' FROM generate_series(1, 40) AS g;
            """)
        defer { try? fixture.psqlWaiting("DROP TABLE IF EXISTS ticket CASCADE; DROP TABLE IF EXISTS listadapter_log_ticket") }
        let example = try BuiltExecutable.path("PostgresTickets")
        let (status, output) = try await ChildProcess.run([example], environment: ["DATABASE_URL": PostgresFixture.url!], within: .seconds(300))
        #expect(status == 0)
        #expect(output == "30 open tickets in 3 queues\n", "40 tickets, 10 of them closed, in 3 queues")
    }
}
#endif
