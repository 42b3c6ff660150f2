import ListAdapter
import ListAdapterTesting

/// Payload fetches as the views' cells make them, each answer checked against the item and
/// version it was asked for.
extension SoakRun {
    func fetch() {
        let snapshot = adapter.snapshot
        guard snapshot.count > 0 else { return }
        for _ in 0 ..< Int.random(in: 1 ... 20, using: &random) {
            let section = Int.random(in: 0 ..< snapshot.numberOfSections, using: &random)
            let count = snapshot.numberOfItems(inSection: section)
            guard count > 0 else { continue }
            let path = ItemPath(section: section, item: Int.random(in: 0 ..< count, using: &random))
            let id = snapshot.identifier(at: path)
            let version = snapshot.summary(at: path)
            statistics.fetchesRequested += 1
            adapter.item(at: path) { [weak self] result in
                MainActor.assumeIsolated { self?.checkAnswer(result, id: id, version: version) }
            }
        }
    }

    private func checkAnswer(_ result: Result<FetchedItem<Int64, SoakItem>?, ListAdapterError>, id: Int64, version: Int64) {
        statistics.fetchesChecked += 1
        switch result {
        case .success(let answer?):
            if answer.id != id || answer.item.id != id {
                fail("a payload answer for \(id) describes \(answer.id) / \(answer.item.id)")
            } else if answer.item.version < version {
                fail("the payload of \(id) has version \(answer.item.version), older than \(version) when requested")
            }
        case .success(nil):
            break                                   // the item vanished: allowed
        case .failure(let error):
            fail("fetch failed: \(error)")
        }
    }
}
