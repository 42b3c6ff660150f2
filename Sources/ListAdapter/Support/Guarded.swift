#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: the project's one mutex, for state that several threads touch.
///
/// A `pthread_mutex_t`, not the standard library's `Mutex`: on Linux that one takes its
/// lock with atomics inside the uninstrumented standard library, so the thread sanitizer
/// sees no ordering between two threads' critical sections and reports a race wherever
/// nothing else happened to order them (seen in CI, and with two threads incrementing a
/// counter under a `Mutex`: a report, although the count comes out right). The sanitizer
/// intercepts `pthread_mutex_lock`, so its reports stay about real races.
///
/// Thread safety: any thread; `withLock` must not be re-entered on the same value.
@usableFromInline
package final class Guarded<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held. On the calling thread.
    @discardableResult @usableFromInline
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
