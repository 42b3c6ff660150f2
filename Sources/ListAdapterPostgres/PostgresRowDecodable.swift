#if PostgreSQL
public import ListAdapter
public import PostgresNIO

/// A payload type a ``PostgresListSource`` fetches: made from one row of the listed table
/// (all its columns, by name).
///
/// ```swift
/// struct Ticket: PostgresRowDecodable {
///     var id: Int64
///     var subject: String
///     init(row: PostgresRandomAccessRow) throws {
///         id = try row["id"].decode(Int64.self)
///         subject = try row["subject"].decode(String.self)
///     }
/// }
/// ```
///
/// Threading: `init(row:)` runs on the source's fetch task, never on the main queue.
public protocol PostgresRowDecodable: Sendable {
    /// Decodes the payload from a row; a thrown `PostgresDecodingError` becomes a
    /// ``PostgresSourceError`` of kind `typeMismatch` naming the column.
    init(row: PostgresRandomAccessRow) throws
}

/// A list without summaries reads a constant in the summary's place.
extension NoSummary: PostgresDecodable {
    /// Ignores the value. Runs on the thread that decodes the row.
    public init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        self.init()
    }
}
#endif
