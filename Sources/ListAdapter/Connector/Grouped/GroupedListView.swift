import Logging

/// A sectioned ``ListView`` on top of a flat one (`NSTableView`): every section is a title
/// row (a group row) followed by its items, so a ``ListViewConnector`` drives a table
/// without sections as it drives `UITableView`.
///
/// ```swift
/// let rows = GroupedListView(tableView, adapter: adapter) { identifier in
///     let cell = NSTableCellView()                         // nothing registered for it
///     cell.identifier = NSUserInterfaceItemIdentifier(identifier)
///     return cell
/// }
/// let connector = ListViewConnector(adapter: adapter, view: rows) { (cell: NSTableCellView, id, message) in
///     cell.textField?.stringValue = message?.subject ?? "…"
/// }
/// // NSTableViewDataSource and NSTableViewDelegate answer from it:
/// func numberOfRows(in tableView: NSTableView) -> Int { rows.numberOfRows }
/// func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { rows.isSectionRow(row) }
/// func tableView(_ tableView: NSTableView, viewFor column: NSTableColumn?, row: Int) -> NSView? {
///     switch rows.content(ofRow: row) {
///     case .section(let section): header(titled: adapter.title(ofSection: section))
///     case .item(let path): connector.cell(at: path)
///     }
/// }
/// ```
///
/// What it does:
/// - **Batches as row updates.** The section and item operations of one
///   `performListUpdates` are recorded, then replayed on the table as one
///   ``GroupedRowUpdate``: removals, moves, insertions (AppKit's one-call-at-a-time order)
///   between `beginUpdates()` and `endUpdates()`, then row reloads.
/// - **Rows and paths.** Visible rows, selection, offsets and cells are converted between
///   rows and item paths; a title row is never reported as an item.
/// - **The data source's answers** (``numberOfRows``, ``content(ofRow:)``,
///   ``isSectionRow(_:)``) come from the adapter's current list: it follows the adapter's
///   events, so they agree with each batch's `after` state when the table reads them.
/// - **A check**: a table that does not hold the rows it was last given, or whose data
///   source does not report ``numberOfRows``, gets `reloadData()` instead of a batch and
///   the finding is reported (``onInconsistency``, or the adapter's log).
///
/// Hold it (the connector holds its view weakly). Main actor only.
@MainActor
public final class GroupedListView<Base: FlatListView>: ListView, BatchRecordingListView {
    /// The cell type: the flat view's.
    public typealias Cell = Base.Cell

    /// The flat view shown.
    public let base: Base
    /// Whether every section has a title row; without, items follow one another.
    public let showsSectionRows: Bool
    /// Called when the table, its data source and a batch are out of step; the table then
    /// gets `reloadData()`. By default the finding is logged as an error.
    public var onInconsistency: ((ListViewInconsistency) -> Void)?

    /// The rows the flat view holds: what it was last given.
    public internal(set) var shownRows: GroupedRows
    /// The rows of the adapter's current list: what the data source answers.
    public private(set) var rows: GroupedRows

    private let makeCell: (String) -> Cell
    let sectionCount: () -> Int
    let itemCount: (Int) -> Int
    private let logger: Logger?
    package var recordedUpdate: BatchUpdate?
    private var observation: ListObservation?

    /// Shows `adapter`'s list in `base`, whose data source and delegate answer from this
    /// object.
    ///
    /// - Parameters:
    ///   - base: the flat view to show the list in (an `NSTableView`); it is held strongly.
    ///   - adapter: the list to show; it must deliver on the main queue (the default).
    ///   - showsSectionRows: whether each section starts with a title row; `true` by default.
    ///   - makeCell: makes a cell for a reuse identifier when `base` has none registered
    ///     (`makeView(withIdentifier:owner:)` returned `nil`); set the cell's identifier
    ///     so the table reuses it.
    ///
    /// Main actor; the adapter must deliver on the main queue.
    public init<ID, Summary, Item>(
        _ base: Base, adapter: ListViewAdapter<ID, Summary, Item>, showsSectionRows: Bool = true,
        makeCell: @escaping (_ reuseIdentifier: String) -> Cell
    ) {
        self.base = base
        self.showsSectionRows = showsSectionRows
        self.makeCell = makeCell
        sectionCount = { adapter.numberOfSections }
        itemCount = { adapter.numberOfItems(inSection: $0) }
        logger = adapter.configuration.logger
        rows = GroupedRows(adapter.snapshot, showsSectionRows: showsSectionRows)
        shownRows = rows
        observation = adapter.observe { [weak self] _ in self?.refresh() }
    }

