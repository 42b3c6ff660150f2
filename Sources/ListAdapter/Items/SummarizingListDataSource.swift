/// A payload together with the summary its item had when the payload was read.
///
/// Thread safety: a value type; use it on any queue.
public struct SummarizedItem<Summary: Sendable, Item: Sendable>: Sendable {
    /// The item's summary, read with the payload.
    public var summary: Summary
    /// The payload.
    public var item: Item

    /// Creates a payload with its summary.
    ///
    /// - Parameters:
    ///   - summary: the item's summary, read with the payload.
    ///   - item: the payload.
    public init(summary: Summary, item: Item) {
        self.summary = summary
        self.item = item
    }
}

extension SummarizedItem: Equatable where Summary: Equatable, Item: Equatable {}

/// A ``ListDataSource`` whose payload fetch also reports each item's summary as it was
/// when the payload was read, so the adapter never shows a payload on a row whose place
/// and summary belong to another version of the item.
///
/// Between a commit and the delivery that shows it, a fetched payload can be newer than
/// the row the list shows (a message refiled to another day, still listed under the old
/// day's header). With the summary in hand the adapter knows: it shows such a payload
/// only until its next delivery, then waits for the delivery that brings the row's new
/// place and summary. A plain ``ListDataSource`` cannot tell, so its payloads are
/// labelled with the summary the row had when they were requested.
///
/// ```swift
/// func fetchSummarizedItems(_ ids: [Int64]) async throws -> [Int64: SummarizedItem<Int64, Message>] {
///     try database.messages(ids).mapValues { SummarizedItem(summary: $0.version, item: $0) }
/// }
/// ```
///
/// Threading: as ``ListDataSource/fetchItems(_:)``: called from the adapter's own tasks,
/// never on the main queue.
public protocol SummarizingListDataSource<ID, Summary, Item>: ListDataSource {
    /// Fetches the payloads of `ids`, each with its item's summary read in the same
    /// transaction (or under the same lock) as the payload. An identifier that no longer
    /// exists is left out of the result: that is not an error.
    ///
    /// - Parameter ids: the identifiers whose payloads the adapter needs, each once.
    /// - Returns: the payload and summary of each identifier that still exists; missing
    ///   identifiers are simply absent.
    func fetchSummarizedItems(_ ids: [ID]) async throws -> [ID: SummarizedItem<Summary, Item>]
}

extension SummarizingListDataSource {
    /// The payloads of ``fetchSummarizedItems(_:)``, without their summaries.
    ///
    /// - Parameter ids: the identifiers whose payloads the adapter needs.
    /// - Returns: the payload of each identifier that still exists.
    public func fetchItems(_ ids: [ID]) async throws -> [ID: Item] {
        try await fetchSummarizedItems(ids).mapValues(\.item)
    }
}
