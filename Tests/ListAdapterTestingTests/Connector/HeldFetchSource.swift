import ListAdapter

/// A real in-memory data source whose payload fetches can be held until released and are
/// recorded, so a test decides when payloads arrive. Payloads are `"id@summary"`.
final class HeldFetchSource: ListDataSource {
    typealias ID = String
    typealias Summary = Int
    typealias Item = String
    typealias Record = InMemoryListSource<String, Int, String>.Record

    let data: InMemoryListSource<String, Int, String>
    private struct State {
        var holding = false
        var held: [CheckedContinuation<Void, Never>] = []
        var fetchCalls: [[String]] = []
        var missing: Set<String> = []
        var failing: Set<String> = []
    }

    private let state = Guarded(State())

    init(_ records: [Record]) {
        data = InMemoryListSource(records)
    }

    /// `count` untitled items `i0`, `i1`, … with summary 1.
    convenience init(count: Int, prefix: String = "i") {
        self.init((0 ..< count).map { Self.record("\(prefix)\($0)") })
    }

    static func record(_ id: String, section: String? = nil, summary: Int = 1) -> Record {
        Record(entry: ListEntry(id: id, section: section, summary: summary), item: "\(id)@\(summary)")
    }

    /// Whether a payload is the one `id` has at `summary`.
    static func payload(_ payload: String, matches id: String, _ summary: Int) -> Bool {
        payload == "\(id)@\(summary)"
    }

    /// Fetches from now on wait until `release()`.
    func hold() {
        state.withLock { $0.holding = true }
    }

    /// Lets held fetches proceed, and later ones run at once.
    func release() {
        let held = state.withLock { state in
            state.holding = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Identifiers the source answers it has no payload for (while its list still has
    /// them), as a source answers for a list it has not shown yet.
    var missing: Set<String> {
        get { state.withLock { $0.missing } }
        set { state.withLock { $0.missing = newValue } }
    }

    /// Identifiers whose fetch fails (the whole batch throws), as a source fails while its
    /// server is unreachable.
    var failing: Set<String> {
        get { state.withLock { $0.failing } }
        set { state.withLock { $0.failing = newValue } }
    }

    struct FetchFailure: Error {}

    /// Every identifier asked for, in order.
    var fetchedIDs: [String] { state.withLock { $0.fetchCalls.flatMap { $0 } } }

    func loadEntries() async throws -> ListSnapshot<String, Int> {
        try await data.loadEntries()
    }

    func fetchItems(_ ids: [String]) async throws -> [String: String] {
        await withCheckedContinuation { continuation in
            let proceed = state.withLock { state in
                state.fetchCalls.append(ids)
                if state.holding { state.held.append(continuation) }
                return !state.holding
            }
            if proceed { continuation.resume() }
        }
        if !failing.isDisjoint(with: ids) { throw FetchFailure() }
        let missing = self.missing
        return try await data.fetchItems(ids.filter { !missing.contains($0) })
    }

    func attach(_ invalidation: ListInvalidation) {
        data.attach(invalidation)
    }
}
