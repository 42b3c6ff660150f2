#if WebSocket && os(Linux)
import ListAdapter

/// Runs a watch's connection, failing it with `error` when its upgrade has not completed
/// within `timeout`, or at once when the waiting task is cancelled before the upgrade.
///
/// The client's wait for the server's answer to the upgrade cannot be cancelled, so a
/// connection given up on is left on a task of its own (it never delivers: ``upgraded()``
/// then returns `false`). Once upgraded, the watch ends only when the connection does,
/// so nothing is received after `run` returns.
///
/// Threading: any thread.
final class HandshakeDeadline: Sendable {
    private struct State {
        var upgraded = false
        var abandoned = false
        var continuation: CheckedContinuation<Void, any Error>?
        var result: Result<Void, any Error>?
    }

    let timeout: Duration
    let error: ListTransportError
    private let state = Guarded(State())

    init(timeout: Duration, error: ListTransportError) {
        self.timeout = timeout
        self.error = error
    }

    /// Records the upgrade; `false` when the watch was already given up on.
    func upgraded() -> Bool {
        state.withLock { state in
            if state.abandoned { return false }
            state.upgraded = true
            return true
        }
    }

    /// Runs `connection` on a task of its own and returns (or throws) when it ends, when the
    /// upgrade misses the deadline, or when the calling task is cancelled before the upgrade.
    func run(_ connection: @escaping @Sendable () async throws -> Void) async throws {
        let work = Task {
            do {
                try await connection()
                self.finish(.success(()))
            } catch {
                self.finish(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { self.abandon(with: error, work: work) }
        }
        defer { timer.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> Result<Void, any Error>? in
                    if let result = state.result { return result }
                    state.continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            work.cancel()
            self.abandon(with: CancellationError(), work: work)
        }
    }

    /// Ends the watch with `error` unless the upgrade completed (the connection then ends it).
    private func abandon(with error: any Error, work: Task<Void, Never>) {
        let abandoned = state.withLock { state -> Bool in
            guard !state.upgraded, !state.abandoned else { return false }
            state.abandoned = true
            return true
        }
        guard abandoned else { return }
        work.cancel()
        finish(.failure(error))
    }

    private func finish(_ result: Result<Void, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
#endif
