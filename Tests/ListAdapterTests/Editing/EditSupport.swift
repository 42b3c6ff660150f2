import ListAdapter
import ListAdapterTesting

typealias EditError = ListEditError<String>

/// A write that fails, as a store that refuses it would.
struct RefusedWrite: Error, CustomStringConvertible {
    var description: String { "the store refused the write" }
}

/// Holds writes until opened, so edits stay pending while a test changes the store
/// around them.
final class WriteGate: Sendable {
    private let state = Guarded((isOpen: false, waiting: [CheckedContinuation<Void, Never>]()))

    /// Returns once the gate is open.
    func pass() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Lets every held write and every later one through.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// What the writes did, in the order they ran.
final class WriteLog: Sendable {
    private let entries = Guarded([String]())
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}
