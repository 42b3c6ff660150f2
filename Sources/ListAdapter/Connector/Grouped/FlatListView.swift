/// What a ``GroupedListView`` needs from a flat list view, one without sections
/// (`NSTableView`): row updates applied one call at a time, `reloadData`, cells, the
/// visible rows, scrolling and selection, and the row counts.
///
/// `NSTableView` conforms on macOS, each requirement a one-line forward to AppKit
/// (`ListView+AppKit.swift`); `ListAdapterTesting`'s `FlatReferenceTableView` conforms
/// everywhere, so ``GroupedListView`` and the connector above it run in tests on Linux as
/// they run against AppKit. Rows are numbered from 0 down the table, title rows included.
///
/// The names carry `List` so they never collide with AppKit's own methods.
///
/// Main actor only, like the views themselves.
@MainActor
public protocol FlatListView: AnyObject {
    /// The view's cell type (`NSView` for a view-based `NSTableView`).
    associatedtype Cell: AnyObject

    // MARK: Updates

    /// Opens a group of row updates (`beginUpdates()`).
    func beginListUpdates()
    /// Closes the group of row updates (`endUpdates()`).
    func endListUpdates()
    /// Removes rows at once, by row as the table is before this call (`removeRows(at:withAnimation:)`).
    ///
    /// - Parameter rows: the rows to remove, as the table is before this call.
    func removeListRows(at rows: [Int])
    /// Inserts rows at once, by the rows they have once inserted (`insertRows(at:withAnimation:)`).
    ///
    /// - Parameter rows: the rows the new rows have once inserted.
    func insertListRows(at rows: [Int])
    /// Moves a row from `row` to `newRow`, its row after the move (`moveRow(at:to:)`).
    ///
    /// - Parameters:
    ///   - row: the row to move, as the table is before this call.
    ///   - newRow: the row's row after the move.
    func moveListRow(at row: Int, to newRow: Int)
    /// Asks the data source and delegate for these rows again (`reloadData(forRowIndexes:columnIndexes:)`).
    ///
    /// - Parameter rows: the rows to ask for again, as the table is now.
    func reloadListRows(at rows: [Int])
    /// Discards every row and reads the data source afresh (`reloadData()`).
    func reloadListData()

    // MARK: Cells

    /// A reusable cell registered for `reuseIdentifier`, or `nil` when none is registered
    /// (`makeView(withIdentifier:owner:)`).
    ///
    /// - Parameters:
    ///   - reuseIdentifier: the identifier the cell was registered under.
    ///   - row: the row the cell is for.
    /// - Returns: a reusable cell, or `nil` when none is registered for `reuseIdentifier`.
    func makeListCell(reuseIdentifier: String, forRow row: Int) -> Cell?
    /// The rows in the visible area.
    var visibleListRows: Range<Int> { get }
    /// The cell on screen at `row`, or `nil` when that row is not visible.
    ///
    /// - Parameter row: a row of the table.
    /// - Returns: the cell on screen at `row`, or `nil` when that row is not visible.
    func visibleListCell(atRow row: Int) -> Cell?
    /// Whether the view is in a window.
    var isListInWindow: Bool { get }

    // MARK: Scrolling

    /// The vertical content offset: the top of the visible area in the view's coordinates.
    var listContentOffset: Double { get set }
    /// The top of `row` in the view's coordinates, or `nil` when the view cannot tell.
    ///
    /// - Parameter row: a row of the table.
    /// - Returns: the top of `row` in points, in the view's coordinates, or `nil` when the
    ///   view cannot tell.
    func listOffset(ofRow row: Int) -> Double?

    // MARK: Selection

    /// The selected rows, ascending.
    var selectedListRows: [Int] { get }
    /// Adds `row` to the selection, without scrolling.
    ///
    /// - Parameter row: the row to add to the selection.
    func selectListRow(_ row: Int)
    /// Removes `row` from the selection.
    ///
    /// - Parameter row: the row to remove from the selection.
    func deselectListRow(_ row: Int)

    // MARK: Counts

    /// The number of rows the view holds now.
    var listRowCount: Int { get }
    /// The number of rows the view's data source reports.
    var dataSourceRowCount: Int { get }
}
