/// A headless model of a view-based `NSTableView`: rows updated the way AppKit updates
/// them, one call at a time, with a visible area, reusable cells, selection and a content
/// offset. It conforms to `FlatListView`, so a
/// `GroupedListView` (and a `ListViewConnector` above it) runs
/// against it on any platform as it runs against AppKit:
///
/// ```swift
/// let table = FlatReferenceTableView<FlatReferenceRow<Int64>, ReferenceListCell<Int64, Message>>()
/// let rows = GroupedListView(table, adapter: adapter) { _ in ReferenceListCell() }
/// let connector = ListViewConnector(adapter: adapter, view: rows, isReady: true) { (cell: ReferenceListCell<Int64, Message>, id, message) in
///     cell.show(id, message)
/// }
/// table.useDataSource(of: rows, connector: connector)   // as an app's NSTableViewDataSource and delegate
/// #expect(table.rejections.isEmpty)                      // AppKit would have accepted every update
/// ```
///
/// AppKit's rules, as modelled: between `beginUpdates()` and `endUpdates()` every call is
/// applied at once, its rows in the coordinates the previous calls left: `removeRows`
/// names rows as they are, `insertRows` the rows the new rows have once inserted,
/// `moveRow` a row and its row after the move. A row keeps what it shows (``HeldRow``)
/// through moves; a new row reads its content from the data source at `endUpdates()`, a
/// reloaded row when reloaded. A row out of range (AppKit raises), or a row count after
/// `endUpdates()` that disagrees with the data source, is recorded in ``rejections`` and
/// the update group is undone, so the view holds what it held before it.
///
/// Geometry: every row is ``Geometry/rowHeight`` tall; the visible area is
/// ``Geometry/viewportHeight`` tall from ``contentOffset``, which stays within the content
/// (AppKit's clip view constrains it). Cells are laid out after every change.
///
/// Main actor only.
@MainActor
public final class FlatReferenceTableView<Row: Hashable & Sendable, Cell: AnyObject> {
    /// Heights.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct Geometry: Sendable, Equatable {
        /// The height of every row, title rows included.
        public var rowHeight: Double
        /// The height of the visible area.
        public var viewportHeight: Double

