public import ListAdapter

/// A ``ReferenceListView`` on screen: the same UIKit batch rules and cell identities, plus
/// what a `UITableView` or `UICollectionView` adds around them: a window onto the list
/// (a content offset and fixed heights), reusable cell objects configured by a data
/// source, prefetching, selection, and whether the view is in a window.
///
/// It conforms to `ListView`, so a `ListViewConnector` drives it
/// exactly as it drives UIKit, on any platform:
///
/// ```swift
/// let view = ScrollingReferenceListView<Int64, Int64, Message>(kind: .table)
/// let connector = ListViewConnector(adapter: adapter, view: view, isReady: true) { (cell: ReferenceListCell<Int64, Message>, id, message) in
///     cell.show(id, message)
/// }
/// view.useDataSource(of: connector)       // like a view controller forwarding to the connector
/// view.scroll(to: 2_000)
/// #expect(view.rejections.isEmpty)        // UIKit would have accepted every batch
/// #expect(view.cellProblems(against: adapter.snapshot, requireFilled: true) { ... }.isEmpty)
/// ```
///
/// Like UIKit, the view never re-reads its data source before a batch while it is in a
/// window; out of a window (``isInWindow`` false) it models a view that has not loaded its
/// counts: a batch makes it read them from the data source first, so a batch that changes
/// counts is then rejected, UIKit's classic "invalid number of items" crash. A batch UIKit
/// would reject is recorded in ``rejections`` and leaves the view unchanged.
///
/// Geometry: every section has a header of ``Geometry/headerHeight`` followed by its items,
/// each ``Geometry/itemHeight`` tall; the visible area is ``Geometry/viewportHeight`` tall
/// from ``contentOffset``. Cells are laid out at once after every change.
///
/// Main actor only.
@MainActor
public final class ScrollingReferenceListView<ID: Hashable & Sendable, Summary: Equatable & Sendable, Payload: Sendable> {
    /// The view's cells.
    public typealias Cell = ReferenceListCell<ID, Payload>

    /// Heights, the size of the visible area and how far ahead the view prefetches.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct Geometry: Sendable, Equatable {
        /// The height of every item.
        public var itemHeight: Double
        /// The height of every section header.
        public var headerHeight: Double
        /// The height of the visible area.
        public var viewportHeight: Double
        /// How many items beyond each end of the visible range are prefetched.
        public var prefetchDistance: Int

