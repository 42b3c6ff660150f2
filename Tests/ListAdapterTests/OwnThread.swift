import Foundation

/// Runs long CPU-bound work (minutes of it, in a debug build) on a thread of its own and
/// returns its result.
///
/// Not on the threads Swift concurrency runs tests on: there are as many as cores, so on
/// two cores one long synchronous test body per thread stalls every other test, the ones
/// waiting for the adapter's deliveries included. The kernel shares cores between
/// threads; the concurrency runtime does not take back a thread that is busy.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}
