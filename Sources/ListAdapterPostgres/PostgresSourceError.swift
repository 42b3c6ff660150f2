#if PostgreSQL
import NIOCore
import PostgresNIO

// Not shared with SQLiteSourceError, which it resembles: the kinds are each database's own
// faults (a server's authentication and connection, a file's corruption and locks), and the
// context each names differs (a server and table, a path and table).

/// A failure of a ``PostgresListSource``, with the context needed to fix it: what kind,
/// which server and database (never the password), which table, the SQL and the server's
/// own message and SQLSTATE.
///
/// The adapter receives these through its load state (ListAdapter's `ListLoadState`) and
/// keeps serving its last good list; a source whose connection failed reconnects by itself
/// (with backoff) and has the adapter reload once it is back.
///
/// Thread safety: a value type; use it on any queue.
public struct PostgresSourceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The URL given for the server does not parse.
        case invalidURL
        /// The server cannot be reached, or the connection dropped (the server stopped or
        /// restarted, the backend was terminated, the network failed). The source
        /// reconnects by itself.
        case connection
        /// The server refused the role or its password.
        case authentication
        /// The database does not exist on the server.
        case missingDatabase
        /// The query names a table or view the database lacks.
        case missingTable
        /// The query names a column the table lacks.
        case missingColumn
        /// The role lacks a right the query needs (`SELECT` on the table; for an owned
        /// source, creating the change log).
        case permissionDenied
        /// The query's SQL does not run (syntax, types, functions).
        case invalidQuery
        /// A row's identifier is NULL.
        case nullIdentifier
        /// A column's value does not decode as the Swift type asked for (the identifier,
        /// section or summary type, or a payload's field).
        case typeMismatch
        /// A wait on the server passed its deadline: connecting, a statement (the
        /// server's `statement_timeout`), or a reply.
        case timeout
        /// A write was asked of a source that only follows the server.
        case readOnly
        /// The server answered with something the source cannot trust (a payload fetch
        /// returning a row it did not ask for).
        case inconsistent
        /// A row a write needs is not in the list (a moved row that another session
        /// deleted, say): the message names the table and the row.
        case missingRow
        /// A row's position is not an order key (ListAdapter's `OrderKey`; NULL, or other
        /// text): the message names the table, the row and the value.
        case invalidOrderKey
        /// Any other server error.
        case other
    }

    /// What went wrong.
    public let kind: Kind
    /// The server, database and role: `postgres://USER@HOST:PORT/DATABASE`, no password.
    public let server: String
    /// The listed table (or select), if the failure concerns it.
    public let table: String?
    /// The SQL that failed, if any.
    public let sql: String?
    /// The server's SQLSTATE code, if the server answered with an error.
    public let sqlState: String?
    /// A human-readable explanation (the server's message where there is one).
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - server: the server, database and role, as `postgres://USER@HOST:PORT/DATABASE`; never a
    ///     password.
    ///   - table: the listed table (or select); `nil`, the default, when the failure concerns none.
    ///   - sql: the SQL that failed; `nil`, the default, when no statement did.
    ///   - sqlState: the server's SQLSTATE code; `nil`, the default, when the server did not answer
    ///     with an error.
    ///   - message: a human-readable explanation.
    public init(_ kind: Kind, server: String, table: String? = nil, sql: String? = nil, sqlState: String? = nil, message: String) {
        self.kind = kind
        self.server = server
        self.table = table
        self.sql = sql
        self.sqlState = sqlState
        self.message = message
    }

    /// Classifies an error postgres-nio (or the source) threw.
    init(_ error: any Error, server: String, table: String?, sql: String?) {
        if let own = error as? PostgresSourceError {
            self = own
            return
        }
        if let decoding = error as? PostgresDecodingError, decoding.code == .missingData {
            // Every query of the source reads the identifier first.
            let isIdentifier = decoding.columnIndex == 0
            self.init(
                isIdentifier ? .nullIdentifier : .typeMismatch, server: server, table: table, sql: sql,
                message: isIdentifier ? "a row's identifier (\(decoding.columnName)) is NULL" : "column \(decoding.columnName) is NULL, which \(decoding.targetType) cannot hold"
            )
            return
        }
        if let decoding = error as? PostgresDecodingError {
            self.init(
                .typeMismatch, server: server, table: table, sql: sql,
                message: "column \(decoding.columnName) (#\(decoding.columnIndex)) of type \(decoding.postgresType) does not decode as \(decoding.targetType): \(decoding.code)"
            )
            return
        }
        guard let error = error as? PSQLError else {
            self.init(.other, server: server, table: table, sql: sql, message: "\(error)")
            return
        }
        let state = error.serverInfo?[.sqlState]
        var message = error.serverInfo?[.message] ?? "\(error.code)"
        if let detail = error.serverInfo?[.detail] { message += " (\(detail))" }
        let kind: Kind
        switch error.code {
        case .server:
            kind = Self.kind(sqlState: state ?? "")
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            // NIO's own connect timeout (the TCP part of the connect deadline) is a timeout too.
            if case .connectTimeout = error.underlying as? ChannelError { kind = .timeout } else { kind = .connection }
            if let underlying = error.underlying { message += ": \(underlying)" }
        case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            kind = .authentication
        case .queryCancelled:
            kind = .timeout
        default:
            kind = .other
        }
        self.init(kind, server: server, table: table, sql: sql, sqlState: state, message: message)
    }

    /// The kind of a server error by its SQLSTATE (PostgreSQL's Appendix A).
    static func kind(sqlState state: String) -> Kind {
        switch state {
        case "28000", "28P01": .authentication
        case "3D000": .missingDatabase
        case "42P01": .missingTable
        case "42703": .missingColumn
        case "42501": .permissionDenied
        case "57014": .timeout                     // query_canceled: statement_timeout
        case "25006": .readOnly                    // read_only_sql_transaction
        case "23502": .nullIdentifier              // not_null_violation (never ours to write)
        case _ where state.hasPrefix("57P"), _ where state.hasPrefix("08"): .connection   // shutdown, connection exceptions
        case "42804", "42883", "22P02": .typeMismatch
        case _ where state.hasPrefix("42"): .invalidQuery
        default: .other
        }
    }

    /// Kind, server (no password), table, message, SQLSTATE and SQL, on one line. Any thread.
    public var description: String {
        var text = "PostgreSQL list source: \(kind) (\(server)"
        if let table { text += ", table \(table)" }
        text += "): \(message)"
        if let sqlState { text += " [SQLSTATE \(sqlState)]" }
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}
#endif