        /// Creates a geometry: by default 44-point rows, 28-point headers, a 440-point
        /// visible area (about ten rows) and ten rows of prefetching each way.
        ///
        /// - Parameters:
        ///   - itemHeight: the height of every item, in points; positive, 44 by default.
        ///   - headerHeight: the height of every section header, in points; not negative, 28 by
        ///     default.
        ///   - viewportHeight: the height of the visible area, in points; not negative, 440 by
        ///     default.
        ///   - prefetchDistance: how many items beyond each end of the visible range are
        ///     prefetched; not negative, 10 by default.
        public init(itemHeight: Double = 44, headerHeight: Double = 28, viewportHeight: Double = 440, prefetchDistance: Int = 10) {
            precondition(itemHeight > 0 && headerHeight >= 0 && viewportHeight >= 0 && prefetchDistance >= 0, "ScrollingReferenceListView.Geometry needs positive heights")
            self.itemHeight = itemHeight
            self.headerHeight = headerHeight
            self.viewportHeight = viewportHeight
            self.prefetchDistance = prefetchDistance
        }
    }

    /// The UIKit model: the rules every batch is validated with, and the item each cell
    /// slot holds.
    public internal(set) var model: ReferenceListView<ID, Summary>
    /// Heights and the visible area.
    public let geometry: Geometry
    /// The top of the visible area in content coordinates (`contentOffset.y`).
    public internal(set) var contentOffset: Double = 0
    /// Whether the view is in a window. See the type's discussion.
    public var isInWindow = true

    /// What the data source reports (counts, identifiers, summaries, titles): the state a
    /// batch must lead to. Empty until set; ``useDataSource(of:)`` answers from an adapter.
    public var dataSource: () -> ListSnapshot<ID, Summary> = { ListSnapshot() }
    /// Returns the configured cell for a path (`cellForRowAt`); `nil` leaves cells blank.
    public var cellProvider: ((ItemPath) -> Cell)?
    /// Told which paths to prefetch (`prefetchRowsAt`).
    public var prefetchHandler: (([ItemPath]) -> Void)?
    /// Told which prefetches to cancel (`cancelPrefetchingForRowsAt`).
    public var cancelPrefetchingHandler: (([ItemPath]) -> Void)?

    /// The batches UIKit would have rejected (each left the view unchanged).
    public internal(set) var rejections: [ReferenceListViewError<ID, Summary>] = []
    /// How many batches the view applied.
    public internal(set) var batchCount = 0
    /// How many times the view reloaded.
    public internal(set) var reloadCount = 0
    /// How many cell objects the view created (the rest were reused).
    public internal(set) var createdCellCount = 0
    /// Every path the view asked to prefetch, in order, and every path whose prefetch it
    /// cancelled.
    public internal(set) var prefetchLog: (requested: [ItemPath], cancelled: [ItemPath]) = ([], [])
    /// The selected paths.
    public internal(set) var selection: Set<ItemPath> = []

    /// The main thread's CPU time the view spent on its own work (validating and
    /// committing batches, reloading, laying out), not counting the cells its data source
    /// configured meanwhile: what UIKit's share of a delivery stands for in the soak.
    public internal(set) var ownCPUTime = Duration.zero
    /// CPU time spent in the data source's cell provider during the current own work.
    var cellProviderCPUTime = Duration.zero
    /// Nesting of ``timingOwnWork(_:)``: only the outermost call counts.
    var ownWorkDepth = 0

    /// The cells on screen, by path, in list order.
    public internal(set) var visibleCells: [(path: ItemPath, cell: Cell)] = []
    var pool: [Cell] = []
    package var recordedUpdate: BatchUpdate?
    var reconfiguring: (path: ItemPath, cell: Cell)?
    var prefetched: Set<ItemPath> = []
    /// Per section, the top of its header; per section, the flat index of its first item.
    var sectionTops: [Double] = []
    var itemStarts: [Int] = []
    var contentHeight: Double = 0

    /// Creates an empty view of `kind`.
    ///
    /// - Parameters:
    ///   - kind: the UIKit view modelled: ``ReferenceListViewKind/table`` or
    ///     ``ReferenceListViewKind/collection``.
    ///   - geometry: the heights, the visible area and the prefetch distance; the defaults by
    ///     default.
    ///   - messageStyle: how count mismatches are worded; ``ReferenceListViewMessageStyle/legacy``
    ///     by default.
    public init(kind: ReferenceListViewKind, geometry: Geometry = Geometry(), messageStyle: ReferenceListViewMessageStyle = .legacy) {
        self.model = ReferenceListView(kind: kind, messageStyle: messageStyle)
        self.geometry = geometry
    }

    /// Scrolls to `offset`, kept between the top and the bottom of the content, as a
    /// user's drag would; cells that come into view are requested, others reused.
    ///
    /// - Parameter offset: the new top of the visible area in content coordinates, in points;
    ///   clamped to `0 ... maximumContentOffset`.
    public func scroll(to offset: Double) {
        setContentOffset(min(max(0, offset), maximumContentOffset))
    }

    /// The largest offset a user can scroll to.
    public var maximumContentOffset: Double { max(0, contentHeight - geometry.viewportHeight) }

    /// Selects the item at `path` as a user's tap would (the app must still tell its
    /// adapter). Ignores a path the view does not show.
    ///
    /// - Parameter path: the path of the item tapped, as the view holds it now.
    public func tap(at path: ItemPath) {
        guard modelContains(path) else { return }
        selection.insert(path)
    }

    /// Makes the view's data source answer from `connector`'s adapter and take its cells
    /// from `connector`, as an app's `UITableViewDataSource` and prefetching data source
    /// forward to it; then reloads.
    ///
    /// - Parameter connector: the connector whose adapter's list the data source reports and whose
    ///   cells the view shows; the view holds it weakly, and makes blank cells once it is gone.
    public func useDataSource(of connector: ListViewConnector<ID, Summary, Payload, ScrollingReferenceListView, Cell>) {
        let adapter = connector.adapter
        dataSource = { adapter.snapshot }
        cellProvider = { [weak connector, unowned self] path in connector?.cell(at: path) ?? self.dequeueCell() }
        prefetchHandler = { [weak connector] paths in connector?.prefetch(at: paths) }
        cancelPrefetchingHandler = { [weak connector] paths in connector?.cancelPrefetching(at: paths) }
        reloadListData()
    }

    func modelContains(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < model.numberOfSections && path.item >= 0 && path.item < model.numberOfItems(inSection: path.section)
    }
}
