import Foundation

/// Runs `body` on a thread of its own and returns its result: for tests whose work would
/// otherwise hold one of the threads Swift concurrency and Dispatch share out.
///
/// - Long CPU-bound work (minutes of it, in a debug build): the concurrency pool has as
///   many threads as cores, so on two cores one long synchronous test body per thread
///   stalls every other test, the ones waiting for the adapter's deliveries included. The
///   kernel shares cores between threads; the runtime does not take back a busy thread.
/// - Blocking work (reading a peer's pipe, an open or a write that may wait for a lock):
///   global dispatch queues cap their threads near the core count, so dozens of blocking
///   calls would wait for each other; and the caller's actor may be the one the adapter
///   delivers on.
///
/// Runs `body` on a new thread; resumes the caller on its own executor. Not public: for
/// this package's tests.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}
