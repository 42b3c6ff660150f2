import Foundation

/// Runs blocking work (reading a peer's pipe, an open or a write that may wait for a
/// lock) on a thread of its own and returns its result.
///
/// Not on a global dispatch queue: those cap their threads near the core count, so on
/// two cores dozens of blocking calls would wait for each other; not on the caller's
/// actor, which the adapter delivers on.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}
