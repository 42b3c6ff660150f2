#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import PostgresNIO
import Testing

/// `openingInstalledChangeLog` and `removeChangeLog()`: an owned source says whether its
/// opening installed the change log, and removal leaves no trigger, function or log table.
@Suite("PostgreSQL source: change log removal", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresChangeLogRemovalTests {
    /// The change log's parts on the server: its triggers on the table, its functions, its table.
    static func parts(_ fixture: PostgresFixture) async throws -> Int64 {
        try await fixture.withConnection { [table = fixture.table] connection in
            var total: Int64 = 0
            for try await count in try await connection.query(
                """
                SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass(\(table)) AND tgname LIKE 'listadapter_log_%'
                UNION ALL SELECT count(*) FROM pg_proc WHERE proname LIKE \("listadapter_log_" + table + "%")
                UNION ALL SELECT count(*) FROM pg_class WHERE relname = \("listadapter_log_" + table)
                """,
                logger: connection.logger
            ).decode(Int64.self) { total += count }
            return total
        }
    }

    @Test func theFirstOpeningInstallsItTheNextFindsItAndRemovalLeavesNothing() async throws {
        let fixture = try await PostgresFixture(rows: 5)
        defer { fixture.remove() }
        let first = try await fixture.source()
        #expect(first.openingInstalledChangeLog)
        #expect(try await Self.parts(fixture) == 5, "two triggers, two functions, the log table")
        let second = try await fixture.source()
        #expect(!second.openingInstalledChangeLog)
        try await first.removeChangeLog()
        #expect(!first.openingInstalledChangeLog)
        #expect(try await Self.parts(fixture) == 0)
        // Writes no longer pay for it: an update runs with nothing to log into.
        try await fixture.psql("UPDATE \(fixture.table) SET version = 2")
        await first.close()
        await second.close()
    }

    /// A removal sticks: a load (the source retries failed loads of an attached adapter) does
    /// not put the change log back; it fails naming the removal, until an explicit install.
    @Test func aLoadAfterTheRemovalFailsInsteadOfInstallingItAgain() async throws {
        let fixture = try await PostgresFixture(rows: 5)
        defer { fixture.remove() }
        let source = try await fixture.source()
        #expect(try await source.loadBaseline().count == 5)
        try await source.removeChangeLog()
        do {
            _ = try await source.loadBaseline()
            Issue.record("a load after removeChangeLog() succeeded")
        } catch let error as PostgresSourceError {
            #expect(error.kind == .invalidQuery)
            #expect("\(error)".contains("removeChangeLog()"), "\(error)")
        }
        #expect(try await Self.parts(fixture) == 0)
        try await source.installChangeLog()
        #expect(try await source.loadBaseline().count == 5)
        #expect(try await Self.parts(fixture) == 5)
        await source.close()
    }

    @Test func aFollowedSourceInstallsNothingAndMayNotRemove() async throws {
        let fixture = try await PostgresFixture(rows: 1)
        defer { fixture.remove() }
        let source = try await fixture.source(access: .followed)
        #expect(!source.openingInstalledChangeLog)
        await #expect(throws: PostgresSourceError.self) { try await source.removeChangeLog() }
        await source.close()
    }
}
#endif
