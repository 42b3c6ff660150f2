#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import Testing

/// Bad input and faults: a typed error naming the server, database and table (never the
/// password), the adapter keeping its last good list, nothing hanging.
@MainActor
@Suite("PostgreSQL source: faults", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresFaultTests {
    typealias Source = PostgresFixture.Source
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Ticket>

    func opening(_ server: PostgresServer, _ query: PostgresListQuery, access: ListSourceAccess = .followed, options: Source.Options = PostgresFixture.fastOptions) async -> PostgresSourceError? {
        do {
            let source = try await Source(server: server, query: query, access: access, options: options)
            await source.close()
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingTableNamesTheTable() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        var query = fixture.query
        query.origin = .table(name: "no_such_table", schema: nil)
        let error = await opening(fixture.server, query)
        #expect(error?.kind == .missingTable, "\(String(describing: error))")
        #expect(error?.table == "no_such_table")
        #expect("\(String(describing: error))".contains("no_such_table"))
    }

    @Test func aMissingColumnIsSaid() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        var query = fixture.query
        query.summary = "no_such_column"
        let error = await opening(fixture.server, query)
        #expect(error?.kind == .missingColumn, "\(String(describing: error))")
    }

    @Test func aWrongPasswordIsAnAuthenticationErrorThatNeverShowsIt() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        var server = fixture.server
        server.password = "wrong-secret-42"
        let error = await opening(server, fixture.query)
        #expect(error?.kind == .authentication, "\(String(describing: error))")
        #expect(!"\(String(describing: error))".contains("wrong-secret-42"))
        #expect(error?.server == "postgres://\(server.username)@\(fixture.host):\(fixture.port)/\(server.database)")
    }

    @Test func aMissingDatabaseIsSaid() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        var server = fixture.server
        server.database = "no_such_database"
        let error = await opening(server, fixture.query)
        #expect(error?.kind == .missingDatabase, "\(String(describing: error))")
        #expect(error?.server.hasSuffix("/no_such_database") == true)
    }

    @Test func aPortNobodyListensOnIsAConnectionError() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        let closedPort = try SilentServer.unusedPort()
        var server = fixture.server
        server.endpoint = .tcp(host: "127.0.0.1", port: closedPort)
        let error = await opening(server, fixture.query)
        #expect(error?.kind == .connection, "\(String(describing: error))")
    }

    @Test func aServerThatNeverAnswersTimesOutAtTheConnectDeadline() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        let silent = try SilentServer()
        defer { silent.stop() }
        var server = fixture.server
        server.endpoint = .tcp(host: "127.0.0.1", port: silent.port)
        server.connectTimeout = .milliseconds(300)
        let error = await opening(server, fixture.query)
        #expect(error?.kind == .timeout, "\(String(describing: error))")
    }

    /// Fetches run a statement prepared once per connection. postgres-nio remembers a
    /// failed preparation on a connection for good: a fetch while the table is gone must
    /// not keep the next fetches failing once the table is back.
    @Test func aFetchWhileTheTableIsGoneFailsAndTheNextOneAfterItIsBackSucceeds() async throws {
        let fixture = try await PostgresFixture(rows: 20)
        defer { fixture.remove() }
        let source = try await fixture.source(access: .followed)
        try await fixture.psql("ALTER TABLE \(fixture.table) RENAME TO \(fixture.table)_away")
        do {
            _ = try await source.fetchItems([1, 2])
            Issue.record("a fetch from a missing table succeeded")
        } catch {
            let error = error as? PostgresSourceError
            #expect(error?.kind == .missingTable, "\(String(describing: error))")
            #expect(error?.table == fixture.table)
        }
        try await fixture.psql("ALTER TABLE \(fixture.table)_away RENAME TO \(fixture.table)")
        let items = try await source.fetchItems([1, 2, 3])
        #expect(Set(items.keys) == [1, 2, 3])
        #expect(items[2]?.subject == "Subject 2")
        await source.close()
    }

    /// A column added while a fetch is prepared (its `SELECT *` planned with the old
    /// columns): the next fetch prepares again and succeeds, with no error in between.
    @Test func aColumnAddedBetweenTwoFetchesCostsNoFailedFetch() async throws {
        let fixture = try await PostgresFixture(rows: 20)
        defer { fixture.remove() }
        let source = try await fixture.source(access: .followed)
        #expect(Set(try await source.fetchItems([1, 2]).keys) == [1, 2])
        try await fixture.psql("ALTER TABLE \(fixture.table) ADD COLUMN priority int NOT NULL DEFAULT 3")
        let items = try await source.fetchItems([2, 3])
        #expect(Set(items.keys) == [2, 3])
        #expect(items[3]?.subject == "Subject 3")
        await source.close()
    }

    @Test func aStatementPastTheStatementTimeoutFailsAsTimeout() async throws {
        let fixture = try await PostgresFixture(rows: 20)
        defer { fixture.remove() }
        var options = PostgresFixture.fastOptions
        options.statementTimeout = .milliseconds(200)
        let source = try await fixture.source(access: .followed, options: options)
        var query = fixture.query
        query.filter = "pg_sleep(0.05) IS NOT NULL"
        let slow = try await Source(server: fixture.server, query: query, access: .followed, options: options)
        await #expect(throws: Never.self) { _ = try await source.loadEntries() }
        do {
            _ = try await slow.loadEntries()
            Issue.record("a 1 s scan finished under a 200 ms statement timeout")
        } catch let error as PostgresSourceError {
            #expect(error.kind == .timeout, "\(error)")
            #expect(error.sqlState == "57014")
        }
        await source.close()
        await slow.close()
    }

    /// The client's own deadline, for a server that is slow or stuck without a statement
    /// timeout firing: the wait ends at `scanTimeout`, the connection is closed (ending the
    /// statement), and the next call opens a new one.
    @Test func aScanPastItsReplyDeadlineFailsAsTimeoutAndTheNextCallReconnects() async throws {
        let fixture = try await PostgresFixture(rows: 40)
        defer { fixture.remove() }
        var options = PostgresFixture.fastOptions
        options.scanTimeout = .milliseconds(300)
        var query = fixture.query
        // 40 rows at 50 ms each: 2 s, well past the 300 ms deadline (and under the 60 s
        // statement timeout, so the server never ends it by itself).
        query.filter = "pg_sleep(0.05) IS NOT NULL"
        let slow = try await Source(server: fixture.server, query: query, access: .followed, options: options)
        do {
            _ = try await slow.loadEntries()
            Issue.record("a 2 s scan finished under a 300 ms scan deadline")
        } catch let error as PostgresSourceError {
            #expect(error.kind == .timeout, "\(error)")
            #expect(error.sqlState == nil, "the client's deadline, not the server's: \(error)")
            #expect(error.message.contains("no answer within"), "\(error)")
        }
        // The closed connection is replaced: a fetch on the same slot succeeds.
        let items = try await slow.fetchItems([2])
        #expect(items[2]?.subject == "Subject 2")
        await slow.close()
    }

    @Test func aRoleWithoutRightsIsRefusedAndARevokeWhileFollowingKeepsTheLastGoodListUntilAGrant() async throws {
        let fixture = try await PostgresFixture(rows: 30)
        defer { fixture.remove() }
        var reader = fixture.server
        reader.username = "reader"
        reader.password = "reader"
        let refused = await opening(reader, fixture.query)
        #expect(refused?.kind == .permissionDenied, "\(String(describing: refused))")
        #expect(refused?.table == fixture.table)

        try await fixture.psql("GRANT SELECT ON \(fixture.table) TO reader")
        let source = try await Source(server: reader, query: fixture.query, access: .followed, options: PostgresFixture.fastOptions)
        let ownedByReader = await opening(reader, fixture.query, access: .owned)
        #expect(ownedByReader?.kind == .permissionDenied, "a reader cannot install the change log: \(String(describing: ownedByReader))")
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        let before = try await fixture.truth()
        #expect(await probe.waitUntilShowing(before))

        try await fixture.psql("REVOKE SELECT ON \(fixture.table) FROM reader; DELETE FROM \(fixture.table) WHERE id <= 10")
        await probe.recorder.wait { _ in
            if case .failed = probe.recorder.lastLoadState { return true }
            return false
        }
        guard case .failed(let error) = probe.recorder.lastLoadState else { return }
        #expect((error.underlying as? PostgresSourceError)?.kind == .permissionDenied, "\(error)")
        #expect(adapter.snapshot == before, "the adapter keeps its last good list")

        // The grant alone changes no row and notifies nothing: the source's retry after the
        // failed load (LoadRetry) is what loads the delete the failure hid.
        try await fixture.psql("GRANT SELECT ON \(fixture.table) TO reader")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "the failed load is retried: \(probe.failures)")
        try await fixture.psql("UPDATE \(fixture.table) SET version = 2 WHERE id = 20")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        probe.cancel()
        await source.close()
    }

    @Test func terminatedBackendsAreReconnectedAndTheListResynchronised() async throws {
        let fixture = try await PostgresFixture(rows: 40)
        defer { fixture.remove() }
        var options = PostgresFixture.fastOptions
        options.applicationName = "listadapter-test-" + fixture.table
        let source = try await fixture.source(access: .owned, options: options)
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        #expect(await probe.waitUntilShowing(try await fixture.truth()))
        for round in 0 ..< 3 {
            try await fixture.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(options.applicationName)'")
            // A commit while the source is disconnected: the resynchronisation must bring it.
            try await fixture.psql("UPDATE \(fixture.table) SET version = version + 1 WHERE id % 3 = \(round); DELETE FROM \(fixture.table) WHERE id = \(round + 1)")
            let truth = try await fixture.truth()
            #expect(await probe.waitUntilShowing(truth), "round \(round): \(probe.failures)")
        }
        // Seen only through a watch that connected again (a notification, or the reload its
        // reconnection asks for).
        try await fixture.psql("INSERT INTO \(fixture.table) VALUES (500, 'queue 1', 1, 'after')")
        #expect(await probe.waitUntilShowing(try await fixture.truth()), "\(probe.failures)")
        #expect(source.statistics.reconnections >= 1, "\(source.statistics)")
        #expect(probe.failures.isEmpty)
        probe.cancel()
        await source.close()
    }
}

/// A TCP listener that accepts connections and never says a word (a server hung after
/// `accept`): a Python process of its own.
final class SilentServer {
    let process = Process()
    let port: Int

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import socket, sys
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
            print(s.getsockname()[1], flush=True)
            held = []
            while True:
                held.append(s.accept())
            """]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw FixtureError("the silent server printed no port") }
        self.port = port
    }

    func stop() {
        // SIGKILL: a child started from a Swift concurrency thread inherits its blocked
        // signals, SIGTERM among them (seen: terminate() left it running).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A loopback port nothing listens on (bound, then released).
    static func unusedPort() throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let port = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else { throw FixtureError("no port") }
        return port
    }
}
#endif
