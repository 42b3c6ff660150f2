import Dispatch

/// Keeps a list view (`UITableView`, `UICollectionView`, or any ``ListView``) in step with a
/// ``ListViewAdapter`` and fills its cells.
///
/// ```swift
/// let connector = ListViewConnector(adapter: adapter, view: tableView) { (cell: MessageCell, id, message) in
///     cell.subject.text = message?.subject ?? "…"        // nil first (a placeholder), then the payload
/// }
/// // UITableViewDataSource:
/// func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
///     connector.cell(at: ItemPath(indexPath))
/// }
/// // viewDidAppear: connector.isReady = true
/// ```
///
/// What it does for every change the adapter delivers:
/// - **Batches or a reload.** While the view is ready (``isReady``, set in `viewDidAppear`)
///   and in a window, every batch goes through one `performBatchUpdates`; otherwise the
///   view gets `reloadData`, because a view that is not on screen may read its data source
///   at the start of a batch and reject it. A change may arrive as several batches; the
///   adapter answers from each batch's `after` state as it is handed over, so the view's
///   data source (answering from the adapter) is right for each one.
/// - **Cells that fill in.** ``cell(at:)`` configures a cell with the cached payload, or
///   with `nil` (a placeholder) while it fetches; when the payload arrives, the cell is
///   configured again, but only if it is still on screen showing that identifier (cells
///   are reused, and the list may have changed meanwhile).
/// - **The user's place.** The first visible item that survives a change stays at the
///   same place on screen (``keepsFirstVisibleItemInPlace``), so rows inserted above it
///   do not push it away.
/// - **Selection** is re-applied by identity after every change (``ListViewAdapter/selectedIdentifiers``).
/// - **A check in debug builds**: before the view sees a batch, the connector checks that
///   the view shows what it was last given, that the view's data source reports the
///   batch's `after` counts and that the batch takes one to the other. A mistake (a data
///   source that does not answer from the adapter, a view changed behind the connector's
///   back) is reported through ``onInconsistency`` with a plain message and the view gets
///   `reloadData` instead of a batch it would crash on.
///
/// The adapter must deliver on the main queue (its default). Main actor only.
@MainActor
public final class ListViewConnector<
    ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, View: ListView, Cell: AnyObject