        /// Creates a geometry: by default 24-point rows in a 240-point visible area.
        ///
        /// - Parameters:
        ///   - rowHeight: the height of every row, title rows included, in points; positive, 24 by
        ///     default.
        ///   - viewportHeight: the height of the visible area, in points; not negative, 240 by
        ///     default (ten rows).
        public init(rowHeight: Double = 24, viewportHeight: Double = 240) {
            precondition(rowHeight > 0 && viewportHeight >= 0, "FlatReferenceTableView.Geometry needs positive heights")
            self.rowHeight = rowHeight
            self.viewportHeight = viewportHeight
        }
    }

    /// A row the table holds: what it shows, and a serial number that stays with the row
    /// through moves (a removed and inserted row gets a new one).
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct HeldRow: Equatable, Sendable {
        /// What the data source said the row shows when the row arrived or was last
        /// reloaded; `nil` for a row inserted in an update group still open.
        public internal(set) var content: Row?
        /// The row's identity.
        public let serial: Int
    }

    /// A call AppKit would have refused (it raises), or an update group that left the
    /// table and its data source out of step.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        /// The call: `removeRows(at:)`, `insertRows(at:)`, `moveRow(at:to:)`,
        /// `reloadData(forRowIndexes:)` or `endUpdates()`.
        public var call: String
        /// What is wrong.
        public var message: String

        /// `call: message`.
        public var description: String { "\(call): \(message)" }
    }

    /// Heights and the visible area.
    public let geometry: Geometry
    /// The rows, in order.
    public internal(set) var rows: [HeldRow] = []
    /// The top of the visible area in content coordinates.
    public internal(set) var contentOffset: Double = 0
    /// Whether the view is in a window.
    public var isInWindow = true

    /// The data source's row count (`numberOfRows(in:)`).
    public var dataSourceCount: () -> Int = { 0 }
    /// What the data source says a row shows.
    public var dataSourceContent: ((Int) -> Row)?
    /// The delegate's cell for a visible row (`tableView(_:viewFor:row:)`); `nil` leaves
    /// rows without cells.
    public var cellProvider: ((Int) -> Cell)?
    /// Makes a cell when the reuse pool is empty, as a registered cell class does; `nil`:
    /// `makeListCell` returns `nil` then, as `makeView(withIdentifier:owner:)` does.
    public var registeredCell: (() -> Cell)?

    /// The calls and update groups AppKit would have refused (each group was undone).
    public internal(set) var rejections: [Rejection] = []
    /// How many update groups the view applied.
    public internal(set) var updateCount = 0
    /// How many times the view reloaded all its rows.
    public internal(set) var reloadCount = 0
    /// How many rows `removeRows(at:)` calls removed (in update groups that stood).
    public internal(set) var removedRowCount = 0
    /// How many rows `insertRows(at:)` calls inserted (in update groups that stood).
    public internal(set) var insertedRowCount = 0
    /// How many `moveRow(at:to:)` calls moved a row (in update groups that stood).
    public internal(set) var movedRowCount = 0
    /// How many rows `reloadData(forRowIndexes:)` calls reloaded.
    public internal(set) var reloadedRowCount = 0
    /// How many cells ``registeredCell`` made (the rest were reused).
    public internal(set) var createdCellCount = 0

    struct VisibleCell {
        var row: Int
        var serial: Int
        var cell: Cell
    }

    var shownCells: [VisibleCell] = []
    var pool: [Cell] = []
    /// The serials of the selected rows.
    var selection: Set<Int> = []
    var nextSerial = 0
    var updateDepth = 0
    /// The rows when the open update group began, and its first refused call.
    var rowsBeforeUpdates: [HeldRow] = []
    var countsBeforeUpdates = (removed: 0, inserted: 0, moved: 0)
    var refusal: Rejection?

    /// Creates an empty table.
    ///
    /// - Parameter geometry: the row height and the visible area's height; 24-point rows in 240
    ///   points by default.
    public init(geometry: Geometry = Geometry()) {
        self.geometry = geometry
    }

    /// What the rows show, in order.
    public var contents: [Row?] { rows.map(\.content) }

    /// The cells on screen, by row, in order.
    public var visibleCells: [(row: Int, cell: Cell)] { shownCells.map { ($0.row, $0.cell) } }

    /// The largest offset a user can scroll to.
    public var maximumContentOffset: Double { max(0, Double(rows.count) * geometry.rowHeight - geometry.viewportHeight) }

    /// Scrolls to `offset`, kept within the content, as a user's scrolling would; cells
    /// that come into view are requested, others reused.
    ///
    /// - Parameter offset: the new top of the visible area in content coordinates, in points;
    ///   clamped to `0 ... maximumContentOffset`.
    public func scroll(to offset: Double) {
        contentOffset = min(max(0, offset), maximumContentOffset)
        layout()
    }

    /// Selects `row` alone, as a user's click would (the app must still tell its adapter).
    /// Ignores a row out of range.
    ///
    /// - Parameter row: the row clicked, as the table holds it now.
    public func click(row: Int) {
        guard rows.indices.contains(row) else { return }
        selection = [rows[row].serial]
    }

    /// The top of `row` on screen (from the top of the visible area).
    ///
    /// - Parameter row: a row of the table; not checked against the rows it holds.
    /// - Returns: the row's top minus ``contentOffset``, in points: negative above the visible
    ///   area, at least ``Geometry/viewportHeight`` below it.
    public func screenOffset(ofRow row: Int) -> Double {
        Double(row) * geometry.rowHeight - contentOffset
    }

    func newRow(_ content: Row?) -> HeldRow {
        nextSerial += 1
        return HeldRow(content: content, serial: nextSerial)
    }
}
