#if PostgreSQL
import ListAdapter

/// A wait that passed its deadline.
struct DeadlinePassed: Error {
    let limit: Duration
}

extension Duration {
    /// The duration in nanoseconds, at most `Int64.max` (about 292 years) and at least 0:
    /// for NIO's `TimeAmount`.
    var clampedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64.max / 1_000_000_000 - 1 else { return .max }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Runs `body` and returns its result, or, when `limit` passes first, throws
/// ``DeadlinePassed`` at once and runs `onTimeout`, which must make `body` end (closing the
/// connection it waits on fails its statement).
///
/// postgres-nio's calls do not end on task cancellation, and a server that accepted a
/// connection may never answer at all: the caller is answered at the deadline whatever
/// `body` does, and `body` is left to end on its own (it is cancelled too).
func withDeadline<T: Sendable>(
    _ limit: Duration, onTimeout: @escaping @Sendable () async -> Void, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = DeadlineRace()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            // The clock first, so that a body that ends at once finds it to cancel.
            let clock = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
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
