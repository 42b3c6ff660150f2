/// What feeds a ``ListViewAdapter``: the ordered entries of a list, in one call, and item
/// payloads, in batches, on demand.
///
/// Adopt it for any store that can list identifiers in order. The adapter never asks for
/// entries one by one and never asks on the main queue:
///
/// ```swift
/// final class Inbox: ListDataSource {
///     func loadEntries() async throws -> ListSnapshot<Int64, Int64> {
///         var builder = ListSnapshot<Int64, Int64>.Builder()
///         for row in try database.rows("SELECT id, day, version FROM mail ORDER BY date DESC") {
///             builder.append(row.id, section: row.day, summary: row.version)
///         }
///         return builder.build()
///     }
///     func fetchItems(_ ids: [Int64]) async throws -> [Int64: Message] {
///         try database.messages(ids)          // ids that vanished are simply absent
///     }
///     func attach(_ invalidation: ListInvalidation) {
///         database.onChange { invalidation.invalidate() }
///     }
/// }
/// ```
///
/// Threading: the adapter calls every requirement from its own tasks, never on the main
/// queue, and a source may complete on any thread. Prefer a completion handler? Adopt
/// ``CallbackListDataSource`` instead.
public protocol ListDataSource<ID, Summary, Item>: Sendable {
    /// The identity of an item.
    associatedtype ID: Hashable & Sendable
    /// A small value that changes whenever an item's displayed content does.
    associatedtype Summary: Equatable & Sendable
    /// The full payload of an item, fetched lazily.
    associatedtype Item: Sendable

    /// Loads all entries of the list, in list order, as one snapshot.
    ///
    /// Build it with ``ListSnapshot/Builder`` while reading, so that no intermediate
    /// array of entries is materialised. Duplicate identifiers are allowed (the snapshot
    /// keeps the first); throwing keeps the adapter on its last good list.
    ///
    /// Called from one of the adapter's tasks, never on the main queue; at most one call
    /// runs at a time per adapter.
    ///
    /// - Returns: every entry of the list, in list order; an empty snapshot for an empty
    ///   list.
    func loadEntries() async throws -> ListSnapshot<ID, Summary>

    /// Fetches the payloads of `ids`. An identifier that no longer exists is left out of
    /// the result: that is not an error.
    ///
    /// Called from one of the adapter's tasks, never on the main queue, with the
    /// identifiers requested during one main-queue turn.
    ///
    /// - Parameter ids: the identifiers whose payloads the adapter needs, each once.
    /// - Returns: the payload of each identifier that still exists; missing identifiers are
    ///   simply absent.
    func fetchItems(_ ids: [ID]) async throws -> [ID: Item]

    /// Receives the handle through which the source reports that its data changed.
    ///
    /// Keep it and call ``ListInvalidation/invalidate()`` from any thread. The handle
    /// holds the adapter weakly, so keeping it creates no retain cycle; once the source is
    /// detached (by a transition or when the adapter goes away) it does nothing.
    ///
    /// Called on the adapter's private queue when the source becomes the adapter's
    /// current source.
    ///
    /// - Parameter invalidation: the handle to call when the source's data changes.
    func attach(_ invalidation: ListInvalidation)

    /// Tells the source that the adapter stopped using it. The default does nothing.
    ///
    /// Called on the adapter's private queue.
    func detach()
}

extension ListDataSource {
    /// Does nothing.
    public func detach() {}
}

/// A ``ListDataSource`` written with completion handlers, for Objective-C-era code.
///
/// Adopt the two completion-handler requirements and `attach(_:)`, and name the three
/// associated types (`typealias ID = Int64`, ...); the async requirements come for
/// free. Completion handlers may be called on any thread, exactly once.
public protocol CallbackListDataSource<ID, Summary, Item>: ListDataSource {
    /// Loads all entries, then calls `completion` once, on any thread.
    ///
    /// - Parameter completion: called once, on any thread, with every entry of the list in
    ///   list order, or the error that prevented loading it.
    func loadEntries(completion: @escaping @Sendable (Result<ListSnapshot<ID, Summary>, any Error>) -> Void)
    /// Fetches the payloads of `ids`, then calls `completion` once, on any thread.
    ///
    /// - Parameters:
    ///   - ids: the identifiers whose payloads the adapter needs, each once.
    ///   - completion: called once, on any thread, with the payload of each identifier that
    ///     still exists (missing ones are simply absent), or the error that prevented the
    ///     fetch.
    func fetchItems(_ ids: [ID], completion: @escaping @Sendable (Result<[ID: Item], any Error>) -> Void)
}

extension CallbackListDataSource {
    /// Bridges ``loadEntries(completion:)``.
    ///
    /// - Returns: the snapshot ``loadEntries(completion:)`` completed with.
    public func loadEntries() async throws -> ListSnapshot<ID, Summary> {
        try await withCheckedThrowingContinuation { continuation in
            loadEntries { continuation.resume(with: $0) }
        }
    }

    /// Bridges ``fetchItems(_:completion:)``.
    ///
    /// - Parameter ids: the identifiers whose payloads the adapter needs.
    /// - Returns: the payloads ``fetchItems(_:completion:)`` completed with.
    public func fetchItems(_ ids: [ID]) async throws -> [ID: Item] {
        try await withCheckedThrowingContinuation { continuation in
            fetchItems(ids) { continuation.resume(with: $0) }
        }
    }
}