> {
    /// Configures `cell` for the item `identifier`: with `nil` first, then again with the
    /// payload once it arrives (if the cell still shows `identifier`). Main actor.
    public typealias Configure = (_ cell: Cell, _ identifier: ID, _ payload: Item?) -> Void

    /// The adapter the view follows.
    public let adapter: ListViewAdapter<ID, Summary, Item>
    /// The view kept in step (held weakly).
    public private(set) weak var view: View?
    /// The reuse identifier ``cell(at:)`` dequeues with; register your cell class for it.
    public let reuseIdentifier: String
    /// Whether the view is on screen and can animate batches: set it in `viewDidAppear`
    /// (and back to `false` in `viewDidDisappear`). Until then every change reloads.
    public var isReady: Bool
    /// Whether the first visible item keeps its place on screen across changes. `true`
    /// by default.
    public var keepsFirstVisibleItemInPlace = true
    /// Called (main actor) when the debug-build check finds the view, its data source and
    /// a batch out of step; the view then gets `reloadData` instead. By default the
    /// message is logged as an error through the adapter's logger.
    public var onInconsistency: ((ListViewInconsistency) -> Void)?
    /// Called (main actor) when a person's edit made through this connector failed (a bad
    /// path) or was undone (its write threw, or the source's list did not keep it), after
    /// the batch that undid it. By default the error is logged through the adapter's logger.
    public var onEditFailure: ((ListEditError<ID>) -> Void)?
    /// Whether the adapter is taking in a move this view made (its ``ListEvent/itemMoved(_:)``
    /// is then not applied again).
    var isTakingOwnMove = false

    let configure: Configure
    /// What the view was last told to show: the state before the next batch.
    var shown: ListSnapshot<ID, Summary>
    var cells = CellRegistry<ID, Cell>()
    /// Payload requests in flight, with the summary they were made for.
    var pendingPayloads: [ID: Summary] = [:]
    /// Items whose payload fetch failed, asked for again (while on screen) after the
    /// adapter's next delivery or recovery, not at once: a source that keeps failing is not
    /// asked in a loop.
    var failedPayloads: Set<ID> = []
    private var observation: ListObservation?

    /// Connects `adapter` to `view`, reloads the view from the adapter's current list and
    /// follows every change from now on.
    ///
    /// - Parameters:
    ///   - adapter: the list to show; it must deliver on the main queue (the default).
    ///   - view: the list view to keep in step; held weakly, so keep it (a view
    ///     controller's view is kept by its controller).
    ///   - reuseIdentifier: what ``cell(at:)`` dequeues; `"Cell"` by default.
    ///   - isReady: whether the view is already on screen; usually `false`, then set
    ///     ``isReady`` in `viewDidAppear`.
    ///   - configure: fills a cell; called on the main actor.
    ///
    /// Main actor; the adapter must deliver on the main queue.
    public init(
        adapter: ListViewAdapter<ID, Summary, Item>, view: View, reuseIdentifier: String = "Cell",
        isReady: Bool = false, configure: @escaping Configure
    ) {
        precondition(
            adapter.deliversOnMainQueue,
            "ListViewConnector needs an adapter that delivers on the main queue (ListViewAdapterConfiguration.deliveryQueue)"
        )
        self.adapter = adapter
        self.view = view
        self.reuseIdentifier = reuseIdentifier
        self.isReady = isReady
        self.configure = configure
        self.shown = adapter.snapshot
        observation = adapter.observe { [weak self] event in self?.handle(event) }
        view.reloadListData()
    }

    /// Stops following the adapter; the view keeps what it shows.
    public func disconnect() {
        observation?.cancel()
        observation = nil
    }

    // MARK: - Events

    private func handle(_ event: ListEvent<ID, Summary>) {
        guard let view else { return }
        switch event {
        case .reload(let snapshot):
            reload(view, from: snapshot)
            retryFailedPayloads()
        case .batch(let batch, _):
            apply(batch, to: view)
            retryFailedPayloads()
        case .loadStateChanged(.content), .loadStateChanged(.empty):
            retryFailedPayloads()
        case .itemMoved(let move):
            itemMoved(move, in: view)
        case .editEnded(let result):
            editEnded(result)
        case .loadStateChanged, .duplicateIdentifiers:
            break
        }
    }

    /// Whether a batch can go to the view as a batch rather than a reload.
    func acceptsBatches(_ view: View) -> Bool {
        isReady && view.isListInWindow
    }

    func reload(_ view: View, from snapshot: ListSnapshot<ID, Summary>) {
        let anchor = acceptsBatches(view) ? firstVisibleItems(in: view) : []
        shown = snapshot
        view.reloadListData()
        keepInPlace(anchor, in: view)
        reapplySelection(in: view)
    }

    private func apply(_ batch: ListBatch<ID, Summary>, to view: View) {
        guard acceptsBatches(view) else {
            reload(view, from: batch.after)
            return
        }
        #if DEBUG
        if let problem = inconsistency(of: batch, in: view) {
            report(problem)
            reload(view, from: batch.after)
            return
        }
        #endif
        let anchor = firstVisibleItems(in: view)
        let update = batch.update
        view.performListUpdates { update.apply(to: view) }
        shown = batch.after
        keepInPlace(anchor, in: view)
        reapplySelection(in: view)
    }

    private func report(_ problem: ListViewInconsistency) {
        if let onInconsistency {
            onInconsistency(problem)
        } else {
            adapter.configuration.logger.error("\(problem.message)")
        }
    }
}
