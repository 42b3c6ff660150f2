/// One batch of a ``ListUpdate``: the operations to perform inside one
/// `performBatchUpdates` call, and the exact state the data source must report once the
/// batch is applied.
///
/// Thread safety: a value type; use it on any queue.
public struct ListBatch<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// The operations, with UIKit's index semantics.
    public var update: BatchUpdate
    /// The data-source state after the batch: what `numberOfSections`,
    /// `numberOfItems(inSection:)` and the cell provider must answer from once UIKit reads
    /// the data source at the end of the batch.
    public var after: ListSnapshot<ID, Summary>

    /// Creates a batch.
    ///
    /// - Parameters:
    ///   - update: the operations to perform in one `performBatchUpdates` call.
    ///   - after: the list once the batch is applied: what the data source must answer from
    ///     when the view reads it at the end of the batch.
    public init(update: BatchUpdate, after: ListSnapshot<ID, Summary>) {
        self.update = update
        self.after = after
    }
}
