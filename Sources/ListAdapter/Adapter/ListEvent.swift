/// What a ``ListViewAdapter`` tells its observers, on its delivery queue (the main queue
/// unless configured otherwise).
///
/// Thread safety: a value type; delivered on the delivery queue, usable on any queue.
public enum ListEvent<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// Reload everything from this snapshot (`reloadData`): the first load, a
    /// transition configured without animation, or any change for an observer that is
    /// not ready. The adapter already answers from `snapshot` when this is delivered.
    case reload(ListSnapshot<ID, Summary>)
    /// Apply this batch inside one `performBatchUpdates`. The adapter already answers
    /// from `batch.after` when this is delivered, as UIKit expects at the end of the block.
    case batch(ListBatch<ID, Summary>, ListChangeInfo)
    /// The load state changed (for example to ``ListLoadState/failed(_:)``).
    case loadStateChanged(ListLoadState)
    /// The last load reported duplicate identifiers; the adapter kept each one's first
    /// occurrence. Reported once per load that had any.
    case duplicateIdentifiers(DuplicateIdentifiers<ID>)
    /// A person moved an item in a list view, which shows the move already (see
    /// ``ListViewAdapter/moveItem(from:to:write:)``): the view that made the move must not
    /// apply it again; any other view showing this adapter moves the item.
    case itemMoved(ListMove<ID>)
    /// A person's edit ended: `.success` when the source's list contains its write (no
    /// change on screen), `.failure` when the write threw or the source's list did not keep
    /// it, after the batch that undoes it on screen.
    case editEnded(Result<ListEdit<ID>, ListEditError<ID>>)
}

/// Facts about a delivered change: what changed, why, and what it cost.
///
/// Thread safety: a value type; use it on any queue.
public struct ListChangeInfo: Sendable {
    /// Why the adapter computed a change.
    public enum Reason: Sendable, Equatable {
        /// The data source invalidated (or the first load completed).
        case invalidation
        /// The adapter transitioned to another data source.
        case transition
        /// A section was collapsed or expanded.
        case sectionVisibility
        /// A person's edit: a delete made in the view, or the batch that undoes an edit
        /// whose write failed or that the source's list did not keep.
        case edit
    }

    /// What changed, by meaning.
    public var changes: ListChangeSet
    /// Why.
    public var reason: Reason
    /// The position of this batch in its update (batches are delivered in order).
    public var batchIndex: Int
    /// How many batches the update has.
    public var batchCount: Int
    /// Time spent on the adapter's private queue diffing and staging this update.
    public var computeDuration: Duration

    /// Creates change facts.
    ///
    /// - Parameters:
    ///   - changes: what the whole update changed, by meaning (paths before and after it).
    ///   - reason: why the adapter computed the update.
    ///   - batchIndex: the zero-based position of this batch in its update.
    ///   - batchCount: how many batches the update has (at least 1).
    ///   - computeDuration: the time spent on the private queue diffing and staging the update.
    public init(changes: ListChangeSet, reason: Reason, batchIndex: Int, batchCount: Int, computeDuration: Duration) {
        self.changes = changes
        self.reason = reason
        self.batchIndex = batchIndex
        self.batchCount = batchCount
        self.computeDuration = computeDuration
    }
}
