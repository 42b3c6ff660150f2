import Dispatch

extension ListViewAdapter {
    /// What the private queue owns: the load lifecycle, the current source, and the
    /// baseline every change is computed against (the last list sent to observers).
    struct CoreState {
        var cycle: LoadCycle
        var source: Source {
            didSet { incremental = source as? any IncrementalListDataSource<ID, Summary, Item> }
        }
        /// `source` as an incremental source, if it is one: cast once per source, not once
        /// per load (a cast to a constrained existential looks its conformance up by name).
        private(set) var incremental: (any IncrementalListDataSource<ID, Summary, Item>)?
        var generation = 1
        /// The last list sent for delivery, in view form (collapsed sections empty).
        /// Deliveries are FIFO, so observers see it before any later change.
        var baseline = ListSnapshot<ID, Summary>()
        /// The source's last loaded list, unfiltered.
        var loaded: ListSnapshot<ID, Summary>?
        /// Whether `loaded` came from the current source's last successful load, so that
        /// an incremental source may patch it.
        var loadedIsFromCurrentSource = false
        var collapsed: Set<String?> = []
        var hasDelivered = false
        /// How the next computed change is delivered.
        var nextReason = ListChangeInfo.Reason.invalidation
        var nextIsAnimated = true
        /// The last transition's `onShown`, until a load of its source is delivered.
        var transitionShown: (@Sendable () -> Void)?
        /// Whether the last load that completed applied a patch: a storm is then coalesced
        /// for ``ListViewAdapterConfiguration/patchCoalescingInterval``.
        var lastLoadWasPatched = false
        /// For each incremental source (by identity), the adapter's last call on it that may
        /// still run (its load id and task): the next call waits for it (see
        /// ``ListViewAdapter/startLoad(id:)``). Removed when that call ends.
        var incrementalCalls: [ObjectIdentifier: (id: Int, task: Task<Void, Never>)] = [:]
        /// A person's edits whose writes have not ended or whose result the source's list
        /// has not shown yet, in the order they were made (see ``PendingEdit``).
        var edits: [PendingEdit] = []
        /// The delivery queue's edit count when it last told this queue about an edit:
        /// every list sent carries it, and the delivery queue drops a list computed before
        /// its latest edit (see ``ListViewAdapter/editArrived(_:epoch:shown:write:)``).
        var editEpoch = 0
        /// The load state last sent, kept by an edit's batch.
        var lastSentState = ListLoadState.loading
        /// The last edit's write: the next one waits for it, so writes run in edit order.
        var lastWrite: Task<Void, Never>?

        init(source: Source, coalescesStorms: Bool) {
            self.source = source
            self.incremental = source as? any IncrementalListDataSource<ID, Summary, Item>
            self.cycle = LoadCycle(coalescesStorms: coalescesStorms)
        }
    }

    /// What the delivery queue owns: the list as observers have seen it, observers,
    /// payloads and selection.
    @usableFromInline
    struct DeliveredState {
        @usableFromInline var presented = ListSnapshot<ID, Summary>()
        var loadState = ListLoadState.loading
        var observers: [Int: Observer] = [:]
        var nextObserverID = 1
        @usableFromInline var cache: PayloadCache<ID, Summary, Item>
        @usableFromInline var fetches = FetchState()
        /// Rows that fetches found out of date, and the delivery count.
        @usableFromInline var lagging = LaggingRows<ID, Summary>()
        var selection: Set<ID> = []
        var collapsed: Set<String?> = []
        /// How many edits the person has made here; a list computed before the latest is
        /// stale (the view already shows the edit) and is dropped.
        var editEpoch = 0
        /// Edits made here whose end (``ListEvent/editEnded(_:)``) has not been delivered.
        var pendingEdits = 0
        /// How long the last delivery took on the delivery queue, observers included.
        var lastDeliveryDuration = Duration.zero
        /// The delivery thread's CPU time during the last delivery.
        var lastDeliveryCPUDuration = Duration.zero
        /// How many deliveries have been applied (for the soak's attribution of CPU time).
        var completedDeliveries = 0
        /// The current source as a summarizing one, if it is, for the generation it was
        /// found under: a cast to a constrained existential costs about as much as the
        /// rest of sending a fetch, so it is made once per source.
        @usableFromInline var summarizing: (generation: Int, source: (any SummarizingListDataSource<ID, Summary, Item>)?)?

        init(cache: PayloadCache<ID, Summary, Item>) {
            self.cache = cache
        }
    }

    struct Observer {
        let handler: @Sendable (ListEvent<ID, Summary>) -> Void
        var isReady: Bool
    }

    /// What the private queue hands to the delivery queue.
    /// A list (`reload`, `update`) carries the edit epoch it was computed under, and is
    /// dropped if the delivery queue has had an edit since.
    enum Delivery: Sendable {
        case reload(ListSnapshot<ID, Summary>, ListLoadState, reason: ListChangeInfo.Reason, epoch: Int)
        /// `patched`: the new list is the old one patched, sharing all but the few chunks the
        /// patch wrote, so letting the old one go frees little and may happen in place.
        case update(
            ListUpdate<ID, Summary>, ListLoadState, reason: ListChangeInfo.Reason, computeDuration: Duration, patched: Bool = false,
            epoch: Int
        )
        /// A person's edit ended: confirmed by the source's list, or undone with an error.
        case editEnded(Result<ListEdit<ID>, ListEditError<ID>>)
        case loadState(ListLoadState)
        case duplicates(DuplicateIdentifiers<ID>)
        /// A transition's `onShown`, called once the list before it in the queue is applied.
        case transitionShown(@Sendable () -> Void)
    }

    /// A payload request waiting for its fetch.
    @usableFromInline typealias ItemWaiter = @Sendable (Result<FetchedItem<ID, Item>?, ListAdapterError>) -> Void

    /// In-flight and pending payload fetches.
    @usableFromInline
    struct FetchState {
        /// Identifiers requested this turn, not yet sent to the source, in request order.
        @usableFromInline var pending: [ID] = []
        @usableFromInline var pendingSet: Set<ID> = []
        @usableFromInline var flushScheduled = false
        /// Per identifier: the summary it had when requested and who waits for it.
        @usableFromInline var requests: [ID: Request] = [:]
        /// Requests that only the next delivery can answer (see ``LaggingRows``).
        @usableFromInline var parked: [ID: [ItemWaiter]] = [:]

        @usableFromInline init() {}

        @usableFromInline
        struct Request {
            @usableFromInline var summary: Summary
            @usableFromInline var waiters: [ItemWaiter]
            @usableFromInline var isInFlight: Bool

            @inlinable
            init(summary: Summary, waiters: [ItemWaiter], isInFlight: Bool) {
                self.summary = summary
                self.waiters = waiters
                self.isInFlight = isInFlight
            }
        }
    }
}
