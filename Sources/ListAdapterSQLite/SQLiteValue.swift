public import GRDB
import GRDBSQLite

/// A Swift type the SQLite source reads straight from a statement column, without
/// going through GRDB's `Row` (the entry scan is a hot loop over every row).
///
/// Conforming types: `Int64`, `Int`, `Double`, `String`, ``ListAdapter/NoSummary``, and
/// `Optional` of any of them (which reads NULL as `nil`).
///
/// Thread safety: reading happens on the database connection's queue.
public protocol SQLiteValue: Sendable {
    /// Reads column `column` of the current row of `statement`; `nil` when the value is
    /// NULL (and the type cannot represent NULL).
    static func read(_ statement: OpaquePointer, column: Int32) -> Self?

    /// The value as a JSON literal, for binding a batch of identifiers to
    /// `json_each(?)`.
    var jsonLiteral: String { get }

    /// Reads a value GRDB decoded (for the identifier of a fetched row).
    static func from(_ value: DatabaseValue) -> Self?
}

extension Int64: SQLiteValue {
    public static func read(_ statement: OpaquePointer, column: Int32) -> Int64? {
        // NULL reads as 0: only a 0 needs the (second) type call.
        let value = sqlite3_column_int64(statement, column)
        return value == 0 && sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : value
    }

    public var jsonLiteral: String { String(self) }

    public static func from(_ value: DatabaseValue) -> Int64? { Int64.fromDatabaseValue(value) }
}

extension Int: SQLiteValue {
    public static func read(_ statement: OpaquePointer, column: Int32) -> Int? {
        Int64.read(statement, column: column).map { Int(truncatingIfNeeded: $0) }
    }

    public var jsonLiteral: String { String(self) }

    public static func from(_ value: DatabaseValue) -> Int? { Int.fromDatabaseValue(value) }
}

extension Double: SQLiteValue {
    public static func read(_ statement: OpaquePointer, column: Int32) -> Double? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
    }

    public var jsonLiteral: String { isFinite ? "\(self)" : "null" }

    public static func from(_ value: DatabaseValue) -> Double? { Double.fromDatabaseValue(value) }
}

extension String: SQLiteValue {
    public static func read(_ statement: OpaquePointer, column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL, let text = sqlite3_column_text(statement, column) else {
            return nil
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public var jsonLiteral: String {
        var literal = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case let control where control.value < 0x20:
                literal += "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// Text as is; integers and reals as their SQLite text, as `sqlite3_column_text` reads
    /// them in the entry scan (so an INTEGER column can serve String identifiers).
    public static func from(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .string(let text): text
        case .int64(let integer): String(integer)
        case .double(let real): "\(real)"
        case .blob, .null: nil
        }
    }
}

extension Optional: SQLiteValue where Wrapped: SQLiteValue {
    public static func read(_ statement: OpaquePointer, column: Int32) -> Wrapped?? {
        .some(Wrapped.read(statement, column: column))
    }

    public var jsonLiteral: String { map(\.jsonLiteral) ?? "null" }

    public static func from(_ value: DatabaseValue) -> Wrapped?? { .some(Wrapped.from(value)) }
}
