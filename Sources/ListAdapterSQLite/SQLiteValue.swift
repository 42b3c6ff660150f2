public import GRDB
import Foundation
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
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement (`sqlite3_stmt *`) on a row; valid for the call
    ///     only.
    ///   - column: the column's index, from 0.
    /// - Returns: the value; `nil` for NULL, unless the type reads NULL as a value of its own.
    static func read(_ statement: OpaquePointer, column: Int32) -> Self?

    /// Reads `value`, a column of the current row as `sqlite3_column_value` returns it
    /// (valid until the statement steps or resets); `nil` when the value is NULL (and the
    /// type cannot represent NULL). The entry scan reads every row this way: each
    /// `sqlite3_column_*` call pays SQLite's API entry and exit, so one per column, with
    /// the type and the value read from what it returns, is cheaper than a type call and
    /// a value call (at a million rows, a call per row is about 20 ms). The default
    /// decodes the value and reads it with ``from(_:)``. Called on the database
    /// connection's queue, during the scan.
    ///
    /// - Parameter value: a column of the current row as `sqlite3_column_value` returns it
    ///   (`sqlite3_value *`), valid until the statement steps or resets.
    /// - Returns: the value; `nil` for NULL, unless the type reads NULL as a value of its own.
    static func read(value: OpaquePointer) -> Self?

    /// The value as a JSON literal, for binding a batch of identifiers to
    /// `json_each(?)`.
    var jsonLiteral: String { get }

    /// Reads a value GRDB decoded (for the identifier of a fetched row).
    ///
    /// - Parameter value: a value GRDB decoded from a fetched row.
    /// - Returns: the value; `nil` when it is NULL or cannot be read as the type.
    static func from(_ value: DatabaseValue) -> Self?

    /// Whether a column whose rows hold values of `classes` reads into distinct values of
    /// this type exactly when the values are distinct in SQLite (so no two rows collapse
    /// into one identifier, and no value is changed by the reading).
    ///
    /// The entry scan checks the identifier column's classes against it and fails with
    /// ``SQLiteSourceError/Kind/inexactIdentifier`` instead of dropping rows. The default
    /// is `true`.
    ///
    /// - Parameter classes: the storage classes seen in the identifier column during the scan (NULL
    ///   included when a row had one).
    /// - Returns: `true` when distinct values of those classes always read into distinct values of
    ///   the type, unchanged.
    static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool

    /// The value's bytes when it is a blob, which JSON cannot carry (payloads of blob
    /// identifiers are fetched with bound parameters instead). The default is `nil`.
    var blobBytes: [UInt8]? { get }

    /// The value as a rowid, when the list is identified by its table's rowid (the
    /// incremental path places rows by rowid). The default is `nil`.
    var rowID: Int64? { get }

    /// The identifier of the row with rowid `rowID` (the inverse of ``rowID``). The
    /// default is `nil`.
    ///
    /// - Parameter rowID: the rowid of a row of the listed table.
    /// - Returns: the row's identifier; `nil` when the type is not identified by rowid or the rowid
    ///   does not fit it.
    static func fromRowID(_ rowID: Int64) -> Self?
}

extension SQLiteValue {
    /// The value decoded as GRDB decodes it, read with ``from(_:)``. On the database
    /// connection's queue.
    ///
    /// - Parameter value: a column of the current row as `sqlite3_column_value` returns it
    ///   (`sqlite3_value *`).
    /// - Returns: what ``from(_:)`` reads from the value decoded as GRDB decodes it (an INTEGER,
    ///   REAL, TEXT, BLOB or NULL).
    public static func read(value: OpaquePointer) -> Self? {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return from(sqlite3_value_int64(value).databaseValue)
        case SQLITE_FLOAT:
            return from(sqlite3_value_double(value).databaseValue)
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return from(.null) }
            let count = Int(sqlite3_value_bytes(value))
            return from(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self).databaseValue)
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let bytes = sqlite3_value_blob(value) else { return from(Data().databaseValue) }
            return from(Data(bytes: bytes, count: count).databaseValue)
        default:
            return from(.null)
        }
    }

    /// `true`: the type makes no claim.
    ///
    /// - Parameter classes: the storage classes seen in the identifier column.
    /// - Returns: `true`, whatever `classes` holds.
    public static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool { true }

    /// `nil`: not a blob.
    public var blobBytes: [UInt8]? { nil }

    /// `nil`: not a rowid.
    public var rowID: Int64? { nil }

    /// `nil`: not a rowid.
    ///
    /// - Parameter rowID: a rowid.
    /// - Returns: `nil`, whatever the rowid.
    public static func fromRowID(_ rowID: Int64) -> Self? { nil }
}

