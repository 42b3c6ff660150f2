#if PostgreSQL
import ListAdapter
import PostgresNIO

/// A statement the source runs on every patch or fetch (the change log's read, a
/// placement's reads, a payload fetch), prepared once per connection and then only bound
/// and executed: the server parses and plans it once instead of every time (about 0.2 ms a
/// statement, measured with `pgbench -M extended` against `-M prepared`: 0.50-0.60 ms
/// against 0.19-0.20 ms for a patch's five statements).
///
/// postgres-nio prepares statements by a type's static `name` and `sql`
/// (`PostgresPreparedStatement`), and our text is a table's, known at run time: the type
/// reads both from a task-local value set around each call. The name is the text's hash
/// and a generation. An error from a prepared statement moves its text to the next
/// generation, because postgres-nio remembers a failed preparation per connection for good,
/// and a server keeps a statement planned against a table that has since changed: the next
/// run prepares afresh under a new name (a dropped table restored, a grant given back).
///
/// Not public. Thread safety: a value type; generations are kept under a lock.
struct PreparedText: Sendable {
    let sql: String
    private let hash: UInt64

    init(_ sql: String) {
        self.sql = sql
        // FNV-1a: stable across processes, unlike `hashValue`.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in sql.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.hash = hash
    }

    /// Each text's generation, by the text's hash (texts whose hashes collide share one:
    /// a retirement then costs the other a preparation, nothing more).
    private static let generations = Guarded<[UInt64: Int]>([:])

    /// The statement's name in its current generation.
    var name: String {
        let generation = Self.generations.withLock { $0[hash] ?? 0 }
        return "listadapter_\(String(hash, radix: 16))_\(generation)"
    }

    /// Moves the text to its next generation: the next run prepares it again.
    func retire() {
        Self.generations.withLock { $0[hash, default: 0] += 1 }
    }

    /// Runs the statement with `bindings` on `connection` (preparing it first on a
    /// connection that has not seen it) and returns its rows.
    ///
    /// Called from a task that owns `connection` for the duration.
    ///
    /// A statement planned before its table changed shape (a column added under
    /// `SELECT *`) fails with "cached plan must not change result type" (SQLSTATE 0A000):
    /// it is prepared again under a new name and run once more.
    /// Inside a transaction (`retrying` false) the error aborts the transaction: the caller
    /// gets it, and the next run prepares afresh.
    func run(on connection: PostgresConnection, _ bindings: PostgresBindings, retrying: Bool = false) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> {
        do {
            return try await execute(on: connection, bindings)
        } catch let error as PSQLError where retrying && Self.isStalePlan(error) {
            return try await execute(on: connection, bindings)
        }
    }

    /// Whether `error` is "cached plan must not change result type".
    static func isStalePlan(_ error: PSQLError) -> Bool { error.serverInfo?[.sqlState] == stalePlanState }

    /// The SQLSTATE of "cached plan must not change result type" (feature_not_supported).
    static let stalePlanState = "0A000"

    /// One execution under the current name; any error retires the name.
    private func execute(on connection: PostgresConnection, _ bindings: PostgresBindings) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> {
        do {
            return try await Statement.$current.withValue((name, sql)) {
                try await connection.execute(Statement(bindings: bindings), logger: connection.logger)
            }
        } catch {
            retire()
            throw error
        }
    }

    /// The statement postgres-nio prepares: its name and text are the task's current ones.
    private struct Statement: PostgresPreparedStatement {
        typealias Row = PostgresRow
        @TaskLocal static var current: (name: String, sql: String) = ("", "")
        static var name: String { current.name }
        static var sql: String { current.sql }

        let bindings: PostgresBindings
        func makeBindings() -> PostgresBindings { bindings }
        func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
    }
}
#endif
