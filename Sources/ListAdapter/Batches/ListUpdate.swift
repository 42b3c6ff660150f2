/// The complete change from one snapshot to another: the diff, and the batches that
/// apply it to a `UITableView` or `UICollectionView`.
///
/// ```swift
/// let update = ListUpdate(from: before, to: after)
/// for batch in update.batches {
///     tableView.performBatchUpdates {
///         dataSource.snapshot = batch.after     // what the view reads at the end
///         batch.update.apply(to: tableView)     // (the UIKit connector does this)
///     }
/// }
/// ```
///
/// Today every change fits in one batch (see ``BatchUpdate/init(safelyApplying:updateStyle:)``);
/// the type keeps a list so that callers already apply batches in order.
///
/// Thread safety: a value type; compute it on any queue (the adapter computes it on its
/// private queue) and hand it to the main queue.
public struct ListUpdate<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// What changed, by meaning.
    public var changes: ListChangeSet
    /// The batches to perform in order; empty when nothing changed.
    public var batches: [ListBatch<ID, Summary>]

    /// Creates an update from already computed parts.
    public init(changes: ListChangeSet, batches: [ListBatch<ID, Summary>]) {
        self.changes = changes
        self.batches = batches
    }

    /// Diffs `old` against `new` and stages the result into batches UIKit accepts.
    ///
    /// Runs on the calling queue; pure.
    ///
    /// - Complexity: That of ``ListChangeSet/init(from:to:)`` plus O(c log c) for c changes.
    @inlinable
    public init(from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>, updateStyle: UpdateStyle = .reconfigure) {
        let changes = ListChangeSet(from: old, to: new)
        self.init(changes: changes, new: new, updateStyle: updateStyle)
    }

    @usableFromInline
    init(changes: ListChangeSet, new: ListSnapshot<ID, Summary>, updateStyle: UpdateStyle) {
        self.changes = changes
        if changes.isEmpty {
            batches = []
        } else {
            batches = [ListBatch(update: BatchUpdate(safelyApplying: changes, updateStyle: updateStyle), after: new)]
        }
    }
}