    // MARK: - The data source's answers

    /// The number of rows (`numberOfRows(in:)`). O(1).
    public var numberOfRows: Int { rows.rowCount }

    /// What `row` shows: a section's title row or an item (`tableView(_:viewFor:row:)`). O(log S).
    ///
    /// - Parameter row: a row of the adapter's current list, which must exist (it traps
    ///   otherwise).
    /// - Returns: ``GroupedRows/Content/section(_:)`` for a title row, else
    ///   ``GroupedRows/Content/item(_:)`` with the item's path.
    public func content(ofRow row: Int) -> GroupedRows.Content { rows.content(ofRow: row) }

    /// Whether `row` is a section's title row (`tableView(_:isGroupRow:)`). O(log S).
    ///
    /// - Parameter row: a row of the adapter's current list.
    /// - Returns: `true` for a title row; `false` for an item's row, a row out of range, or
    ///   any row when ``showsSectionRows`` is `false`.
    public func isSectionRow(_ row: Int) -> Bool { rows.isSectionRow(row) }

    /// The item `row` shows; `nil` for a title row (`tableView(_:shouldSelectRow:)`,
    /// selection changes). O(log S).
    ///
    /// - Parameter row: a row of the adapter's current list.
    /// - Returns: the item's path, or `nil` for a title row or a row out of range.
    public func path(ofRow row: Int) -> ItemPath? { rows.path(ofRow: row) }

    /// The row of the item at `path`. O(1).
    ///
    /// - Parameter path: an item's path in the adapter's current list, which must exist (it
    ///   traps otherwise).
    /// - Returns: the item's row, counting title rows.
    public func row(of path: ItemPath) -> Int { rows.row(of: path) }

    /// The items at the table's selected rows (`tableViewSelectionDidChange(_:)`), title
    /// rows left out. O(k log S) for k selected rows.
    public var selectedPaths: [ItemPath] { base.selectedListRows.compactMap(shownRows.path(ofRow:)) }

    /// A cell for `row` (a title row's, say): the flat view's reusable one for
    /// `reuseIdentifier`, or a new one from the factory given at creation.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: the identifier the cell was registered under, or the one handed
    ///     to the factory when none is.
    ///   - row: the row the cell is for.
    /// - Returns: a reusable cell of the flat view, or a new one from the factory.
    public func cell(reuseIdentifier: String, forRow row: Int) -> Cell {
        base.makeListCell(reuseIdentifier: reuseIdentifier, forRow: row) ?? makeCell(reuseIdentifier)
    }

    // MARK: - Replaying a batch

    /// Reads the adapter's current list.
    private func refresh() {
        rows = GroupedRows(itemCounts: (0 ..< sectionCount()).lazy.map(itemCount), showsSectionRows: showsSectionRows)
    }

    /// Reloads the flat view from the adapter's current list.
    func reloadBase() {
        refresh()
        shownRows = rows
        base.reloadListData()
    }

    /// Replays a recorded batch on the flat view as row operations, or reloads it when the view,
    /// its data source and the update are out of step.
    package func commitRecordedUpdate(_ update: BatchUpdate) {
        refresh()
        let before = shownRows
        let after = rows
        if base.listRowCount != before.rowCount {
            return reloadInstead(.viewOutOfStep, "The table view holds \(base.listRowCount) rows, but it was last given \(before.rowCount): it was reloaded or updated outside its GroupedListView (a reloadData or insertRows of your own?).")
        }
        if base.dataSourceRowCount != after.rowCount {
            return reloadInstead(.dataSourceOutOfStep, "The table view's data source reports \(base.dataSourceRowCount) rows, but the list has \(after.rowCount) (titles included): answer numberOfRows(in:) from GroupedListView.numberOfRows.")
        }
        guard let rowUpdate = GroupedRowUpdate(update, from: before, to: after) else {
            return reloadInstead(.batchDoesNotFit, "A batch does not fit the table's rows (\(before.rowCount) before, \(after.rowCount) after): \(update).")
        }
        shownRows = after
        rowUpdate.apply(to: base)
    }

    private func reloadInstead(_ kind: ListViewInconsistency.Kind, _ message: String) {
        let problem = ListViewInconsistency(kind, section: nil, message: message)
        if let onInconsistency { onInconsistency(problem) } else { logger?.error("\(message)") }
        reloadBase()
    }
}
