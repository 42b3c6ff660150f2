public import GRDB
import GRDBSQLite

/// An identifier read exactly as SQLite stores it: an integer, a real, a text (compared by
/// its exact bytes, not by Swift's canonical equivalence) or a blob (its bytes).
///
/// Use it for a database whose identifier column you do not control: `999` and `'999'`
/// are two identifiers, `"é"` and `"e\u{301}"` are two, and `randomblob(4)` values keep
/// every byte.
///
/// ```swift
/// let source = try SQLiteListSource<SQLiteIdentifier, NoSummary, Row>(path: path, query: query)
/// ```
///
/// Thread safety: a value type; use it on any queue.
public enum SQLiteIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// An INTEGER value.
    case integer(Int64)
    /// A REAL value.
    case real(Double)
    /// A TEXT value, as UTF-8 bytes (exact: no Unicode normalisation).
    case text(ExactText)
    /// A BLOB value.
    case blob([UInt8])

    /// A text identifier.
    ///
    /// - Parameter string: the text, compared by its exact UTF-8 bytes.
    /// - Returns: ``text(_:)-swift.enum.case`` wrapping `string` in an ``ExactText``.
    public static func text(_ string: String) -> SQLiteIdentifier { .text(ExactText(string)) }

    /// The value as SQL would print it (texts quoted, blobs as `x'…'`), for messages.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .real(let value): "\(value)"
        case .text(let text): "'" + text.string + "'"
        case .blob(let bytes): "x'" + bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined() + "'"
        }
    }
}

/// A text compared and hashed by its exact UTF-8 bytes, unlike `String`, whose equality is
/// Unicode canonical equivalence.
///
/// Thread safety: a value type; use it on any queue.
public struct ExactText: Hashable, Sendable, CustomStringConvertible {
    /// The text.
    public let string: String

    /// Wraps `string`.
    ///
    /// - Parameter string: the text; kept as is, with no Unicode normalisation.
    public init(_ string: String) { self.string = string }

    /// Whether the two texts have the same UTF-8 bytes (not Unicode canonical equivalence). Any queue.
    ///
    /// - Parameters:
    ///   - lhs: a text.
    ///   - rhs: another text.
    /// - Returns: `true` when their UTF-8 bytes are the same; `"é"` and `"e\u{301}"` differ.
    public static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    /// Hashes the text's UTF-8 bytes, consistently with ``==(_:_:)``. Any queue.
    ///
    /// - Parameter hasher: the hasher to feed the text's UTF-8 bytes into.
    public func hash(into hasher: inout Hasher) {
        for byte in string.utf8 { hasher.combine(byte) }
    }

    /// The text itself. Any queue.
    public var description: String { string }
}

extension SQLiteIdentifier: SQLiteValue {
    /// Reads any storage class; `nil` for NULL.
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement (`sqlite3_stmt *`) on a row.
    ///   - column: the column's index, from 0.
    /// - Returns: the value as stored; `nil` for NULL.
    public static func read(_ statement: OpaquePointer, column: Int32) -> SQLiteIdentifier? {
        read(value: sqlite3_column_value(statement, column))
    }

    /// Reads any storage class; `nil` for NULL.
    ///
    /// - Parameter value: a column of the current row, as `sqlite3_column_value` returns it
    ///   (`sqlite3_value *`).
    /// - Returns: the value as stored; a zero-length blob as an empty ``blob(_:)``; `nil` for NULL.
    public static func read(value: OpaquePointer) -> SQLiteIdentifier? {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return nil }
            let count = Int(sqlite3_value_bytes(value))
            return .text(ExactText(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let bytes = sqlite3_value_blob(value) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return nil
        }
    }

    /// Integers and reals as JSON numbers, texts as JSON strings; blobs have no JSON form
    /// (they are fetched with bound parameters).
    public var jsonLiteral: String {
        switch self {
        case .integer(let value): value.jsonLiteral
        case .real(let value): value.jsonLiteral
        case .text(let text): text.string.jsonLiteral
        case .blob: "null"
        }
    }

    /// Reads any storage class; `nil` for NULL.
    ///
    /// - Parameter value: a value GRDB decoded.
    /// - Returns: the value in its storage class; `nil` for NULL.
    public static func from(_ value: DatabaseValue) -> SQLiteIdentifier? {
        switch value.storage {
        case .int64(let value): .integer(value)
        case .double(let value): .real(value)
        case .string(let value): .text(ExactText(value))
        case .blob(let data): .blob(Array(data))
        case .null: nil
        }
    }

    /// Every storage class is represented exactly.
    ///
    /// - Parameter classes: the storage classes seen in the identifier column.
    /// - Returns: `true`, whatever `classes` holds.
    public static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool { true }

    /// The integer, for an integer identifier.
    public var rowID: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// An integer identifier.
    ///
    /// - Parameter rowID: a rowid.
    /// - Returns: ``integer(_:)`` of `rowID`, never `nil`.
    public static func fromRowID(_ rowID: Int64) -> SQLiteIdentifier? { .integer(rowID) }

    public var blobBytes: [UInt8]? {
        if case .blob(let bytes) = self { bytes } else { nil }
    }
}
