import Foundation

/// A value behind an `NSLock`, for the fault table's helpers.
///
/// Not `Synchronization.Mutex`: on Linux its contended path (a priority-inheriting futex
/// in the prebuilt standard library) is invisible to the thread sanitizer, which then
/// reports races between accesses the lock does order. `NSLock` is a pthread mutex,
/// which the sanitizer intercepts.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
