import ListAdapter

/// An in-memory source whose loads fail while ``isFailing`` is set, as a database that
/// cannot be opened fails. Payloads are `"id@summary"`.
final class FailingSource: ListDataSource {
    struct Failure: Error {}

    let data: InMemoryListSource<String, Int, String>
    private let failing = Guarded(false)

    init(count: Int, section: String? = nil) {
        data = InMemoryListSource((0 ..< count).map { Self.record("i\($0)", section: section) })
    }

    static func record(_ id: String, section: String? = nil, summary: Int = 1) -> InMemoryListSource<String, Int, String>.Record {
        .init(entry: ListEntry(id: id, section: section, summary: summary), item: "\(id)@\(summary)")
    }

    /// Whether loads throw.
    var isFailing: Bool {
        get { failing.withLock { $0 } }
        set { failing.withLock { $0 = newValue } }
    }

    func loadEntries() async throws -> ListSnapshot<String, Int> {
        if isFailing { throw Failure() }
        return try await data.loadEntries()
    }

    func fetchItems(_ ids: [String]) async throws -> [String: String] {
        try await data.fetchItems(ids)
    }

    func attach(_ invalidation: ListInvalidation) {
        data.attach(invalidation)
    }
}
