public import GRDB
public import ListAdapter

extension NoSummary: SQLiteValue {
    /// Always a value: items without a summary never change.
    ///
    /// - Parameters:
    ///   - statement: a prepared SQLite statement; not read.
    ///   - column: the column's index; not read.
    /// - Returns: `NoSummary()`, whatever the column holds.
    public static func read(_ statement: OpaquePointer, column: Int32) -> NoSummary? { NoSummary() }

    /// Always a value: items without a summary never change.
    ///
    /// - Parameter value: a column's value; not read.
    /// - Returns: `NoSummary()`, whatever the value.
    public static func read(value: OpaquePointer) -> NoSummary? { NoSummary() }

    public var jsonLiteral: String { "null" }

    /// Always a value.
    ///
    /// - Parameter value: a value GRDB decoded; not read.
    /// - Returns: `NoSummary()`, whatever the value.
    public static func from(_ value: DatabaseValue) -> NoSummary? { NoSummary() }
}
