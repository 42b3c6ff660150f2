import ListAdapter
import ListAdapterTesting
import Testing

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

extension ListViewAdapterProbe {
    /// Waits until `condition` holds, for at most `limit`; when it does not, records an
    /// issue here, naming what was awaited, and returns `false`. (A bare
    /// `recorder.wait(until:)` returns only at the suite's ten-minute time limit, and a test
    /// that ignores its result then fails somewhere later, saying nothing of the wait.)
    /// Main actor.
    @discardableResult
    func expectEventually(
        _ what: @autoclosure () -> String, within limit: Duration = .seconds(120),
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping () -> Bool
    ) async -> Bool {
        if await recorder.wait(atMost: limit, until: { _ in condition() }) { return true }
        Issue.record("waited \(limit) in vain: \(what())", sourceLocation: sourceLocation)
        return false
    }
}

extension ListEventRecorder {
    /// The lists the view was given by the events from index `start` on: each reload, and
    /// each batch's list after it. Main actor.
    func listsShown(from start: Int) -> [ListSnapshot<ID, Summary>] {
        events[start...].compactMap { event in
            switch event {
            case .reload(let list): list
            case .batch(let batch, _): batch.after
            default: nil
            }
        }
    }
}
