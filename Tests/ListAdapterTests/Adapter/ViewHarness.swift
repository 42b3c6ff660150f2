import Testing
import ListAdapter
import ListAdapterTesting

/// Drives a table-view model and a collection-view model from an adapter's events, the
/// way the UIKit connector drives real views, and remembers the first failure.
@MainActor
final class ViewHarness {
    typealias Adapter = ListViewAdapter<String, Int, String>

    var table = ReferenceListView<String, Int>(kind: .table)
    var collection = ReferenceListView<String, Int>(kind: .collection)
    let recorder = EventRecorder<String, Int>()
    private(set) var failures: [String] = []
    private var observation: ListObservation?

    init(_ adapter: Adapter) {
        observation = adapter.observe { [weak self] event in
            MainActor.assumeIsolated { self?.handle(event, adapter: adapter) }
        }
    }

    private func handle(_ event: ListEvent<String, Int>, adapter: Adapter) {
        switch event {
        case .reload(let snapshot):
            table.reloadData(from: snapshot)
            collection.reloadData(from: snapshot)
        case .batch(let batch, _):
            // What UIKit reads at the end of the block is the adapter's own answer.
            let answer = adapter.snapshot
            if answer != batch.after { failures.append("adapter answers differ from the batch's after state") }
            do {
                try table.apply(batch)
                try collection.apply(batch)
                try table.verifyCells(against: answer)
                try collection.verifyCells(against: answer)
            } catch {
                failures.append("\(error)")
            }
        default:
            break
        }
        recorder.record(event)
    }

    /// Returns once the views show `snapshot`'s identities (or a failure happened).
    func waitUntilShowing(_ snapshot: ListSnapshot<String, Int>) async {
        await recorder.wait { _ in self.failures.count > 0 || self.shows(snapshot) }
    }

    func shows(_ snapshot: ListSnapshot<String, Int>) -> Bool {
        (try? table.verifyCells(against: snapshot)) != nil && (try? collection.verifyCells(against: snapshot)) != nil
    }

    func cancel() {
        observation?.cancel()
        observation = nil
    }
}
