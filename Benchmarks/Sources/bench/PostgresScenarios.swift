#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import Logging
import PostgresNIO

/// The PostgreSQL source against a local server: `LISTADAPTER_POSTGRES_URL`
/// (`export $(.ci/postgres.sh start)`), built with `--traits PostgreSQL`:
/// `swift run -c release --traits PostgreSQL bench --only postgres`.
enum PostgresScenarios {
    struct Row: PostgresRowDecodable {
        var id: Int64
        var subject: String
        init(row: PostgresRandomAccessRow) throws {
            id = try row["id"].decode(Int64.self)
            subject = try row["subject"].decode(String.self)
        }
    }

    typealias Source = PostgresListSource<Int64, Int64, Row>
    static let table = "listadapter_bench"

    static var server: PostgresServer? {
        ProcessInfo.processInfo.environment["LISTADAPTER_POSTGRES_URL"].flatMap { try? PostgresServer(url: $0) }
    }

    static func connect(_ server: PostgresServer) async throws -> PostgresConnection {
        guard case .tcp(let host, let port) = server.endpoint else { fatalError("bench: the server must be reached over TCP") }
        return try await PostgresConnection.connect(
            configuration: .init(host: host, port: port, username: server.username, password: server.password, database: server.database, tls: .disable),
            id: 1, logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        )
    }

