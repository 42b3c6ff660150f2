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
/// Under the default ``BatchingPolicy/keepingIdentity`` a change takes one batch when one
/// batch keeps every surviving cell, and otherwise the few more that do (a section that
/// moves and changes inside moves in one batch and changes in another); under
/// ``BatchingPolicy/single`` it always takes one (see
/// ``BatchUpdate/init(safelyApplying:updateStyle:)``). Each batch carries the exact state
/// the data source must report after it.
///
/// Thread safety: a value type; compute it on any queue (the adapter computes it on its
/// private queue) and hand it to the main queue.
public struct ListUpdate<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// What changed, by meaning.
    public var changes: ListChangeSet
    /// The batches to perform in order; empty when nothing changed.
    public var batches: [ListBatch<ID, Summary>]

    /// Creates an update from already computed parts.
    ///
    /// - Parameters:
    ///   - changes: what changed, by meaning.
    ///   - batches: the batches that apply `changes`, in order; empty when nothing changed.
    ///     They are taken as they are, not checked.
    public init(changes: ListChangeSet, batches: [ListBatch<ID, Summary>]) {
        self.changes = changes
        self.batches = batches
    }

    /// Diffs `old` against `new` and stages the result into batches UIKit accepts.
    ///
    /// - Parameters:
    ///   - old: the list the view shows.
    ///   - new: the list to show.
    ///   - updateStyle: how updated items are shown.
    ///   - batching: how the change is split into batches; see ``BatchingPolicy``.
    ///
    /// Runs on the calling queue; pure.
    ///
    /// - Complexity: That of ``ListChangeSet/init(from:to:)`` plus O(c log c) for c
    ///   changes, plus O(n) for each intermediate state of a multi-batch update.
    @inlinable
    public init(
        from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>, updateStyle: UpdateStyle = .reconfigure,
        batching: BatchingPolicy = .keepingIdentity
    ) {
        let changes = ListChangeSet(from: old, to: new)
        self.init(changes: changes, old: old, new: new, updateStyle: updateStyle, batching: batching)
    }

    /// Stages an already computed diff of `old` and `new` into batches.
    ///
    /// Runs on the calling queue; pure.
    ///
    /// - Complexity: O(c log c) for c changes, plus O(n) for each intermediate state of a
    ///   multi-batch update.
    ///
    /// - Parameters:
    ///   - changes: the diff of `old` and `new`, as ``ListChangeSet/init(from:to:)`` computes
    ///     it; when it is empty the update has no batch.
    ///   - old: the list the view shows.
    ///   - new: the list to show.
    ///   - updateStyle: how updated items are shown; ``UpdateStyle/reconfigure`` by default.
    ///   - batching: how the change is split into batches; ``BatchingPolicy/keepingIdentity``
    ///     by default.
    @inlinable
    public init(
        changes: ListChangeSet, old: ListSnapshot<ID, Summary>, new: ListSnapshot<ID, Summary>,
        updateStyle: UpdateStyle = .reconfigure, batching: BatchingPolicy = .keepingIdentity
    ) {
        self.changes = changes
        if changes.isEmpty {
            batches = []
            return
        }
        switch batching {
        case .single:
            batches = [ListBatch(update: BatchUpdate(safelyApplying: changes, updateStyle: updateStyle), after: new)]
        case .keepingIdentity:
            batches = Self.stagedBatches(changes: changes, old: old, new: new, updateStyle: updateStyle)
        }
    }
}
