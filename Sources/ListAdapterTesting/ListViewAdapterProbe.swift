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
    /// How each of the adapter's edits ended (`ListEvent.editEnded(_:)`), in order.
    public private(set) var editResults: [Result<ListEdit<ID>, ListEditError<ID>>] = []
    private var observation: ListObservation?
    private weak var adapter: ListViewAdapter<ID, Summary, Item>?
    /// Whether a move this probe's views made is being taken in by the adapter.
    private var isTakingOwnMove = false

    /// Starts observing `adapter`; with `limit`, its ``recorder`` keeps only the last
    /// `limit` events (see ``ListEventRecorder/init(keepingLast:)``), for a long run.
    ///
    /// - Parameters:
    ///   - adapter: the adapter to follow; it must deliver on the main queue. The probe holds it
    ///     weakly.
    ///   - limit: how many of the latest events ``recorder`` keeps; `nil`, the default, keeps them
    ///     all.
    public init(_ adapter: ListViewAdapter<ID, Summary, Item>, keepingLast limit: Int? = nil) {
        recorder = limit.map { ListEventRecorder(keepingLast: $0) } ?? ListEventRecorder()
        self.adapter = adapter
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
        case .itemMoved(let move):
            // The views that made the move show it already; a move made elsewhere is a batch here.
            if !isTakingOwnMove { applyMoveMadeElsewhere(move, answer: adapter.snapshot) }
        case .editEnded(let result):
            editResults.append(result)
        case .loadStateChanged, .duplicateIdentifiers:
            break
        }
        recorder.record(event)
    }

    private func applyMoveMadeElsewhere(_ move: ListMove<ID>, answer: ListSnapshot<ID, Summary>) {
        let update = BatchUpdate(moveItems: [ItemMove(from: move.source, to: move.destination)])
        do {
            try table.performBatchUpdates(update, dataSource: answer)
            try collection.performBatchUpdates(update, dataSource: answer)
            try table.verifyCells(against: answer)
            try collection.verifyCells(against: answer)
        } catch {
            failures.append("\(error)")
        }
    }

    // MARK: - A person's edits

    /// A person drags the row at `source` to `destination` in both views (see
    /// ``ReferenceListView/moveInteractively(from:to:)``), and the views' data source
    /// forwards the move to the adapter with `write`, as a `UITableView` data source does
    /// in `tableView(_:moveRowAt:to:)`. Records a failure when the adapter then answers
    /// other than what the views show. `write` answers as the adapter's
    /// `moveItem(from:to:write:)` takes it: the source's receipt, or nothing. Main actor.
    ///
    /// - Parameters:
    ///   - source: the path of the row the person drags, in the list the views show.
    ///   - destination: the row's path after the move.
    ///   - write: writes the move to the source's store, as the adapter's
    ///     `moveItem(from:to:write:)` takes it; runs off the main queue.
    /// - Returns: the move, or the adapter's error (a path it does not have).
    @discardableResult
    public func moveInteractively<Answer: Sendable>(
        from source: ItemPath, to destination: ItemPath, write: @escaping @Sendable (ListMove<ID>) async throws -> Answer
    ) -> Result<ListMove<ID>, ListEditError<ID>> {
        takeMove(from: source, to: destination) { adapter throws(ListEditError<ID>) in
            try adapter.moveItem(from: source, to: destination, write: write)
        }
    }

    /// Moves the views' row, hands the move to the adapter, and checks the answer.
    private func takeMove(
        from source: ItemPath, to destination: ItemPath,
        _ take: (ListViewAdapter<ID, Summary, Item>) throws(ListEditError<ID>) -> ListMove<ID>
    ) -> Result<ListMove<ID>, ListEditError<ID>> {
        guard let adapter else { preconditionFailure("the probe's adapter is gone") }
        table.moveInteractively(from: source, to: destination)
        collection.moveInteractively(from: source, to: destination)
        isTakingOwnMove = true
        defer { isTakingOwnMove = false }
        let result: Result<ListMove<ID>, ListEditError<ID>>
        do {
            result = .success(try take(adapter))
        } catch {
            result = .failure(error)
        }
        verifyViewsShowAnswer(after: "a person's move from (\(source)) to (\(destination))")
        return result
    }

    /// A person swipes the rows at `paths` away (or deletes them in edit mode), and the
    /// views' data source forwards the delete to the adapter with `write`, as in
    /// `tableView(_:commit:forRowAt:)`. UIKit expects the rows deleted before that call
    /// returns: records a failure when the adapter has not delivered the delete batch by
    /// then.
    ///
    /// - Parameters:
    ///   - paths: the paths of the rows the person deletes, in the list the views show, in any
    ///     order.
    ///   - write: writes the delete (the identifiers in list order) to the source's store, as the
    ///     adapter's `deleteItems(at:write:)` takes it; runs off the main queue.
    /// - Returns: the deleted identifiers, in list order, or the adapter's error (a path it does
    ///   not have).
    @discardableResult
    public func deleteBySwipe(
        at paths: [ItemPath], write: @escaping @Sendable ([ID]) async throws -> Void
    ) -> Result<[ID], ListEditError<ID>> {
        guard let adapter else { preconditionFailure("the probe's adapter is gone") }
        let result: Result<[ID], ListEditError<ID>>
        do {
            result = .success(try adapter.deleteItems(at: paths, write: write))
        } catch {
            result = .failure(error)
        }
        verifyViewsShowAnswer(after: "a person's delete at \(paths)")
        return result
    }

    private func verifyViewsShowAnswer(after action: String) {
        guard let answer = adapter?.snapshot else { return }
        do {
            try table.verifyCells(against: answer)
            try collection.verifyCells(against: answer)
        } catch {
            failures.append("after \(action), the views and the adapter disagree: \(error)")
        }
    }

    /// Whether both models show exactly `snapshot` (identities, titles and summaries).
    ///
    /// - Parameter snapshot: the list the views should show.
    /// - Returns: `true` when both the table model and the collection model pass
    ///   ``ReferenceListView/verifyCells(against:)`` for `snapshot`.
    public func shows(_ snapshot: ListSnapshot<ID, Summary>) -> Bool {
        (try? table.verifyCells(against: snapshot)) != nil && (try? collection.verifyCells(against: snapshot)) != nil
    }

    /// Returns `true` once both models show `snapshot`; `false` when a failure happened
    /// first or the waiting task was cancelled.
    ///
    /// - Parameter snapshot: the list the views should come to show, such as the source's
    ///   `loadEntries()` after a change.
    /// - Returns: `true` when both models show `snapshot` and no failure was recorded; `false`
    ///   otherwise.
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
