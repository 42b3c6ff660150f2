import Dispatch

/// A registration made by ``ListViewAdapter/observe(isReady:_:)``: cancel it (or release
/// it) to stop receiving events; set ``isReady`` when the list view can apply batches.
///
/// Thread safety: ``cancel()`` and releasing it are safe on any thread (off the delivery
/// queue, the removal is queued there); ``isReady`` is for the adapter's delivery queue.
public final class ListObservation: @unchecked Sendable {
    // @unchecked Sendable: the closures only touch delivery-queue state and are only
    // called on the delivery queue; `isCancelled` is behind its lock.
    private let deliveryQueue: DispatchQueue
    private let isOnDeliveryQueue: @Sendable () -> Bool
    private let cancelAction: @Sendable () -> Void
    private let setReady: @Sendable (Bool) -> Void
    private let readReady: @Sendable () -> Bool
    private let isCancelled = Guarded(false)

    init(
        deliveryQueue: DispatchQueue,
        isOnDeliveryQueue: @escaping @Sendable () -> Bool,
        cancel: @escaping @Sendable () -> Void,
        setReady: @escaping @Sendable (Bool) -> Void,
        isReady: @escaping @Sendable () -> Bool
    ) {
        self.deliveryQueue = deliveryQueue
        self.isOnDeliveryQueue = isOnDeliveryQueue
        self.cancelAction = cancel
        self.setReady = setReady
        self.readReady = isReady
    }

    /// Whether the observer gets batches (`true`) or a reload for every change (`false`).
    ///
    /// Delivery queue only (checked in debug builds).
    public var isReady: Bool {
        get {
            assert(isOnDeliveryQueue(), "ListObservation.isReady must be read on the adapter's delivery queue")
            return readReady()
        }
        set {
            assert(isOnDeliveryQueue(), "ListObservation.isReady must be set on the adapter's delivery queue")
            setReady(newValue)
        }
    }

    /// Stops the events. Safe to call more than once, from inside the handler, and from
    /// any thread.
    ///
    /// On the delivery queue (in a handler too) no event reaches the handler after it
    /// returns. On another thread the removal is queued on the delivery queue, behind
    /// what is queued there already: an event on its way may still arrive (wait with
    /// `deliveryQueue.sync {}` if that matters; never from a queue the delivery queue
    /// waits for).
    public func cancel() {
        let first = isCancelled.withLock { cancelled in
            defer { cancelled = true }
            return !cancelled
        }
        guard first else { return }
        if isOnDeliveryQueue() {
            cancelAction()
        } else {
            deliveryQueue.async { [cancelAction] in cancelAction() }
        }
    }

    deinit {
        let action = cancelAction
        deliveryQueue.async { action() }
    }
}
