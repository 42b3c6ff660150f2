public import Dispatch
public import Logging

/// How a ``ListViewAdapter`` behaves: where it delivers, how long it waits, how much it
/// caches.
///
/// Thread safety: a value type; use it on any queue.
public struct ListViewAdapterConfiguration: Sendable {
    /// The queue observers are called on and the adapter's synchronous API must be used
    /// on. The main queue by default; tests may pass a serial queue of their own.
    public var deliveryQueue: DispatchQueue = .main
    /// How long a data source may take to load its entries before the load counts as
    /// failed with ``ListAdapterError/Kind/loadTimedOut(after:)``. The adapter then moves
    /// on (a later change loads again), but a load that finishes late is still delivered
    /// if no other load started meanwhile, so a slow source's change is late, not lost.
    public var loadTimeout: Duration = .seconds(30)
    /// How long a storm of invalidations is coalesced: after a load during which more
    /// invalidations arrived, the next load waits this long, so a source that invalidates
    /// continuously costs a few loads a second instead of one after another. An
    /// invalidation that finds the adapter idle is served at once; a storm counts as over
    /// once the source has been quiet for one such period after a load. Zero turns
    /// coalescing off (back-to-back loads, still at most one running and one pending).
    public var coalescingInterval: Duration = .milliseconds(500)
    /// The longest a storm's periods grow to. Each cooling period of one storm waits twice
    /// as long as the one before, from ``coalescingInterval`` up to this. So 10,000
    /// invalidations spread over a second cost three loads, and a source that changes
    /// without pause is reloaded about once a second. Set it to ``coalescingInterval`` (or
    /// less) to keep the period fixed.
    public var maximumCoalescingInterval: Duration = .seconds(1)
    /// How long a storm is coalesced after a load that applied a patch (an
    /// ``IncrementalListDataSource`` reporting just the rows a commit touched, about a
    /// millisecond at a million rows): one display frame, fixed. A writer committing 100
    /// times a second is then shown about 60 times a second, each row within a frame or
    /// two of its commit, where the full-reload periods (``coalescingInterval``, up to
    /// ``maximumCoalescingInterval``) would hold changes back for a second. As for
    /// those, an invalidation that finds the adapter idle is served at once, and zero
    /// ``coalescingInterval`` turns all coalescing off.
    public var patchCoalescingInterval: Duration = .milliseconds(16)
    /// How updated items are shown in batches.
    public var updateStyle: UpdateStyle = .reconfigure
    /// How a change is split into batches: by default the fewest that keep every
    /// surviving cell (``BatchingPolicy/keepingIdentity``), each delivered as its own
    /// ``ListEvent/batch(_:_:)`` with ``ListChangeInfo/batchIndex`` and
    /// ``ListChangeInfo/batchCount``; ``BatchingPolicy/single`` for one batch per change.
    public var batching: BatchingPolicy = .keepingIdentity
    /// The most payloads the cache keeps.
    public var cacheCountLimit: Int = 1_000
    /// The most total cost the cache keeps, with costs from the adapter's `itemCost`.
    public var cacheCostLimit: Int = .max
    /// Where the adapter logs warnings (duplicate identifiers, failed loads).
    public var logger = Logger(label: "ListAdapter")

    /// The default configuration.
    public init() {}

    /// The coalescing interval of a storm's cooling `round` (0 first): doubling from
    /// ``coalescingInterval``, capped by ``maximumCoalescingInterval``.
    func coolingInterval(round: Int) -> Duration {
        let longest = max(coalescingInterval, maximumCoalescingInterval)
        var interval = coalescingInterval
        for _ in 0 ..< min(round, 64) where interval < longest { interval *= 2 }
        return min(interval, longest)
    }
}