/// The SQLite storage classes (https://www.sqlite.org/datatype3.html) seen in a column.
///
/// Thread safety: a value type; use it on any queue.
public struct SQLiteStorageClasses: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The classes as bits. Any queue.
    public let rawValue: UInt8
    /// The classes whose bits `rawValue` holds. Any queue.
    ///
    /// - Parameter rawValue: the classes as bits: 1 << 1 INTEGER, 1 << 2 REAL, 1 << 3 TEXT, 1 << 4
    ///   BLOB, 1 << 5 NULL.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// INTEGER values.
    public static let integer = SQLiteStorageClasses(rawValue: 1 << 1)
    /// REAL values.
    public static let real = SQLiteStorageClasses(rawValue: 1 << 2)
    /// TEXT values.
    public static let text = SQLiteStorageClasses(rawValue: 1 << 3)
    /// BLOB values.
    public static let blob = SQLiteStorageClasses(rawValue: 1 << 4)
    /// NULL.
    public static let null = SQLiteStorageClasses(rawValue: 1 << 5)

    /// The class of a `sqlite3_column_type` code (SQLITE_INTEGER is 1 ... SQLITE_NULL is 5).
    @inline(__always)
    init(columnType: Int32) { rawValue = 1 << UInt8(truncatingIfNeeded: columnType) }

    /// The classes' names, such as `INTEGER, TEXT`, for messages. Any queue.
    public var description: String {
        let names: [(SQLiteStorageClasses, String)] = [(.integer, "INTEGER"), (.real, "REAL"), (.text, "TEXT"), (.blob, "BLOB"), (.null, "NULL")]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}

extension Int64: SQLiteValue {
    /// Reads an INTEGER column (a REAL or TEXT one as SQLite converts it).
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement (`sqlite3_stmt *`) on a row.
    ///   - column: the column's index, from 0.
    /// - Returns: the value; `nil` for NULL.
    public static func read(_ statement: OpaquePointer, column: Int32) -> Int64? {
        // NULL reads as 0: only a 0 needs the (second) type call.
        let value = sqlite3_column_int64(statement, column)
        return value == 0 && sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : value
    }

    /// Reads an INTEGER value (a REAL or TEXT one as SQLite converts it).
    ///
    /// - Parameter value: a column of the current row, as `sqlite3_column_value` returns it.
    /// - Returns: the value; `nil` for NULL.
    public static func read(value: OpaquePointer) -> Int64? {
        sqlite3_value_type(value) == SQLITE_NULL ? nil : sqlite3_value_int64(value)
    }

    public var jsonLiteral: String { String(self) }

    /// Reads a value GRDB decoded, as GRDB converts it to `Int64`.
    ///
    /// - Parameter value: a value GRDB decoded.
    /// - Returns: the value; `nil` for NULL or a value GRDB does not convert.
    public static func from(_ value: DatabaseValue) -> Int64? { Int64.fromDatabaseValue(value) }

    /// The value itself.
    public var rowID: Int64? { self }

    /// The rowid itself.
    ///
    /// - Parameter rowID: a rowid.
    /// - Returns: `rowID` itself.
    public static func fromRowID(_ rowID: Int64) -> Int64? { rowID }

