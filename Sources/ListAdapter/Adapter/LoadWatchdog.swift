import Dispatch

/// The load timeout, on one timer armed lazily: starting a load only notes its deadline,
/// and the timer, when it fires, times out the running load if its deadline has passed or
/// re-arms for that deadline.
///
/// Arming a Dispatch timer for every load (`asyncAfter`, which allocates one each time)
/// cost a timer allocation, a hand-off to libdispatch's manager thread and a
/// `timerfd_settime` per load, and left every timer to fire, for nothing, `loadTimeout`
/// later: under a writer patched 80 times a second, thousands pending. With the deadline
/// noted instead, a stream of loads re-arms the timer about once per `loadTimeout`.
///
/// Thread safety: the adapter's private queue only (the timer fires there).
final class LoadWatchdog: @unchecked Sendable {
    // @unchecked Sendable: all state is touched on `queue` only.
    private let queue: DispatchQueue
    private let timeout: DispatchTimeInterval
    private var timer: (any DispatchSourceTimer)?
    private var deadlines = LoadDeadlines()
    private var expired: ((Int) -> Void)?

    /// A watchdog on `queue` for loads that may take `timeout` (none if it is too long to
    /// represent).
    init(queue: DispatchQueue, timeout: Duration) {
        self.queue = queue
        self.timeout = timeout.dispatchInterval
    }

    /// What to call, on the private queue, with the id of a load that ran out of time.
    /// Set once, before the first load.
    func onExpiry(_ expired: @escaping (Int) -> Void) {
        self.expired = expired
    }

    /// Load `id` started now: it times out `timeout` from now, unless it finished by then
    /// (the owner's lifecycle ignores a finished load's timeout) or another started since.
    func started(id: Int) {
        if case .never = timeout { return }
        if let deadline = deadlines.started(id: id, deadline: .now() + timeout) { arm(for: deadline) }
    }

    /// Stops the timer. Private queue.
    func cancel() {
        timer?.cancel()
        timer = nil
        deadlines = LoadDeadlines()
    }

    deinit {
        timer?.cancel()
    }

    private func arm(for deadline: DispatchTime) {
        if timer == nil {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.setEventHandler { [weak self] in self?.fire() }
            timer.schedule(deadline: .distantFuture)
            timer.resume()
            self.timer = timer
        }
        timer?.schedule(deadline: deadline)
    }

    private func fire() {
        switch deadlines.fired(now: .now()) {
        case .none: break
        case .expired(let id): expired?(id)
        case .rearm(let deadline): arm(for: deadline)
        }
    }
}

/// The deadlines behind ``LoadWatchdog``: when its one timer must fire, and what a firing
/// means. Pure value type: the clock is passed in.
struct LoadDeadlines: Sendable, Equatable {
    /// The load started last, and when it runs out of time.
    private(set) var running: Running?
    /// When the armed timer fires; `nil` when it is not armed.
    private(set) var armedFor: DispatchTime?

    struct Running: Sendable, Equatable {
        var id: Int
        var deadline: DispatchTime
    }

    /// What a firing of the timer means.
    enum Firing: Sendable, Equatable {
        /// Nothing runs: the timer stays disarmed.
        case none
        /// Load `id` ran out of time.
        case expired(Int)
        /// The running load still has time: arm the timer for its deadline.
        case rearm(DispatchTime)
    }

    /// Load `id` started, to run out of time at `deadline`. Returns when to arm the timer,
    /// or `nil` when it is armed already (for an earlier deadline: it re-arms then).
    mutating func started(id: Int, deadline: DispatchTime) -> DispatchTime? {
        running = Running(id: id, deadline: deadline)
        guard armedFor == nil else { return nil }
        armedFor = deadline
        return deadline
    }

    /// The timer fired at `now`.
    mutating func fired(now: DispatchTime) -> Firing {
        armedFor = nil
        guard let running else { return .none }
        if running.deadline <= now {
            self.running = nil
            return .expired(running.id)
        }
        armedFor = running.deadline
        return .rearm(running.deadline)
    }
}
