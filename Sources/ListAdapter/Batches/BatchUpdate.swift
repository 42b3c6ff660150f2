/// The operations of one `performBatchUpdates` call, with UIKit's index semantics.
///
/// Deletes, reloads, reconfigures and move sources name paths *before* the batch; inserts
/// and move destinations name paths *after* it. Arrays are sorted ascending (moves by
/// destination) and hold no duplicates. A `BatchUpdate` made by ``ListUpdate`` is valid
/// for both `UITableView` and `UICollectionView` and avoids every unsafe combination
/// described in the package's batch-update rules.
///
/// Thread safety: a value type; use it on any queue.
public struct BatchUpdate: Hashable, Sendable, Codable {
    /// Sections to delete, by index before the batch.
    public var deleteSections: [Int] = []
    /// Sections to insert, by index after the batch.
    public var insertSections: [Int] = []
    /// Sections to move.
    public var moveSections: [SectionMove] = []
    /// Sections to reload, by index before the batch.
    public var reloadSections: [Int] = []
    /// Items to delete, by path before the batch.
    public var deleteItems: [ItemPath] = []
    /// Items to insert, by path after the batch.
    public var insertItems: [ItemPath] = []
    /// Items to move, within or across sections.
    public var moveItems: [ItemMove] = []
    /// Items to reload (UIKit decomposes each into a delete and an insert), by path before
    /// the batch.
    public var reloadItems: [ItemPath] = []
    /// Items to reconfigure in place (iOS 15+ `reconfigureItems`), by path before the
    /// batch; only emitted for items whose path does not change.
    public var reconfigureItems: [ItemPath] = []

    /// Creates an update; every operation list defaults to empty.
    ///
    /// - Parameters:
    ///   - deleteSections: sections to delete, by index before the batch.
    ///   - insertSections: sections to insert, by index after the batch.
    ///   - moveSections: sections to move, from their index before the batch to their index
    ///     after it.
    ///   - reloadSections: sections to reload, by index before the batch.
    ///   - deleteItems: items to delete, by path before the batch.
    ///   - insertItems: items to insert, by path after the batch.
    ///   - moveItems: items to move, from their path before the batch to their path after it.
    ///   - reloadItems: items to reload, by path before the batch.
    ///   - reconfigureItems: items to reconfigure in place, by path before the batch.
    public init(
        deleteSections: [Int] = [], insertSections: [Int] = [], moveSections: [SectionMove] = [],
        reloadSections: [Int] = [], deleteItems: [ItemPath] = [], insertItems: [ItemPath] = [],
        moveItems: [ItemMove] = [], reloadItems: [ItemPath] = [], reconfigureItems: [ItemPath] = []
    ) {
        self.deleteSections = deleteSections
        self.insertSections = insertSections
        self.moveSections = moveSections
        self.reloadSections = reloadSections
        self.deleteItems = deleteItems
        self.insertItems = insertItems
        self.moveItems = moveItems
        self.reloadItems = reloadItems
        self.reconfigureItems = reconfigureItems
    }

    /// Whether the batch has no operation at all.
    public var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty
            && reloadSections.isEmpty && deleteItems.isEmpty && insertItems.isEmpty
            && moveItems.isEmpty && reloadItems.isEmpty && reconfigureItems.isEmpty
    }

    /// The total number of operations.
    public var operationCount: Int {
        deleteSections.count + insertSections.count + moveSections.count + reloadSections.count
            + deleteItems.count + insertItems.count + moveItems.count + reloadItems.count
            + reconfigureItems.count
    }
}