    /// Only INTEGER values (a text `'999'` would read as the integer 999).
    ///
    /// - Parameter classes: the storage classes seen in the identifier column.
    /// - Returns: `true` when `classes` holds nothing but INTEGER and NULL.
    public static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool {
        classes.isSubset(of: [.integer, .null])
    }
}

extension Int: SQLiteValue {
    /// Reads an INTEGER column as `Int64` does, truncated to `Int` (the same on 64-bit platforms).
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement (`sqlite3_stmt *`) on a row.
    ///   - column: the column's index, from 0.
    /// - Returns: the value; `nil` for NULL.
    public static func read(_ statement: OpaquePointer, column: Int32) -> Int? {
        Int64.read(statement, column: column).map { Int(truncatingIfNeeded: $0) }
    }

    /// Reads an INTEGER value as `Int64` does, truncated to `Int` (the same on 64-bit platforms).
    ///
    /// - Parameter value: a column of the current row, as `sqlite3_column_value` returns it.
    /// - Returns: the value; `nil` for NULL.
    public static func read(value: OpaquePointer) -> Int? {
        Int64.read(value: value).map { Int(truncatingIfNeeded: $0) }
    }

    public var jsonLiteral: String { String(self) }

    /// Reads a value GRDB decoded, as GRDB converts it to `Int`.
    ///
    /// - Parameter value: a value GRDB decoded.
    /// - Returns: the value; `nil` for NULL or a value GRDB does not convert.
    public static func from(_ value: DatabaseValue) -> Int? { Int.fromDatabaseValue(value) }

    /// Only INTEGER values.
    ///
    /// - Parameter classes: the storage classes seen in the identifier column.
    /// - Returns: `true` when `classes` holds nothing but INTEGER and NULL.
    public static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool {
        Int64.representsExactly(classes)
    }

    /// The value as an `Int64`.
    public var rowID: Int64? { Int64(self) }

    /// The rowid, when it fits.
    ///
    /// - Parameter rowID: a rowid.
    /// - Returns: the rowid as an `Int`; `nil` when it does not fit.
    public static func fromRowID(_ rowID: Int64) -> Int? { Int(exactly: rowID) }
}

extension Double: SQLiteValue {
    /// Reads a REAL column (an INTEGER or TEXT one as SQLite converts it).
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement (`sqlite3_stmt *`) on a row.
    ///   - column: the column's index, from 0.
    /// - Returns: the value; `nil` for NULL.
    public static func read(_ statement: OpaquePointer, column: Int32) -> Double? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
    }

    /// Reads a REAL value (an INTEGER or TEXT one as SQLite converts it).
    ///
    /// - Parameter value: a column of the current row, as `sqlite3_column_value` returns it.
    /// - Returns: the value; `nil` for NULL.
    public static func read(value: OpaquePointer) -> Double? {
        sqlite3_value_type(value) == SQLITE_NULL ? nil : sqlite3_value_double(value)
    }

    public var jsonLiteral: String { isFinite ? "\(self)" : "null" }

    /// Reads a value GRDB decoded, as GRDB converts it to `Double`.
    ///
    /// - Parameter value: a value GRDB decoded.
    /// - Returns: the value; `nil` for NULL or a value GRDB does not convert.
    public static func from(_ value: DatabaseValue) -> Double? { Double.fromDatabaseValue(value) }

    /// REAL and INTEGER values (SQLite itself equates 1 and 1.0).
    ///
    /// - Parameter classes: the storage classes seen in the identifier column.
    /// - Returns: `true` when `classes` holds nothing but REAL, INTEGER and NULL.
    public static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool {
        classes.isSubset(of: [.real, .integer, .null])
    }
}

extension String: SQLiteValue {
    /// Reads a column as text (an INTEGER or REAL one as SQLite prints it).
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement (`sqlite3_stmt *`) on a row.
    ///   - column: the column's index, from 0.
    /// - Returns: the text; `nil` for NULL.
    public static func read(_ statement: OpaquePointer, column: Int32) -> String? {
        read(value: sqlite3_column_value(statement, column))
    }

