public import ListAdapter

/// Drives a table-view model and a collection-view model from a
/// `ListViewAdapter`'s events, the way the UIKit connector drives real
/// views, checking every batch and every cell.
///
/// For each batch it checks that the adapter already answers from the batch's `after`
/// state, applies the batch to both models (which reject what UIKit would reject) and
/// verifies every cell against the adapter's answers. Failures are collected in
/// ``failures``, never trapped.
///
/// ```swift
/// let probe = ListViewAdapterProbe(adapter)
/// source.mutate { ... }
/// await probe.waitUntilShowing(try await source.loadEntries())
/// #expect(probe.failures.isEmpty)
/// ```
///
/// Main actor only (the adapter's default delivery queue).
@MainActor
public final class ListViewAdapterProbe<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable> {
    /// The table-view model.
    public private(set) var table = ReferenceListView<ID, Summary>(kind: .table)
    /// The collection-view model.
    public private(set) var collection = ReferenceListView<ID, Summary>(kind: .collection)
    /// Every event (or the last ones, see ``init(_:keepingLast:)``), with waiting.
    public let recorder: ListEventRecorder<ID, Summary>
    /// Every failure seen, described.
    public private(set) var failures: [String] = []
    /// Batches applied so far.
    public private(set) var appliedBatches = 0
    private var observation: ListObservation?

    /// Starts observing `adapter`; with `limit`, its ``recorder`` keeps only the last
    /// `limit` events (see ``ListEventRecorder/init(keepingLast:)``), for a long run.
    public init(_ adapter: ListViewAdapter<ID, Summary, Item>, keepingLast limit: Int? = nil) {
        recorder = limit.map { ListEventRecorder(keepingLast: $0) } ?? ListEventRecorder()
        observation = adapter.observe { [weak self] event in self?.handle(event, adapter: adapter) }
    }

    private func handle(_ event: ListEvent<ID, Summary>, adapter: ListViewAdapter<ID, Summary, Item>) {
        switch event {
        case .reload(let snapshot):
            table.reloadData(from: snapshot)
            collection.reloadData(from: snapshot)
        case .batch(let batch, _):
            let answer = adapter.snapshot
            if answer != batch.after { failures.append("the adapter does not answer from the batch's after state") }
            do {
                try table.apply(batch)
                try collection.apply(batch)
                try table.verifyCells(against: answer)
                try collection.verifyCells(against: answer)
                appliedBatches += 1
            } catch {
                failures.append("\(error)")
            }
        default:
            break
        }
        recorder.record(event)
    }

    /// Whether both models show exactly `snapshot` (identities, titles and summaries).
    public func shows(_ snapshot: ListSnapshot<ID, Summary>) -> Bool {
        (try? table.verifyCells(against: snapshot)) != nil && (try? collection.verifyCells(against: snapshot)) != nil
    }

    /// Returns `true` once both models show `snapshot`; `false` when a failure happened
    /// first or the waiting task was cancelled.
    @discardableResult
    public func waitUntilShowing(_ snapshot: ListSnapshot<ID, Summary>) async -> Bool {
        await recorder.wait { _ in !self.failures.isEmpty || self.shows(snapshot) }
        return failures.isEmpty && shows(snapshot)
    }

    /// Stops observing.
    public func cancel() {
        observation?.cancel()
        observation = nil
    }
}
