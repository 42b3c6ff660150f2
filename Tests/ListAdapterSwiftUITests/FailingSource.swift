import ListAdapter

/// A record of the test sources: payload `"id@summary"`.
func record(_ id: String, section: String? = nil, summary: Int = 1) -> InMemoryListSource<String, Int, String>.Record {
    .init(entry: ListEntry(id: id, section: section, summary: summary), item: "\(id)@\(summary)")
}

/// An in-memory source whose loads fail while ``isFailing`` is set, as a database that
/// cannot be opened fails. Payloads are `"id@summary"`.
final class FailingSource: ListDataSource {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let data: InMemoryListSource<String, Int, String>
    private let failure = Guarded<String?>(nil)

    init(count: Int, section: String? = nil) {
        data = InMemoryListSource((0 ..< count).map { record("i\($0)", section: section) })
    }

    /// Whether loads throw.
    var isFailing: Bool {
        get { failureMessage != nil }
        set { failureMessage = newValue ? "unavailable" : nil }
    }

    /// What loads throw, if they do.
    var failureMessage: String? {
        get { failure.withLock { $0 } }
        set { failure.withLock { $0 = newValue } }
    }

    func loadEntries() async throws -> ListSnapshot<String, Int> {
        if let failureMessage { throw Failure(description: failureMessage) }
        return try await data.loadEntries()
    }

    func fetchItems(_ ids: [String]) async throws -> [String: String] {
        try await data.fetchItems(ids)
    }

    func attach(_ invalidation: ListInvalidation) {
        data.attach(invalidation)
    }
}
