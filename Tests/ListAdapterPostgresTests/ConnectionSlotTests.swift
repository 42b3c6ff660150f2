#if PostgreSQL
@testable import ListAdapterPostgres
import Logging
import PostgresNIO
import Testing

@Suite("PostgreSQL: a connection slot", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct ConnectionSlotTests {
    /// postgres-nio 1.33 never answers a statement sent on a connection that has closed (it
    /// is dropped with the channel's pipeline). A body whose connection closed between two of
    /// its statements, as when the server restarts mid-patch, fails as `connection` within a
    /// second or two, not as a `timeout` at its deadline (here 120 s), and the slot opens a
    /// new connection for the next call.
    @Test func aStatementOnAConnectionThatClosedUnderneathFailsAsConnection() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        let slot = ConnectionSlot(server: fixture.server, settings: [], logger: Logger(label: "ConnectionSlotTests"), name: "test")
        do {
            _ = try await slot.run(table: fixture.table, sql: "SELECT 1", limit: .seconds(120)) { connection in
                try await connection.close()
                return try await connection.query("SELECT 1", logger: connection.logger).collect().count
            }
            Issue.record("a statement on a closed connection succeeded")
        } catch {
            #expect(error.kind == .connection, "\(error)")
            #expect(error.message.contains("closed"), "\(error)")
        }
        let count = try await slot.run(table: fixture.table, sql: "SELECT 1", limit: .seconds(30)) { connection in
            try await connection.query("SELECT 1", logger: connection.logger).collect().count
        }
        #expect(count == 1)
        await slot.close()
    }
}
#endif
