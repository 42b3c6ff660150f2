/// What a ``ListViewConnector`` needs from a list view: batch updates, `reloadData`, cells,
/// the visible paths, scrolling and selection, and the counts it shows.
///
/// `UITableView` and `UICollectionView` conform on Apple platforms, each requirement a
/// one-line forward to UIKit (`ListView+UIKit.swift`); `ListAdapterTesting`'s
/// `ScrollingReferenceListView` conforms everywhere, so the connector's logic runs in
/// tests on Linux exactly as it runs against UIKit. Requirements use the package's
/// ``ItemPath`` and section numbers; the UIKit forwards convert to `IndexPath`/`IndexSet`.
///
/// The names carry `List` so they never collide with UIKit's own methods.
///
/// Main actor only, like the views themselves.
@MainActor
public protocol ListView: AnyObject {
    /// The view's cell type (`UITableViewCell`, `UICollectionViewCell`).
    associatedtype Cell: AnyObject

    // MARK: Updates

    /// Performs the operations `updates` calls as one batch (`performBatchUpdates`). The
    /// view reads its data source's new counts once `updates` returns.
    ///
    /// - Parameter updates: calls the view's update methods (``deleteListSections(_:)``,
    ///   ``insertListItems(at:)`` and the others); called once, before this returns.
    func performListUpdates(_ updates: @escaping () -> Void)
    /// Deletes sections, by index before the batch.
    ///
    /// - Parameter sections: section indexes before the batch.
    func deleteListSections(_ sections: [Int])
    /// Inserts sections, by index after the batch.
    ///
    /// - Parameter sections: section indexes after the batch.
    func insertListSections(_ sections: [Int])
    /// Reloads sections, by index before the batch.
    ///
    /// - Parameter sections: section indexes before the batch.
    func reloadListSections(_ sections: [Int])
    /// Moves a section.
    ///
    /// - Parameters:
    ///   - section: the section's index before the batch.
    ///   - newSection: its index after the batch.
    func moveListSection(_ section: Int, to newSection: Int)
    /// Deletes items, by path before the batch.
    ///
    /// - Parameter paths: item paths before the batch.
    func deleteListItems(at paths: [ItemPath])
    /// Inserts items, by path after the batch.
    ///
    /// - Parameter paths: item paths after the batch.
    func insertListItems(at paths: [ItemPath])
    /// Reloads items (a delete and an insert), by path before the batch.
    ///
    /// - Parameter paths: item paths before the batch.
    func reloadListItems(at paths: [ItemPath])
    /// Moves an item.
    ///
    /// - Parameters:
    ///   - path: the item's path before the batch.
    ///   - newPath: its path after the batch, in the same section or another.
    func moveListItem(at path: ItemPath, to newPath: ItemPath)
    /// Reconfigures items in place: the data source configures the existing cells again.
    ///
    /// - Parameter paths: item paths before the batch; they do not move in it.
    func reconfigureListItems(at paths: [ItemPath])
    /// Discards every cell and count and reads the data source afresh (`reloadData`).
    func reloadListData()

    // MARK: Cells

    /// A reusable cell registered for `reuseIdentifier`, for the data source to configure.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: the identifier the cell type was registered under.
    ///   - path: the path the cell will show.
    /// - Returns: a cell, reused or new.
    func dequeueListCell(reuseIdentifier: String, at path: ItemPath) -> Cell
    /// The paths of the cells on screen.
    var visibleListPaths: [ItemPath] { get }
    /// The cell on screen at `path`, or `nil` when that item is not visible.
    ///
    /// - Parameter path: an item's path.
    /// - Returns: the cell on screen at `path`, or `nil` when that item is not visible.
    func visibleListCell(at path: ItemPath) -> Cell?
    /// Whether the view is in a window. A view that is not may not have read its counts
    /// yet and would read them at the start of a batch, rejecting it: it gets
    /// `reloadData` instead.
    var isListInWindow: Bool { get }

    // MARK: Scrolling

    /// The vertical content offset (`contentOffset.y`).
    var listContentOffset: Double { get set }
    /// The top of the item at `path` in content coordinates, or `nil` when the view cannot
    /// tell.
    ///
    /// - Parameter path: an item's path.
    /// - Returns: the item's top in points, in content coordinates, or `nil` when the view
    ///   cannot tell.
    func listOffset(ofItemAt path: ItemPath) -> Double?

    // MARK: Selection

    /// The paths of the selected items.
    var selectedListPaths: [ItemPath] { get }
    /// Selects the item at `path`, without animation or scrolling.
    ///
    /// - Parameter path: the item to select.
    func selectListItem(at path: ItemPath)
    /// Deselects the item at `path`, without animation.
    ///
    /// - Parameter path: the item to deselect.
    func deselectListItem(at path: ItemPath)

    // MARK: Counts (for the debug-build check)

    /// The number of sections the view holds now.
    var listSectionCount: Int { get }
    /// The number of items the view holds now in `section`.
    ///
    /// - Parameter section: a section index the view holds.
    /// - Returns: the number of items the view holds in `section`.
    func listItemCount(inSection section: Int) -> Int
    /// The number of sections the view's data source reports.
    var dataSourceSectionCount: Int { get }
    /// The number of items the view's data source reports in `section`.
    ///
    /// - Parameter section: a section index.
    /// - Returns: the number of items the view's data source reports in `section` (the UIKit
    ///   and AppKit views answer 0 when they have no data source).
    func dataSourceItemCount(inSection section: Int) -> Int
}
