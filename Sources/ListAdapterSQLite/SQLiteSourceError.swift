import GRDB

/// A failure of a ``SQLiteListSource``, with the context needed to fix it: what kind,
/// which file, which SQL, and SQLite's own message.
///
/// The adapter receives these through its load state (ListAdapter's `ListLoadState`)
/// and keeps serving its last good list.
///
/// Thread safety: a value type; use it on any queue.
public struct SQLiteSourceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The database file does not exist.
        case missingFile
        /// The file is not an SQLite database.
        case notADatabase
        /// The database file is corrupt.
        case corrupt
        /// The query names a table or view the database lacks.
        case missingTable
        /// The query names a column the table lacks.
        case missingColumn
        /// The query's SQL does not prepare or run (syntax, types, functions).
        case invalidQuery
        /// A row's identifier is NULL.
        case nullIdentifier
        /// A row's summary is NULL and the summary type cannot represent NULL.
        case nullSummary
        /// The database stayed locked by another connection past the busy timeout.
        case locked
        /// The database file was deleted or replaced by another file while open. The
        /// source stays failed: open the new file in a new source.
        case fileReplaced
        /// A write was asked of a database the source only follows (`ListSourceAccess.followed`).
        case readOnly
        /// The disk or the database is full.
        case diskFull
        /// An identifier cannot be represented exactly by the identifier type (a text
        /// `'999'` read as an `Int64`, a blob read as a `String`, integers and texts
        /// mixed in one `String` column, two texts that Swift's `String` equates): the
        /// message names the column and a row. Use ``SQLiteIdentifier`` for such columns.
        case inexactIdentifier
        /// A row a write needs is not in the list (a moved row that another connection
        /// deleted, say): the message names the table and the row.
        case missingRow
        /// A row's position is not an order key (ListAdapter's `OrderKey`; NULL, or other text):
        /// the message names the table, the row and the value.
        case invalidOrderKey
        /// Any other SQLite error.
        case other
    }

    /// What went wrong.
    public let kind: Kind
    /// The database file.
    public let path: String?
    /// The SQL that failed, if any.
    public let sql: String?
    /// A human-readable explanation (SQLite's message where there is one).
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - path: the database file; `nil` when the error concerns no file.
    ///   - sql: the SQL that failed; `nil`, the default, when no statement did.
    ///   - message: a human-readable explanation.
    public init(_ kind: Kind, path: String?, sql: String? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.sql = sql
        self.message = message
    }

    /// Classifies a GRDB error.
    init(_ error: any Error, path: String?, sql: String?) {
        guard let error = error as? DatabaseError else {
            if let own = error as? SQLiteSourceError {
                self = own
            } else {
                self.init(.other, path: path, sql: sql, message: "\(error)")
            }
            return
        }
        let message = error.message ?? "\(error)"
        let kind: Kind
        switch error.resultCode {
        case .SQLITE_NOTADB: kind = .notADatabase
        case .SQLITE_CORRUPT: kind = .corrupt
        case .SQLITE_BUSY, .SQLITE_LOCKED: kind = .locked
        case .SQLITE_CANTOPEN: kind = .missingFile
        case .SQLITE_READONLY: kind = .readOnly
        case .SQLITE_FULL: kind = .diskFull
        case .SQLITE_ERROR where message.hasPrefix("no such table"): kind = .missingTable
        case .SQLITE_ERROR where message.hasPrefix("no such column"): kind = .missingColumn
        case .SQLITE_ERROR: kind = .invalidQuery
        default: kind = .other
        }
        self.init(kind, path: path, sql: sql ?? error.sql, message: message)
    }

    /// A one-line explanation naming the kind, the file and the SQL where there is one. Any queue.
    public var description: String {
        var text = "SQLite list source: \(kind)"
        if let path { text += " (\(path))" }
        text += ": \(message)"
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}
