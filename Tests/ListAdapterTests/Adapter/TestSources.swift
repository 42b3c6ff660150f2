import ListAdapter
import ListAdapterTesting

typealias Record = InMemoryListSource<String, Int, String>.Record

func records(_ spec: [(id: String, section: String?, summary: Int)]) -> [Record] {
    spec.map { Record(entry: ListEntry(id: $0.id, section: $0.section, summary: $0.summary), item: "\($0.id)@\($0.summary)") }
}

/// A real data source whose loads and fetches can be counted, held back until released,
/// made to fail, or made to never complete: the situations the adapter must survive.
/// It serves an `InMemoryListSource`'s data.
final class ControlledSource: ListDataSource {
    typealias ID = String
    typealias Summary = Int
    typealias Item = String

    enum Mode: Sendable {
        case normal
        /// Loads wait until `release()` (and then fail if the mode is `failing` by then).
        case gated
        /// Loads throw.
        case failing
        /// Loads never complete.
        case hanging
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the source is broken" }
    }

    let data: InMemoryListSource<String, Int, String>
    private struct State {
        var mode = Mode.normal
        var loads = 0
        var fetchCalls: [[String]] = []
        var gate: [CheckedContinuation<Void, Never>] = []
        var hung: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Guarded(State())
    private let loadWaiters = ConditionWaiters()

    init(_ records: [Record] = []) {
        data = InMemoryListSource(records)
    }

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    var loadCount: Int { state.withLock { $0.loads } }
    var fetchCalls: [[String]] { state.withLock { $0.fetchCalls } }

    /// Lets every held load proceed.
    func release() {
        let gate = state.withLock { state in
            defer { state.gate = [] }
            return state.gate
        }
        for continuation in gate { continuation.resume() }
    }

    /// Returns once `count` loads have started, or once the waiting task is cancelled (by
    /// a test's time limit: the test's expectations then fail instead of hanging).
    func waitForLoads(_ count: Int) async {
        await loadWaiters.wait { self.loadCount >= count }
    }

    func loadEntries() async throws -> ListSnapshot<String, Int> {
        let mode = state.withLock { state in
            state.loads += 1
            return state.mode
        }
        loadWaiters.recheck()
        switch mode {
        case .normal:
            break
        case .gated:
            await withCheckedContinuation { continuation in state.withLock { $0.gate.append(continuation) } }
            if self.mode == .failing { throw Failure() }             // failing when released
        case .failing:
            throw Failure()
        case .hanging:
            await withCheckedContinuation { continuation in state.withLock { $0.hung.append(continuation) } }
        }
        return try await data.loadEntries()
    }

    func fetchItems(_ ids: [String]) async throws -> [String: String] {
        state.withLock { $0.fetchCalls.append(ids) }
        return try await data.fetchItems(ids)
    }

    func attach(_ invalidation: ListInvalidation) {
        data.attach(invalidation)
    }

    /// Lets hung loads finish (after the test has seen the adapter time them out).
    func unhang() {
        let hung = state.withLock { state in
            defer { state.hung = [] }
            return state.hung
        }
        for continuation in hung { continuation.resume() }
    }
}