    /// Reads a value as text (an INTEGER or REAL one as SQLite prints it).
    ///
    /// - Parameter value: a column of the current row, as `sqlite3_column_value` returns it.
    /// - Returns: the text, decoded as UTF-8; `nil` for NULL.
    public static func read(value: OpaquePointer) -> String? {
        guard sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else { return nil }
        let count = Int(sqlite3_value_bytes(value))
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
    ///
    /// - Parameter value: a value GRDB decoded.
    /// - Returns: the text; `nil` for a blob or NULL.
    public static func from(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .string(let text): text
        case .int64(let integer): String(integer)
        case .double(let real): "\(real)"
        case .blob, .null: nil
        }
    }

    /// Only TEXT values, or only INTEGER values (read as their decimal text): a column
    /// mixing them would read `999` and `'999'` as one identifier, and a blob's bytes are
    /// not text. Two texts Swift's `String` equates (`"é"` and `"e\u{301}"`) are caught
    /// after the scan; ``SQLiteIdentifier`` tells them apart.
    ///
    /// - Parameter classes: the storage classes seen in the identifier column.
    /// - Returns: `true` when `classes` holds nothing but TEXT and NULL, or nothing but INTEGER and
    ///   NULL.
    public static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool {
        classes.isSubset(of: [.text, .null]) || classes.isSubset(of: [.integer, .null])
    }

    /// The decimal text of an integer (how an INTEGER column reads as a `String`).
    public var rowID: Int64? { Int64(self).flatMap { String($0) == self ? $0 : nil } }

    /// The rowid's decimal text.
    ///
    /// - Parameter rowID: a rowid.
    /// - Returns: the rowid's decimal text, never `nil`.
    public static func fromRowID(_ rowID: Int64) -> String? { String(rowID) }
}

extension Optional: SQLiteValue where Wrapped: SQLiteValue {
    /// Reads a column as `Wrapped` does, NULL as `nil`.
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement (`sqlite3_stmt *`) on a row.
    ///   - column: the column's index, from 0.
    /// - Returns: always a value: the wrapped value, or `nil` for NULL.
    public static func read(_ statement: OpaquePointer, column: Int32) -> Wrapped?? {
        .some(Wrapped.read(statement, column: column))
    }

    /// Reads a value as `Wrapped` does, NULL as `nil`.
    ///
    /// - Parameter value: a column of the current row, as `sqlite3_column_value` returns it.
    /// - Returns: always a value: the wrapped value, or `nil` for NULL.
    public static func read(value: OpaquePointer) -> Wrapped?? {
        .some(Wrapped.read(value: value))
    }

    public var jsonLiteral: String { map(\.jsonLiteral) ?? "null" }

    /// Reads a value GRDB decoded as `Wrapped` does, NULL as `nil`.
    ///
    /// - Parameter value: a value GRDB decoded.
    /// - Returns: always a value: the wrapped value, or `nil` for NULL or a value `Wrapped` does
    ///   not read.
    public static func from(_ value: DatabaseValue) -> Wrapped?? { .some(Wrapped.from(value)) }

    /// As `Wrapped` does.
    ///
    /// - Parameter classes: the storage classes seen in the identifier column.
    /// - Returns: what `Wrapped` answers for `classes`.
    public static func representsExactly(_ classes: SQLiteStorageClasses) -> Bool { Wrapped.representsExactly(classes) }

    public var blobBytes: [UInt8]? { self?.blobBytes }

    public var rowID: Int64? { self?.rowID }

    /// As `Wrapped` does.
    ///
    /// - Parameter rowID: a rowid.
    /// - Returns: `Wrapped`'s identifier for the rowid; `nil` when `Wrapped` has none.
    public static func fromRowID(_ rowID: Int64) -> Wrapped?? { Wrapped.fromRowID(rowID).map { .some($0) } }
}
