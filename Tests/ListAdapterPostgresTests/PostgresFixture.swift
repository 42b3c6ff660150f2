#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import Logging
import PostgresNIO
import Testing

/// A ticket row, decoded by column name.
struct Ticket: PostgresRowDecodable, Equatable {
    var id: Int64
    var queue: String?
    var version: Int64
    var subject: String

    init(row: PostgresRandomAccessRow) throws {
        id = try row["id"].decode(Int64.self)
        queue = try row["queue"].decode(String?.self)
        version = try row["version"].decode(Int64.self)
        subject = try row["subject"].decode(String.self)
    }
}

/// A table of its own in the test server's database (LISTADAPTER_POSTGRES_URL, started by
/// `.ci/postgres.sh start`), dropped by ``remove()``.
struct PostgresFixture {
    typealias Source = PostgresListSource<Int64, Int64, Ticket>

    static let url = ProcessInfo.processInfo.environment["LISTADAPTER_POSTGRES_URL"]
    static var isAvailable: Bool { url != nil }
    static let unavailable: Comment = "no PostgreSQL server: LISTADAPTER_POSTGRES_URL is not set (start one: eval export $(.ci/postgres.sh start))"

    let server: PostgresServer
    let table: String

    /// A table `ticket_<random>` with `rows` rows in `queues` queues (sections).
    init(rows: Int = 0, queues: Int = 5, url: String? = Self.url) async throws {
        var server = try PostgresServer(url: url ?? "postgres://missing@localhost/missing")
        server.connectTimeout = Self.patience
        self.server = server
        table = "ticket_" + UUID().uuidString.prefix(8).lowercased()
        // Indexed in list order (`query`), as a followed list's table should be: patches
        // are read in one statement (`PostgresDirectPatch`).
        var sql = "CREATE TABLE \(table) (id bigint PRIMARY KEY, queue text, version bigint NOT NULL DEFAULT 1, subject text NOT NULL);"
            + "CREATE INDEX ON \(table) (queue, id);"
        if rows > 0 {
            sql += "INSERT INTO \(table) SELECT g, 'queue ' || (g % \(queues)), 1, 'Subject ' || g FROM generate_series(1, \(rows)) AS g;"
        }
        try await psql(sql)
    }

    var query: PostgresListQuery {
        PostgresListQuery(table: table, identifier: "id", section: "queue", summary: "version", order: "queue, id")
    }

    func source(access: ListSourceAccess = .owned, options: Source.Options = Self.fastOptions) async throws -> Source {
        try await Source(server: server, query: query, access: access, options: options)
    }

    /// How long a connection or a reply may take before the source gives up, in the tests
    /// that are not about those deadlines: a guard against a hang, like the suites' time
    /// limit. The defaults (10 s to connect, 30 s for a reply) are an app's; CI's sanitized
    /// run, with every suite at once on two cores, has taken longer for both.
    static let patience: Duration = .seconds(120)

    /// Short waits, so that a test of a failure does not wait for the defaults; patient
    /// deadlines (``patience``), so that a slow machine is not taken for a fault.
    static var fastOptions: Source.Options {
        var options = Source.Options()
        options.pollInterval = .milliseconds(200)
        options.maximumBackoff = .milliseconds(500)
        options.replyTimeout = patience
        return options
    }

    /// Runs `sql` through `psql`, another process, as any writer would. The wait for it is
    /// a Dispatch thread's, not the test's: a blocking wait on a cooperative thread (two
    /// on a 2-core machine) starved the other suites' tasks in CI's sanitized run.
    func psql(_ sql: String, user: String? = nil, password: String? = nil) async throws {
        try await onDispatchThread { try psqlWaiting(sql, user: user, password: password) }
    }

    /// ``psql(_:user:password:)``, waiting on the calling thread: for `defer` blocks.
    func psqlWaiting(_ sql: String, user: String? = nil, password: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        guard case .tcp(let host, let port) = server.endpoint else { throw FixtureError("the test server must be reached over TCP") }
        process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", host, "-p", "\(port)", "-U", user ?? server.username, "-d", server.database, "-c", sql]
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = password ?? server.password ?? ""
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError("psql failed (\(process.terminationStatus)): \(String(decoding: message, as: UTF8.self)) for: \(sql)")
        }
    }

    /// The list as a plain SELECT sees it, through a connection of the test's own.
    func truth() async throws -> ListSnapshot<Int64, Int64> {
        try await withConnection { connection in
            var entries: [ListEntry<Int64, Int64>] = []
            let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT id, queue, version FROM \(table) ORDER BY queue, id"), logger: connection.logger)
            for try await (id, queue, version) in rows.decode((Int64, String?, Int64).self) {
                entries.append(ListEntry(id: id, section: queue, summary: version))
            }
            return ListSnapshot(entries)
        }
    }

    func withConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await PostgresConnection.connect(
            configuration: .init(host: host, port: port, username: server.username, password: server.password, database: server.database, tls: .disable),
            id: 1, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    var host: String {
        if case .tcp(let host, _) = server.endpoint { return host }
        return "localhost"
    }

    var port: Int {
        if case .tcp(_, let port) = server.endpoint { return port }
        return 5432
    }

    func remove() {
        try? psqlWaiting("DROP TABLE IF EXISTS \(table) CASCADE; DROP TABLE IF EXISTS listadapter_log_\(table) CASCADE; DROP FUNCTION IF EXISTS listadapter_log_\(table)_row() CASCADE; DROP FUNCTION IF EXISTS listadapter_log_\(table)_stmt() CASCADE;")
    }
}

/// `body`'s result, computed on a Dispatch thread: for a wait on another process, which
/// would otherwise hold one of the few cooperative threads every test's tasks share.
func onDispatchThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// In CI (LISTADAPTER_POSTGRES_REQUIRED=1) a missing server fails instead of skipping.
@Suite("PostgreSQL: the test server")
struct PostgresServerPresenceTests {
    @Test func theServerIsThereWhenCIRequiresIt() {
        if ProcessInfo.processInfo.environment["LISTADAPTER_POSTGRES_REQUIRED"] == "1" {
            #expect(PostgresFixture.isAvailable, "\(PostgresFixture.unavailable)")
        }
    }
}
#endif
