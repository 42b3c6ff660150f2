#if PostgreSQL
import ListAdapter
import PostgresNIO

/// A wait that passed its deadline.
struct DeadlinePassed: Error {
    let limit: Duration
}

/// A wait on a connection that closed and left the wait unanswered.
struct ConnectionClosedUnderneath: Error {}

/// Runs `body` and returns its result, or, when `limit` passes first, throws
/// ``DeadlinePassed`` at once and runs `onTimeout`, which must make `body` end (closing the
/// connection it waits on fails its statement).
///
/// postgres-nio's calls do not end on task cancellation, and a server that accepted a
/// connection may never answer at all: the caller is answered at the deadline whatever
/// `body` does, and `body` is left to end on its own (it is cancelled too).
///
/// With `connection`, the caller is also answered (``ConnectionClosedUnderneath``) when
/// `connection` has been closed for a second and `body` has still not ended: postgres-nio
/// 1.33 never answers a statement sent on a connection that has closed (it is dropped with
/// the channel's pipeline), so a server that restarted between two statements of a body
/// would otherwise hold it until the deadline (seen in CI: a patch during a restart failed
/// as a 30 s `timeout` instead of `connection`).
func withDeadline<T: Sendable>(
    _ limit: Duration, watching connection: PostgresConnection? = nil,
    onTimeout: @escaping @Sendable () async -> Void, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = DeadlineRace()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            // The clock first, so that a body that ends at once finds it to cancel.
            let clock = Task {
                let clock = ContinuousClock()
                let deadline = clock.now + limit
                var closedBefore = false
                while clock.now < deadline {
                    let slice = connection == nil ? deadline - clock.now : min(deadline - clock.now, .seconds(1))
                    guard (try? await Task.sleep(for: slice)) != nil else { return }
                    guard let connection, connection.isClosed else { continue }
                    if closedBefore, race.answer() {
                        continuation.resume(throwing: ConnectionClosedUnderneath())
                        race.cancelWork()
                        return
                    }
                    closedBefore = true
                }
                if race.answer() {
                    continuation.resume(throwing: DeadlinePassed(limit: limit))
                    race.cancelWork()
                    await onTimeout()
                }
            }
            race.start(Task {
                let result: Result<T, any Error>
                do { result = .success(try await body()) } catch { result = .failure(error) }
                if race.answer() {
                    clock.cancel()
                    continuation.resume(with: result)
                }
            })
        }
    } onCancel: {
        race.cancelWork()
    }
}

/// Who answers a ``withDeadline(_:onTimeout:_:)`` call first, and its work to cancel.
private final class DeadlineRace: Sendable {
    // Guarded, not Mutex: the thread sanitizer sees its pthread lock (Guarded.swift).
    private let state = Guarded<(answered: Bool, work: Task<Void, Never>?)>((false, nil))

    /// Whether the caller is the first to answer.
    func answer() -> Bool {
        state.withLock { state in
            defer { state.answered = true }
            return !state.answered
        }
    }

    func start(_ work: Task<Void, Never>) {
        state.withLock { $0.work = work }
    }

    func cancelWork() {
        state.withLock { $0.work }?.cancel()
    }
}
#endif
