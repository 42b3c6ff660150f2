
/// An array-backed, mutable, thread-safe ``ListDataSource``: for tests, soak runs and
/// previews.
///
/// Mutate it from any thread; every mutation invalidates the adapters it is attached to.
///
/// ```swift
/// let source = InMemoryListSource<String, Int, String>([
///     .init(entry: ListEntry(id: "a", section: "Today", summary: 1), item: "Hello"),
/// ])
/// let adapter = ListViewAdapter(source: source)
/// source.mutate { records in records.removeAll { $0.entry.id == "a" } }
/// ```
///
/// Thread safety: every member may be called from any thread; state is guarded by a
/// lock (`Guarded`), and no user code runs while it is held.
public final class InMemoryListSource<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable>: SummarizingListDataSource {
    /// One entry and its payload.
    public struct Record: Sendable {
        /// The entry the adapter lists.
        public var entry: ListEntry<ID, Summary>
        /// The payload the adapter fetches on demand.
        public var item: Item

        /// Creates a record.
        ///
        /// - Parameters:
        ///   - entry: the entry the adapter lists: identifier, section title, summary.
        ///   - item: the payload the adapter fetches for it.
        public init(entry: ListEntry<ID, Summary>, item: Item) {
            self.entry = entry
            self.item = item
        }
    }

    private struct State {
        var records: [Record]
        var itemsByID: [ID: SummarizedItem<Summary, Item>]
        var invalidations: [ListInvalidation] = []
    }

    private let state: Guarded<State>

    /// Creates a source holding `records`, in list order.
    ///
    /// - Parameter records: the records in list order; none by default. Records of one
    ///   section should be contiguous; a repeated identifier lists once (the first).
    public init(_ records: [Record] = []) {
        state = Guarded(State(records: records, itemsByID: Self.index(records)))
    }

    /// The records, in list order (a copy).
    public var records: [Record] {
        state.withLock { $0.records }
    }

    /// Changes the records, then invalidates every attached adapter.
    ///
    /// `body` runs on the calling thread while the source's lock is held: keep it short
    /// and do not call back into the source from it.
    ///
    /// - Parameter body: changes the records in place (list order). If it throws, the error
    ///   is rethrown and adapters are still invalidated.
    /// - Returns: what `body` returns.
    @discardableResult
    public func mutate<Result>(_ body: (inout [Record]) throws -> Result) rethrows -> Result {
        let (result, invalidations) = try state.withLock { state in
            let result = try body(&state.records)
            state.itemsByID = Self.index(state.records)
            return (result, state.invalidations)
        }
        for invalidation in invalidations { invalidation.invalidate() }
        return result
    }

    /// Replaces every record, then invalidates every attached adapter.
    ///
    /// - Parameter records: the new records, in list order; an empty array empties the list.
    public func replace(with records: [Record]) {
        mutate { $0 = records }
    }

    /// Invalidates every attached adapter without changing anything (a no-op change).
    public func invalidate() {
        for invalidation in state.withLock({ $0.invalidations }) { invalidation.invalidate() }
    }

    /// Builds a snapshot of the current records.
    ///
    /// - Returns: the records' entries in list order; a repeated identifier keeps its first
    ///   entry.
    public func loadEntries() async throws -> ListSnapshot<ID, Summary> {
        let records = state.withLock { $0.records }
        var builder = ListSnapshot<ID, Summary>.Builder()
        builder.reserveCapacity(records.count)
        for record in records {
            builder.append(record.entry.id, section: record.entry.section, summary: record.entry.summary)
        }
        return builder.build()
    }

    /// Returns the payloads of the identifiers that exist.
    ///
    /// - Parameter ids: the identifiers whose payloads to return.
    /// - Returns: the payload of each identifier the source has; the others are left out.
    public func fetchItems(_ ids: [ID]) async throws -> [ID: Item] {
        try await fetchSummarizedItems(ids).mapValues(\.item)
    }

    /// Returns the payloads of the identifiers that exist, each with its summary.
    ///
    /// - Parameter ids: the identifiers whose payloads to return.
    /// - Returns: the payload and current summary of each identifier the source has; the
    ///   others are left out.
    public func fetchSummarizedItems(_ ids: [ID]) async throws -> [ID: SummarizedItem<Summary, Item>] {
        state.withLock { state in
            var result: [ID: SummarizedItem<Summary, Item>] = [:]
            for id in ids {
                if let item = state.itemsByID[id] { result[id] = item }
            }
            return result
        }
    }

    /// Keeps `invalidation` (and forgets handles whose adapter moved on).
    ///
    /// - Parameter invalidation: the handle a mutation calls; kept until its adapter no
    ///   longer lists this source.
    public func attach(_ invalidation: ListInvalidation) {
        state.withLock { state in
            state.invalidations.removeAll { !$0.isActive }
            state.invalidations.append(invalidation)
        }
    }

    private static func index(_ records: [Record]) -> [ID: SummarizedItem<Summary, Item>] {
        var items: [ID: SummarizedItem<Summary, Item>] = [:]
        items.reserveCapacity(records.count)
        for record in records where items[record.entry.id] == nil {
            items[record.entry.id] = SummarizedItem(summary: record.entry.summary, item: record.item)
        }
        return items
    }
}
