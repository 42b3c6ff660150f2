public import GRDB
public import ListAdapter

extension NoSummary: SQLiteValue {
    /// Always a value: items without a summary never change.
    public static func read(_ statement: OpaquePointer, column: Int32) -> NoSummary? { NoSummary() }

    public static func read(value: OpaquePointer) -> NoSummary? { NoSummary() }

    public var jsonLiteral: String { "null" }

    /// Always a value.
    public static func from(_ value: DatabaseValue) -> NoSummary? { NoSummary() }
}
