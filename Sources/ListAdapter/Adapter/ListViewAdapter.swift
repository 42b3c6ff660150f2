public import Dispatch
import Logging

/// Shows a data source's list in a `UITableView` or `UICollectionView`, however long the
/// list: it keeps only identifiers, section titles and summaries in memory, computes every
/// change on its own private queue, and delivers batch updates UIKit accepts.
///
/// ```swift
/// let adapter = ListViewAdapter(source: inbox)
/// let observation = adapter.observe { event in
///     switch event {
///     case .reload: tableView.reloadData()
///     case .batch(let batch, _): tableView.performBatchUpdates { batch.update.apply(to: tableView) }
///     case .itemMoved, .loadStateChanged, .duplicateIdentifiers, .editEnded: break
///     }
/// }
/// let rows = adapter.numberOfItems(inSection: 0)   // answers from what observers have seen
/// ```
///
/// The read API answers from the list observers have been told about: before the first
/// load is delivered it is empty (no sections), and a section or path that does not exist
/// answers `0`, `nil` or `false`, never traps.
///
/// Queues:
/// - The synchronous API (counts, titles, identifiers, paths, load state, cached items,
///   selection) must be called on the delivery queue (the main queue unless configured),
///   and answers in O(1) or O(log n).
/// - ``invalidate()`` and ``transition(to:animated:onShown:)`` may be called from any thread.
/// - Loading entries and computing changes happen on the adapter's private serial queue;
///   observers and item completions are called on the delivery queue.
///
/// The synchronous answers switch to a batch's `after` state exactly when that batch is
/// handed to observers, so a list view applying it inside `performBatchUpdates` reads
/// consistent counts.
public final class ListViewAdapter<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `core` is only touched on `queue`, `delivered` only on the
    // delivery queue (both checked in debug builds); the rest is immutable or `Guarded`.

    /// The data source type the adapter works with.
    public typealias Source = any ListDataSource<ID, Summary, Item>

    @usableFromInline let configuration: ListViewAdapterConfiguration
    /// Owns `core`: loading, diffing, transitions.
    let queue: DispatchQueue
    /// Runs the data source's async requirements (see ``DispatchTaskExecutor``).
    @usableFromInline let sourceExecutor: DispatchTaskExecutor
    /// Times out loads (`configuration.loadTimeout`); private queue.
    let loadWatchdog: LoadWatchdog
    /// Marks the delivery queue, so misuse can be caught.
    @usableFromInline let deliveryKey = DispatchSpecificKey<UInt8>()
    /// Diffs and stages; made where the concrete types are known, so it is specialised.
    let makeUpdate: @Sendable (ListSnapshot<ID, Summary>, ListSnapshot<ID, Summary>, UpdateStyle, BatchingPolicy) -> ListUpdate<ID, Summary>
    /// The cost of a payload in the cache.
    @usableFromInline let itemCost: @Sendable (Item) -> Int
    /// The current source and its generation, readable from any thread (for fetches and
    /// for ``ListInvalidation/isActive``).
    @usableFromInline let current: Guarded<(source: Source, generation: Int)>

    /// Loads waiting for the adapter's previous call on their incremental source to end
    /// (see ``startLoad(id:)``); for tests.
    let loadsWaitingForPreviousCall = Guarded(0)

    /// State owned by `queue`.
    var core: CoreState
    /// State owned by the delivery queue.
    @usableFromInline var delivered: DeliveredState

    /// Creates an adapter for `source` and starts loading its entries at once.
    ///
    /// - Parameters:
    ///   - source: where entries and payloads come from.
    ///   - configuration: queues, timeout, cache limits.
    ///   - itemCost: the cost of a payload against ``ListViewAdapterConfiguration/cacheCostLimit``;
    ///     1 by default.
    ///
    /// Call it on any thread. The first load completes on the private queue and is
    /// delivered as ``ListEvent/reload(_:)``.
    @inlinable
    public convenience init(
        source: some ListDataSource<ID, Summary, Item>,
        configuration: ListViewAdapterConfiguration = ListViewAdapterConfiguration(),
        itemCost: @escaping @Sendable (Item) -> Int = { _ in 1 }
    ) {
        self.init(
            source: source as Source, configuration: configuration, itemCost: itemCost,
            makeUpdate: { old, new, style, batching in ListUpdate(from: old, to: new, updateStyle: style, batching: batching) }
        )
    }

    @usableFromInline
    init(
        source: Source,
        configuration: ListViewAdapterConfiguration,
        itemCost: @escaping @Sendable (Item) -> Int,
        makeUpdate: @escaping @Sendable (ListSnapshot<ID, Summary>, ListSnapshot<ID, Summary>, UpdateStyle, BatchingPolicy) -> ListUpdate<ID, Summary>
    ) {
        self.configuration = configuration
        self.queue = DispatchQueue(label: "ListAdapter.ListViewAdapter", qos: .userInitiated)
        self.sourceExecutor = DispatchTaskExecutor(
            queue: DispatchQueue(label: "ListAdapter.ListViewAdapter.source", qos: .userInitiated, attributes: .concurrent)
        )
        self.loadWatchdog = LoadWatchdog(queue: queue, timeout: configuration.loadTimeout)
        self.makeUpdate = makeUpdate
        self.itemCost = itemCost
        self.current = Guarded((source, 1))
        self.core = CoreState(source: source, coalescesStorms: configuration.coalescingInterval > .zero)
        self.delivered = DeliveredState(
            cache: PayloadCache(countLimit: configuration.cacheCountLimit, costLimit: configuration.cacheCostLimit)
        )
        configuration.deliveryQueue.setSpecific(key: deliveryKey, value: 1)
        loadWatchdog.onExpiry { [weak self] id in self?.loadDidTimeOut(id: id) }
        queue.async { self.attachCurrentSource(reason: .invalidation) }
    }

    deinit {
        let source = current.withLock { $0.source }
        let loadWatchdog = loadWatchdog
        queue.async {
            loadWatchdog.cancel()
            source.detach()
        }
    }

    // MARK: - Queue discipline

    /// Whether the caller is on this adapter's delivery queue. Any thread.
    @inlinable
    var isOnDeliveryQueue: Bool { DispatchQueue.getSpecific(key: deliveryKey) != nil }

    /// Traps, in debug builds, when called off the delivery queue.
    @inlinable
    func assertOnDeliveryQueue(_ function: StaticString = #function) {
        assert(
            isOnDeliveryQueue,
            "ListViewAdapter.\(function) must be called on the adapter's delivery queue (the main queue unless configured otherwise)"
        )
    }

    /// Traps, in debug builds, when called off the private queue.
    func assertOnPrivateQueue() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}

