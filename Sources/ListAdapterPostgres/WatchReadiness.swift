#if PostgreSQL
import ListAdapter

/// Whether a source's changes are watched, so that no commit goes unseen between a load and
/// the watch: a load's snapshot must follow the moment its watch watches (`LISTEN`
/// confirmed, or the first poll read), else a commit in between would be noticed by
/// nobody.
///
/// A load that starts while the watch is starting waits for it (up to a limit), so the
/// adapter's first load after attaching costs no second one. A load that starts while
/// nothing watches (before the source is attached, after it is detached, while the watch
/// reconnects, or past the limit) is recorded, and the watch has the adapter reload once it
/// watches. (Invalidating on every start instead, whether a load was at risk or not, began a
/// storm at every attach: the adapter then coalesced the next commits, and a lone commit's
/// delivery went from 6 ms to 22 ms at the median.)
///
/// A lifecycle as a state machine; each start of a watch is a generation, and a stopped
/// watch's late word is ignored.
///
/// Thread safety: `Sendable`; call it from any task.
final class WatchReadiness: Sendable {
    enum Phase: Equatable {
        /// No watch is attached, or its connection failed.
        case notWatching
        /// Generation `generation` was attached and has not watched yet.
        case starting(generation: Int)
        /// Changes are watched.
        case watching(generation: Int)
        /// The attached watch has nothing to watch (no channel, no table to poll).
        case watchingNothing
    }

    private enum Waiter {
        /// Registered, not yet suspended.
        case arriving
        case waiting(CheckedContinuation<Void, Never>)
    }

    private struct State {
        var phase = Phase.notWatching
        var generation = 0
        /// A load started while nothing watched, since changes were last watched.
        var loadUnwatched = false
        var nextWaiter = 0
        var waiters: [Int: Waiter] = [:]

        /// Takes every waiter out, to be resumed outside the lock.
        mutating func releaseAll() -> [CheckedContinuation<Void, Never>] {
            defer { waiters = [:] }
            return waiters.values.compactMap { if case .waiting(let continuation) = $0 { continuation } else { nil } }
        }
    }

    private let state = Guarded(State())

    var phase: Phase { state.withLock { $0.phase } }

    /// Loads registered to wait (for tests).
    var waitingLoads: Int { state.withLock { $0.waiters.count } }

    /// A watch is attached: returns its generation, for its later word.
    func starting() -> Int {
        let (generation, released) = state.withLock { state in
            state.generation += 1
            state.phase = .starting(generation: state.generation)
            return (state.generation, state.releaseAll())
        }
        for continuation in released { continuation.resume() }
        return generation
    }

    /// Watch `generation` watches: returns whether a load started while nothing watched (the
    /// watch then has the adapter reload), and lets waiting loads go.
    func watching(generation: Int) -> Bool {
        let (missed, released) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            guard state.generation == generation else { return (false, []) }
            defer { state.loadUnwatched = false }
            state.phase = .watching(generation: generation)
            return (state.loadUnwatched, state.releaseAll())
        }
        for continuation in released { continuation.resume() }
        return missed
    }

    /// Watch `generation` has nothing to watch: loads neither wait nor count.
    func watchingNothing(generation: Int) {
        transition(generation: generation, to: .watchingNothing)
    }

    /// Watch `generation` lost its connection, or was stopped: loads go at once, and count.
    func stopped(generation: Int) {
        transition(generation: generation, to: .notWatching)
    }

    private func transition(generation: Int, to phase: Phase) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.generation == generation else { return [] }
            state.phase = phase
            return state.releaseAll()
        }
        for continuation in released { continuation.resume() }
    }

    /// A load is about to take its snapshot: waits, at most `limit`, for a starting watch to
    /// watch, and records a load that starts while nothing watches.
    func loadStarting(waitingAtMost limit: Duration) async {
        let id: Int? = state.withLock { state in
            switch state.phase {
            case .watching, .watchingNothing:
                return nil
            case .notWatching:
                state.loadUnwatched = true
                return nil
            case .starting:
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = .arriving
                return state.nextWaiter
            }
        }
        guard let id else { return }
        let clock = Task { [weak self] in
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            self?.release(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waits = state.withLock { state in
                    guard case .starting = state.phase, state.waiters[id] != nil else { return false }
                    state.waiters[id] = .waiting(continuation)
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            release(id)
        }
        clock.cancel()
        state.withLock { state in
            state.waiters[id] = nil
            switch state.phase {
            case .watching, .watchingNothing: break
            case .notWatching, .starting: state.loadUnwatched = true
            }
        }
    }

    /// Lets waiter `id` go (its limit passed, or its task was cancelled).
    private func release(_ id: Int) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        if case .waiting(let continuation) = waiter { continuation.resume() }
    }
}
#endif
