import ListAdapter
import Observation

/// The platform-free half of the SwiftUI list: it connects a list view to the adapter
/// through a ``ListAdapter/ListViewConnector``, follows the adapter's events for the
/// load-state overlay and the selection, and answers the view's data source and delegate.
///
/// The representables (`UICollectionView`, `NSTableView`) only forward to it, so what it
/// decides is tested on Linux against `ListAdapterTesting`'s reference list view:
///
/// ```swift
/// let model = AdapterListModel<Int64, Int64, Message, UICollectionView, UICollectionViewListCell>(adapter: adapter)
/// model.connect(to: collectionView) { cell, id, message in cell.contentConfiguration = ... }
/// model.isVisible = true                          // onAppear: batches animate from now on
/// model.selectionDidChange = { selection.wrappedValue = $0 }
/// ```
///
/// Observable: SwiftUI redraws what reads ``overlay`` when it changes. (Written out
/// rather than with the `@Observable` macro, whose expansion by a newer toolchain than the
/// SDK's Observation declares names the SDK's macro does not cover.) Making one is cheap
/// (SwiftUI may make and drop several); it follows the adapter only once connected.
///
/// Main actor only; the adapter must deliver on the main queue (its default).
@MainActor
final class AdapterListModel<
    ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, View: ListView, Cell: AnyObject
>: Observable {
    typealias Connector = ListViewConnector<ID, Summary, Item, View, Cell>

    /// What to show over the rows, kept up to date with the adapter's events. Observed.
    private(set) var overlay: ListOverlay {
        get {
            registrar.access(self, keyPath: \.overlay)
            return storedOverlay
        }
        set {
            registrar.withMutation(of: self, keyPath: \.overlay) { storedOverlay = newValue }
        }
    }
    private var storedOverlay: ListOverlay
    private let registrar = ObservationRegistrar()

    /// The adapter the list shows.
    let adapter: ListViewAdapter<ID, Summary, Item>
    /// The connector keeping the view in step, once ``connect(to:reuseIdentifier:configure:)``
    /// made it.
    private(set) var connector: Connector?
    /// Whether the view is on screen (`onAppear`/`onDisappear`): the connector animates
    /// batches only then, and reloads otherwise.
    var isVisible = false {
        didSet { connector?.isReady = isVisible }
    }
    /// Told the selection, by identity, whenever the adapter's changes from a tap, from
    /// items leaving the list, or from a selection the app asked for that the list could
    /// not hold entirely (the binding's setter). Never called during ``updateSelection(to:)``
    /// itself, which SwiftUI calls during a view update: that answer comes on a later turn.
    var selectionDidChange: ((Set<ID>) -> Void)?

    /// The app's writes of a person's moves and deletes, and its failure handler
    /// (``AdapterList``'s editing modifiers); the representables set it on every update.
    var editActions = ListEditActions<ID>() {
        didSet { routeEditFailures() }
    }

    /// The selection the app and the adapter last agreed on.
    var agreedSelection: Set<ID> = []
    /// A selection the app asked for before the first load completed, applied once it has.
    var pendingSelection: Set<ID>?
    private var observation: ListObservation?

    /// A model for `adapter`; it does nothing until connected. Main actor.
    init(adapter: ListViewAdapter<ID, Summary, Item>) {
        self.adapter = adapter
        self.storedOverlay = ListOverlay(adapter)
    }

    /// Connects `view` to the adapter: makes the connector (which reloads the view), and
    /// follows the adapter's events from then on. Call it when the view is made; a model
    /// connected again (SwiftUI made a new view) leaves the old view where it is.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: the identifier the cell class is registered for.
    ///   - configure: fills a cell with an item's identifier and payload (`nil` until it is
    ///     fetched); called by the connector on the main actor.
    @discardableResult
    func connect(to view: View, reuseIdentifier: String = "Cell", configure: @escaping Connector.Configure) -> Connector {
        disconnect()
        let connector = Connector(adapter: adapter, view: view, reuseIdentifier: reuseIdentifier, isReady: isVisible, configure: configure)
        self.connector = connector
        routeEditFailures()
        // Registered after the connector's observer, so it runs after the view was updated.
        observation = adapter.observe { [weak self] event in self?.handle(event) }
        agreedSelection = adapter.selectedIdentifiers
        refreshOverlay()
        return connector
    }

    /// Stops following the adapter (the view is going away). Main actor.
    func disconnect() {
        observation?.cancel()
        observation = nil
        connector?.disconnect()
        connector = nil
    }

    /// Asks the data source for its list again (the failure overlay's "Try Again").
    func retry() {
        adapter.invalidate()
    }

    // MARK: - Data source

    /// The number of sections. O(1).
    var numberOfSections: Int { adapter.numberOfSections }

    /// The number of items in `section` (zero for a collapsed one). O(1).
    func numberOfItems(inSection section: Int) -> Int { adapter.numberOfItems(inSection: section) }

    /// The text of `section`'s header, `nil` for a section without a title: the layout
    /// gives that section no header. O(1).
    func headerTitle(ofSection section: Int) -> String? {
        guard section >= 0 && section < adapter.numberOfSections else { return nil }
        return adapter.title(ofSection: section)
    }

    /// The configured cell for `path` (`cellForItemAt`): the cached payload, or `nil` now
    /// and the payload when it arrives. Traps when the model is not connected.
    func cell(at path: ItemPath) -> View.Cell {
        guard let connector else { preconditionFailure("AdapterListModel.cell(at:) was called before connect(to:)") }
        return connector.cell(at: path)
    }

    /// Starts fetching the payloads at `paths` (`prefetchItemsAt`).
    func prefetch(at paths: [ItemPath]) { connector?.prefetch(at: paths) }

    /// Withdraws prefetches that have not started (`cancelPrefetchingForItemsAt`).
    func cancelPrefetching(at paths: [ItemPath]) { connector?.cancelPrefetching(at: paths) }

    /// Builds the rows on screen again with the latest row builder (SwiftUI updated the
    /// view: what the rows show may have changed), in place: through the view's
    /// reconfigure, so cells stay where they are and keep their selection.
    ///
    /// - Complexity: O(v) for v visible rows, plus building them.
    func refreshVisibleRows() {
        guard let view = connector?.view else { return }
        let paths = view.visibleListPaths
        if !paths.isEmpty { view.reconfigureListItems(at: paths) }
    }

    // MARK: - Events

    private func handle(_ event: ListEvent<ID, Summary>) {
        switch event {
        case .reload:
            refreshOverlay()
            listChanged()
        case .batch(_, let info):
            refreshOverlay()
            // The adapter drops deleted items from its selection once the last batch of
            // a change is handed over.
            if info.batchIndex == info.batchCount - 1 { listChanged() }
        case .loadStateChanged:
            refreshOverlay()
        case .duplicateIdentifiers, .itemMoved, .editEnded:
            break
        }
    }

    private func refreshOverlay() {
        let now = ListOverlay(adapter)
        // Errors compare by kind and source; a failure with another cause is news too.
        if now != overlay || "\(now)" != "\(storedOverlay)" { overlay = now }
    }
}
