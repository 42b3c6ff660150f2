#if PostgreSQL
import Foundation
import PostgresNIO

/// The floor under the many-clients scenario: the same ten processes, the same writer and
/// the same machine, but each client does the least any live client must do for a commit,
/// with no adapter and no snapshot: it `LISTEN`s on the change log's channel and, on each
/// notification, reads the log's new entries joined with their rows' stamps in one
/// statement on the same connection. What the adapter's clients take beyond this is ours;
/// what this takes is the machine's (ten processes, the server and the writer on its cores).
enum PostgresRawClients {
    static let childFlag = "--postgres-raw-client"

    /// Follows the log until standard input ends, then prints `count p50 p99 0 0 -` (the
    /// adapter client's line, with no rescans or fallbacks).
    static func runChild() async throws {
        guard let server = PostgresScenarios.server else { throw BenchError("LISTADAPTER_POSTGRES_URL is not set") }
        let connection = try await PostgresScenarios.connect(server)
        let log = "listadapter_log_\(PostgresScenarios.table)"
        let record = Latencies()
        let reader = Task {
            var cursor: Int64 = 0
            for try await seq in try await connection.query(PostgresQuery(unsafeSQL: "SELECT coalesce(max(seq), 0) FROM \(log)"), logger: connection.logger).decode(Int64.self) {
                cursor = seq
            }
            try await connection.listen(on: log) { notifications in
                FileHandle.standardOutput.write(Data("ready\n".utf8))
                for try await _ in notifications {
                    let read = "SELECT l.seq, t.version FROM \(log) AS l JOIN \(PostgresScenarios.table) AS t ON t.id = l.id WHERE l.seq > \(cursor) ORDER BY l.seq"
                    for try await (seq, stamp) in try await connection.query(PostgresQuery(unsafeSQL: read), logger: connection.logger).decode((Int64, Int64).self) {
                        cursor = max(cursor, seq)
                        let now = monotonicNanoseconds()
                        if stamp > 1_000_000, record.seen.insert(stamp).inserted { record.milliseconds.append(Double(now - stamp) / 1e6) }
                    }
                }
            }
        }
        // Standard input's end (the parent closing it) stops the client.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = FileHandle.standardInput.readDataToEndOfFile()
                continuation.resume()
            }
        }
        reader.cancel()
        _ = await reader.result
        let samples = record.milliseconds
        FileHandle.standardOutput.write(Data("\(samples.count) \(percentile(samples, 0.5)) \(percentile(samples, 0.99)) 0 0 -\n".utf8))
        try? await connection.close()
    }
}
#endif
