import GRDB
import GRDBSQLite

/// A read-only SQLite connection of its own that reads `PRAGMA data_version`, which moves
/// whenever another connection commits: the external-change watch's one question, asked
/// several times per commit while a writer is active.
///
/// It is the bare SQLite API on purpose: one prepared statement, stepped in autocommit
/// (its own read transaction), costs a few microseconds; through a GRDB `DatabaseQueue`
/// each look also paid a dispatch hop and its bookkeeping, several times over.
///
/// Opened `SQLITE_OPEN_READONLY`, as GRDB opens a read-only queue: it never writes the
/// file. Thread safety: not thread-safe (`SQLITE_OPEN_NOMUTEX`); the watcher uses it on
/// its queue only.
final class DataVersionReader {
    private var connection: OpaquePointer?
    private var statement: OpaquePointer?

    /// Opens `path` read-only and prepares the statement.
    ///
    /// - Throws: `DatabaseError` when the file cannot be opened or is not a database.
    init(path: String) throws {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_close(connection)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        self.connection = connection
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(connection, "PRAGMA data_version", -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_close(connection)
            self.connection = nil
            throw DatabaseError(resultCode: ResultCode(rawValue: prepared), message: message)
        }
        self.statement = statement
    }

    /// The current data version, or `nil` when it cannot be read now (the database is
    /// busy recovering, say; the next look asks again).
    func read() -> Int? {
        guard let statement else { return nil }
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return Int(sqlite3_column_int64(statement, 0))
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close(connection)
    }
}
