import ListAdapter
import ListAdapterRemote
import ListAdapterSQLite
#if PostgreSQL
import ListAdapterPostgres
#endif

/// A failure of the listed source, described by what the user gave (the table and the
/// file), not by the source's generic type: what `watch` prints and `browse` shows.
///
/// A value; use it on any queue.
struct SourceFailure: Error, Sendable, CustomStringConvertible {
    /// `SQLiteSourceError.Kind`'s, `PostgresSourceError.Kind`'s or `RemoteListError.Kind`'s
    /// name (`missingTable`, `fileReplaced`, `authentication`, `unauthorized`, ...), or
    /// `loadTimedOut`, or `other`.
    let kind: String
    /// One line: the source as the user named it, then what went wrong.
    let message: String
    /// The database file, when known.
    let path: String?
    /// The SQL that failed, when known.
    let sql: String?
    /// Whether the database file is gone from its path (deleted or replaced).
    let isFileGone: Bool

    /// Describes `error` (an `SQLiteSourceError`, or a `ListAdapterError` carrying one)
    /// of the source the user called `source` (`table "message" in mail.sqlite`).
    init(_ error: any Error, source: String) {
        var underlying: (any Error)? = error
        if let adapterError = error as? ListAdapterError {
            underlying = adapterError.underlying
            if case .loadTimedOut(let timeout) = adapterError.kind {
                self.init(kind: "loadTimedOut", message: "\(source): the load did not finish within \(timeout)", path: nil, sql: nil)
                return
            }
        }
        #if PostgreSQL
        if let postgres = underlying as? PostgresSourceError {
            // The server is in `source` already, without its password, as the error's own.
            var message = "\(source): \(postgres.message)"
            if let state = postgres.sqlState { message += " [SQLSTATE \(state)]" }
            self.init(kind: "\(postgres.kind)", message: message, path: nil, sql: postgres.sql)
            return
        }
        #endif
        if let remote = underlying as? RemoteListError {
            let kind: String
            switch remote.kind {
            case .unauthorized: kind = "unauthorized"
            case .forbidden: kind = "forbidden"
            case .listNotFound: kind = "listNotFound"
            case .serverUnavailable: kind = "serverUnavailable"
            case .serverStopped: kind = "serverStopped"
            case .malformedMessage: kind = "malformedMessage"
            case .malformedItem: kind = "malformedItem"
            case .editRefused: kind = "editRefused"
            case .httpStatus: kind = "httpStatus"
            }
            // `source` names the list's URL already, as the error's own description does.
            self.init(kind: kind, message: "\(source): \(remote.message)", path: nil, sql: nil)
            return
        }
        guard let sqlite = underlying as? SQLiteSourceError else {
            self.init(kind: "other", message: "\(source): \(underlying.map { "\($0)" } ?? "unknown error")", path: nil, sql: nil)
            return
        }
        var message = "\(source): \(sqlite.message)"
        if sqlite.kind == .invalidQuery, let sql = sqlite.sql { message += " (in \(sql))" }
        self.init(
            kind: "\(sqlite.kind)", message: message, path: sqlite.path, sql: sqlite.sql,
            isFileGone: sqlite.kind == .fileReplaced
        )
    }

    private init(kind: String, message: String, path: String?, sql: String?, isFileGone: Bool = false) {
        self.kind = kind
        self.message = message
        self.path = path
        self.sql = sql
        self.isFileGone = isFileGone
    }

    /// `kind: message`, the plain-text form.
    var description: String { "\(kind): \(message)" }

    /// `{"error": {"kind": ..., "message": ..., "path": ..., "sql": ...}}`, the `--json` form
    /// (path and sql only when known).
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind)), ("message", .string(message))]
        if let path { members.append(("path", .string(path))) }
        if let sql { members.append(("sql", .string(sql))) }
        return .object([("error", .object(members))])
    }
}