    static func execute(_ connection: PostgresConnection, _ sql: String) async throws {
        _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: connection.logger).collect()
    }

    /// `size` rows in 1,000 sections, indexed in list order; vacuumed and analysed.
    static func prepare(_ connection: PostgresConnection, size: Int) async throws {
        try await execute(connection, "DROP TABLE IF EXISTS \(table) CASCADE")
        try await execute(connection, "DROP TABLE IF EXISTS listadapter_log_\(table) CASCADE")
        try await execute(connection, "CREATE TABLE \(table) (id bigint PRIMARY KEY, section text, version bigint NOT NULL, subject text NOT NULL)")
        try await execute(connection, "INSERT INTO \(table) SELECT g, 'section ' || lpad((g % 1000)::text, 4, '0'), 1, 'Subject ' || g FROM generate_series(0, \(size - 1)) AS g")
        try await execute(connection, "CREATE INDEX ON \(table) (section, id)")
        try await execute(connection, "VACUUM ANALYZE \(table)")
    }

    static var query: PostgresListQuery {
        PostgresListQuery(table: table, identifier: "id", section: "section", summary: "version", order: "section")
    }

    static func run(size: Int) async throws -> [Measurement] {
        guard let server else {
            print("postgres: skipped (LISTADAPTER_POSTGRES_URL is not set; export $(.ci/postgres.sh start))")
            return []
        }
        let writer = try await connect(server)
        try await prepare(writer, size: size)
        // BENCH_PG_ONLY=load|commit|clients runs one scenario (bisecting a regression).
        let only = ProcessInfo.processInfo.environment["BENCH_PG_ONLY"]
        func runs(_ name: String) -> Bool { only == nil || only == name }
        var results: [Measurement] = []
        if runs("load") { results += try await load(server, size: size) }
        if runs("commit") { results += try await commitToDelivery(server, writer: writer, size: size) }
        if runs("clients") { results += try await PostgresClients.run(server, writer: writer, size: size) }
        try await execute(writer, "DROP TABLE IF EXISTS \(table) CASCADE")
        try await writer.close()
        return results
    }

    /// The source's full scan into a snapshot, against the same query streamed and decoded
    /// by postgres-nio with nothing kept (medians of 9 after a warm-up).
    static func load(_ server: PostgresServer, size: Int) async throws -> [Measurement] {
        let source = try await Source(server: server, query: query, access: .followed)
        let raw = try await connect(server)
        let sql = query.entriesSQLForBench
        var scans: [Double] = []
        var raws: [Double] = []
        var bytesPerItem = 0.0
        for round in 0 ..< 10 {
            var start = DispatchTime.now().uptimeNanoseconds
            var count = 0
            for try await (id, section, summary) in try await raw.query(PostgresQuery(unsafeSQL: sql), logger: raw.logger).decode((Int64, String?, Int64).self) {
                count &+= Int(truncatingIfNeeded: id) &+ (section?.utf8.count ?? 0) &+ Int(truncatingIfNeeded: summary)
            }
            if round > 0 { raws.append(milliseconds(since: start)) }
            precondition(count != 0)
            start = DispatchTime.now().uptimeNanoseconds
            let snapshot = try await source.loadEntries()
            if round > 0 { scans.append(milliseconds(since: start)) }
            precondition(snapshot.count == size)
            bytesPerItem = Double(snapshot.storageByteCount) / Double(size)
        }
        try await raw.close()
        await source.close()
        let figure = percentile(scans, 0.5)
        let baseline = percentile(raws, 0.5)
        return [
            Measurement(
                scenario: "PostgreSQL initial load (streamed scan into a snapshot)", size: size, figure: figure, baseline: baseline,
                unit: "ms", target: "<= 1.3x the raw streamed SELECT", passed: figure <= 1.3 * baseline,
                note: String(format: "baseline: the same SELECT through postgres-nio, decoded, nothing kept; %.1f B/item of snapshot storage", bytesPerItem)
            ),
        ]
    }

    /// Another connection commits one row (a summary update, or a move to another section);
    /// time from before its commit to the change delivered, through the change log and
    /// `LISTEN`, against the same commit's own round trip.
    static func commitToDelivery(_ server: PostgresServer, writer: PostgresConnection, size: Int) async throws -> [Measurement] {
        let source = try await Source(server: server, query: query, access: .owned)
        let queue = DispatchQueue(label: "bench.postgres.delivery")
        let adapter = ListViewAdapter(source: source, configuration: AdapterScenarios.configuration(queue))
        let delivered = DispatchSemaphore(value: 0)
        let observation = signalChanges(of: adapter, on: queue, to: delivered)
        await wait(delivered)
        var samples: [Double] = []
        var commits: [Double] = []
        for round in 0 ..< 60 {
            let id = (round * 7_919) % size
            let sql = round % 2 == 0
                ? "UPDATE \(table) SET version = version + 1 WHERE id = \(id)"
                : "UPDATE \(table) SET section = 'section ' || lpad(((\(id) + 500) % 1000)::text, 4, '0') WHERE id = \(id)"
            let start = DispatchTime.now().uptimeNanoseconds
            try await execute(writer, sql)
            commits.append(milliseconds(since: start))
            await wait(delivered)
            samples.append(milliseconds(since: start))
        }
        observation.cancel()
        let statistics = source.statistics
        await source.close()
        let p50 = percentile(samples, 0.5)
        return [
            Measurement(
                scenario: "PostgreSQL: another connection's 1-row commit to change delivered (p50)", size: size, figure: p50,
                baseline: percentile(commits, 0.5), unit: "ms", target: "<= 10 ms", passed: p50 <= 10,
                note: "\(statistics.patches) patches, \(statistics.fallbacks) fallbacks, \(statistics.placementRoundTrips) placement round trips; p99 \(String(format: "%.2f", percentile(samples, 0.99))) ms; baseline: the commit's own round trip (p50)"
            ),
        ]
    }

    /// Waits for the semaphore off the cooperative pool.
    static func wait(_ semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                semaphore.wait()
                continuation.resume()
            }
        }
    }
}

extension PostgresListQuery {
    /// The source's entry query, for the raw baseline.
    var entriesSQLForBench: String {
        "SELECT listadapter_rows.\"id\", (section)::text, version FROM \(PostgresScenarios.table) AS listadapter_rows ORDER BY section, listadapter_rows.\"id\""
    }
}
#endif
