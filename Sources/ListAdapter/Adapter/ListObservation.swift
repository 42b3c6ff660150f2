import Dispatch

/// A registration made by ``ListViewAdapter/observe(isReady:_:)``: cancel it (or release
/// it) to stop receiving events; set ``isReady`` when the list view can apply batches.
///
/// Thread safety: use ``cancel()`` and ``isReady`` on the adapter's delivery queue;
/// releasing it on any thread is safe (the removal then happens on the delivery queue).
public final class ListObservation: @unchecked Sendable {
    // @unchecked Sendable: the closures only touch delivery-queue state and are only
    // called on the delivery queue; `isCancelled` is only touched there too.
    private let deliveryQueue: DispatchQueue
    private let cancelAction: @Sendable () -> Void
    private let setReady: @Sendable (Bool) -> Void
    private let readReady: @Sendable () -> Bool
    private var isCancelled = false

    init(
        deliveryQueue: DispatchQueue,
        cancel: @escaping @Sendable () -> Void,
        setReady: @escaping @Sendable (Bool) -> Void,
        isReady: @escaping @Sendable () -> Bool
    ) {
        self.deliveryQueue = deliveryQueue
        self.cancelAction = cancel
        self.setReady = setReady
        self.readReady = isReady
    }

    /// Whether the observer gets batches (`true`) or a reload for every change (`false`).
    ///
    /// Delivery queue only.
    public var isReady: Bool {
        get { readReady() }
        set { setReady(newValue) }
    }

    /// Stops the events. Safe to call more than once, and from inside the handler.
    ///
    /// Delivery queue only.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        cancelAction()
    }

    deinit {
        let action = cancelAction
        deliveryQueue.async { action() }
    }
}
