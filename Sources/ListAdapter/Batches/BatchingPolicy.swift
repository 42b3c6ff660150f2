/// How a ``ListUpdate`` splits a change into `performBatchUpdates` calls.
///
/// UIKit cannot perform every combination of changes in one batch without destroying
/// cells: an item operation inside a section that moves in the same batch is unsafe on
/// `UICollectionView` (heap corruption, `request for index path for global index`), an
/// item cannot move out of a section deleted in the same batch (R6) or into one inserted
/// in it (R11), a reload or reconfigure cannot be combined with a move of the same item,
/// and a reconfigure shows the item found at its *pre-update* path, so it is right only
/// where the batch leaves that path unchanged. One batch must then delete and insert
/// (whole sections, or single items) what should have moved or been reconfigured.
///
/// ```swift
/// var configuration = ListViewAdapterConfiguration()
/// configuration.batching = .single          // one animation, at the cost of some cells
/// ```
///
/// Thread safety: a value type; use it on any queue.
public enum BatchingPolicy: Hashable, Sendable, Codable {
    /// The default: the fewest batches that keep every surviving cell. No item that is in
    /// both lists is deleted and inserted again, or reloaded where a reconfigure could
    /// refresh it (under ``UpdateStyle/reconfigure``); sections and items move exactly as
    /// often as the change set's minimal moves say, each once. One batch when one batch
    /// can do that (the common case); two when a section both moves and changes inside
    /// (the section moves in one batch, its items change in the other) or an item leaves
    /// a deleted section or enters an inserted one; three when an item goes from a deleted
    /// section to an inserted one; one more, of reconfigures (or reloads) only, for
    /// updated items that no other batch leaves in place.
    case keepingIdentity
    /// Everything in one batch, as ``BatchUpdate/init(safelyApplying:updateStyle:)`` makes
    /// it: what UIKit cannot animate together is deleted and inserted (a moved section
    /// with changes inside is deleted and inserted whole; an item moving out of a deleted
    /// or into an inserted section, or an updated item that moves, is deleted and
    /// inserted; an updated item whose path changes is reloaded).
    case single
}
