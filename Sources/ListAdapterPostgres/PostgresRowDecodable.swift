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
    ///
    /// - Parameter row: one row of the listed table or select, all its columns, readable by name
    ///   (`row["subject"]`).
    /// - Throws: what decoding a column throws; a `PostgresDecodingError` becomes a
    ///   ``PostgresSourceError`` of kind `typeMismatch`, any other error one of kind
    ///   `other`; either fails the fetch.
    init(row: PostgresRandomAccessRow) throws
}

/// A list without summaries reads a constant in the summary's place.
extension NoSummary: PostgresDecodable {
    /// Ignores the value. Runs on the thread that decodes the row.
    ///
    /// - Parameters:
    ///   - buffer: the column's bytes; not read.
    ///   - type: the column's PostgreSQL type; any type is accepted.
    ///   - format: the column's format, text or binary; either is accepted.
    ///   - context: the decoding context; not used.
    public init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        self.init()
    }
}
#endif