// MARK: - The delivery-queue API

extension ListViewAdapter {
    /// The list as observers have seen it so far.
    ///
    /// Delivery queue only. - Complexity: O(1).
    public var snapshot: ListSnapshot<ID, Summary> {
        assertOnDeliveryQueue()
        return delivered.presented
    }

    /// The number of sections.
    ///
    /// Delivery queue only. - Complexity: O(1).
    public var numberOfSections: Int {
        assertOnDeliveryQueue()
        return delivered.presented.numberOfSections
    }

    /// The number of items in `section`: zero for a collapsed section, and for a section
    /// that does not exist (for example any section before the first load is delivered).
    ///
    /// Delivery queue only. - Complexity: O(1).
    ///
    /// - Parameter section: the section's index in the list observers have seen.
    /// - Returns: the section's item count; `0` for a collapsed section or a section out of
    ///   range.
    public func numberOfItems(inSection section: Int) -> Int {
        assertOnDeliveryQueue()
        let presented = delivered.presented
        return presented.sectionTitles.indices.contains(section) ? presented.numberOfItems(inSection: section) : 0
    }

    /// The title of `section`: `nil` for the untitled section, and for a section that does
    /// not exist.
    ///
    /// Delivery queue only. - Complexity: O(1).
    ///
    /// - Parameter section: the section's index in the list observers have seen.
    /// - Returns: the section's title; `nil` for the untitled section or a section out of
    ///   range.
    public func title(ofSection section: Int) -> String? {
        assertOnDeliveryQueue()
        let presented = delivered.presented
        return presented.sectionTitles.indices.contains(section) ? presented.title(ofSection: section) : nil
    }

    /// The identifier at `path`, or `nil` when the path is out of range.
    ///
    /// Delivery queue only. - Complexity: O(1).
    ///
    /// - Parameter path: an item's path in the list observers have seen.
    /// - Returns: the item's identifier, or `nil` when `path` is out of range.
    public func identifier(at path: ItemPath) -> ID? {
        assertOnDeliveryQueue()
        return delivered.presented.contains(path) ? delivered.presented.identifier(at: path) : nil
    }

    /// The path of the item `id`, or `nil` when the list has no such item.
    ///
    /// Delivery queue only. - Complexity: Expected O(1) plus O(log s) for s sections.
    ///
    /// - Parameter id: an item's identifier.
    /// - Returns: the item's path in the list observers have seen, or `nil` when that list
    ///   does not show it (also when its section is collapsed).
    public func path(of id: ID) -> ItemPath? {
        assertOnDeliveryQueue()
        return delivered.presented.path(of: id)
    }

    /// Where the list stands: loading, empty, content, or failed with the last error.
    ///
    /// Delivery queue only. - Complexity: O(1).
    public var loadState: ListLoadState {
        assertOnDeliveryQueue()
        return delivered.loadState
    }
}
