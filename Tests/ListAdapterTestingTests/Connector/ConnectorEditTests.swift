import ListAdapter
import ListAdapterTesting
import Testing

/// A person's moves and deletes through the real connector on the reference list view, as
/// an app's `tableView(_:moveRowAt:to:)` and swipe actions forward them.
@MainActor
@Suite("ListViewConnector: a person's edits", .hangGuard)
struct ConnectorEditTests {
    static func records() -> [HeldFetchSource.Record] {
        (0 ..< 4).map { HeldFetchSource.record("a\($0)", section: "A") } + (0 ..< 3).map { HeldFetchSource.record("b\($0)", section: "B") }
    }

    /// Waits for `count` edits to end; returns their results.
    func endedEdits(_ harness: ConnectorHarness, count: Int) async -> [Result<ListEdit<String>, ListEditError<String>>] {
        await harness.recorder.wait { events in events.filter(\.isEditEnd).count >= count }
        return harness.recorder.events.compactMap { event in
            if case .editEnded(let result) = event { result } else { nil }
        }
    }

    @Test(arguments: [ReferenceListViewKind.table, .collection])
    func aMoveTheViewMadeIsTakenInWithoutTouchingTheViewAgain(kind: ReferenceListViewKind) async throws {
        let harness = ConnectorHarness(HeldFetchSource(Self.records()), kind: kind)
        try await harness.waitUntilCurrent()
        let (batches, reloads) = (harness.view.batchCount, harness.view.reloadCount)
        let data = harness.source.data
        // a1 dragged into section B, between b0 and b1: the view moved its cell already.
        let from = ItemPath(section: 0, item: 1)
        let to = ItemPath(section: 1, item: 1)
        harness.view.moveInteractively(from: from, to: to)
        harness.connector.moveItem(from: from, to: to) { move in try data.write(move) }
        #expect(harness.adapter.path(of: "a1") == to)
        #expect(harness.view.batchCount == batches && harness.view.reloadCount == reloads)
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)

        let ended = await endedEdits(harness, count: 1)
        #expect(try ended[0].get().identifiers == ["a1"])
        try await harness.waitUntilCurrent()
        #expect(harness.view.batchCount == batches && harness.view.reloadCount == reloads)
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
        #expect(harness.view.rejections.isEmpty && harness.log.inconsistencies.isEmpty)

        // The next change is a batch the view takes: it counts the row where it moved it.
        data.mutate { $0.append(HeldFetchSource.record("a9", section: "A")) }
        try await harness.waitUntilCurrent()
        #expect(harness.view.batchCount == batches + 1 && harness.view.reloadCount == reloads)
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
        #expect(harness.view.rejections.isEmpty)
    }

    @Test func aMoveMadeInAnotherViewIsOneBatchInThisOne() async throws {
        let harness = ConnectorHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        // A second view on the same adapter: the move is made in it.
        let other = Screen(kind: .collection)
        let otherConnector = Connector(adapter: harness.adapter, view: other, isReady: true) { cell, id, payload in cell.show(id, payload) }
        other.useDataSource(of: otherConnector)
        let batches = harness.view.batchCount
        let otherBatches = other.batchCount
        let data = harness.source.data
        let from = ItemPath(section: 1, item: 2)
        let to = ItemPath(section: 0, item: 0)
        other.moveInteractively(from: from, to: to)
        otherConnector.moveItem(from: from, to: to) { move in try data.write(move) }
        #expect(harness.view.batchCount == batches + 1 && other.batchCount == otherBatches)
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
        try other.model.verifyCells(against: harness.adapter.snapshot)
        _ = await endedEdits(harness, count: 1)
        try await harness.waitUntilCurrent()
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
        try other.model.verifyCells(against: harness.adapter.snapshot)
        #expect(harness.view.rejections.isEmpty && other.rejections.isEmpty)
    }

    @Test func aDeleteIsOnTheViewWhenTheCallReturns() async throws {
        let harness = ConnectorHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        let batches = harness.view.batchCount
        let data = harness.source.data
        harness.connector.deleteItems(at: [ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 3)]) { ids in
            data.mutate { records in records.removeAll { ids.contains($0.entry.id) } }
        }
        #expect(harness.view.batchCount == batches + 1)
        #expect(harness.view.model.numberOfItems(inSection: 0) == 3 && harness.view.model.numberOfItems(inSection: 1) == 2)
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
        #expect(try await endedEdits(harness, count: 1)[0].get() == .delete(["a3", "b0"]))
        #expect(harness.view.rejections.isEmpty)
    }

    @Test func aSwipesDeletionDeletesItsItemWhereverTheListHasMovedIt() async throws {
        let harness = ConnectorHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        let data = harness.source.data
        let written = Guarded([String]())
        let delete = harness.connector.deletion(ofItemAt: ItemPath(section: 0, item: 2)) { ids in
            written.withLock { $0 += ids }
            data.mutate { records in records.removeAll { ids.contains($0.entry.id) } }
        }
        // Rows arrive above a2 while the swipe action is shown.
        data.mutate { records in records.insert(contentsOf: [HeldFetchSource.record("new0", section: "A"), HeldFetchSource.record("new1", section: "A")], at: 0) }
        try await harness.waitUntilCurrent()
        #expect(delete())
        #expect(harness.adapter.path(of: "a2") == nil && harness.adapter.path(of: "a0") == ItemPath(section: 0, item: 2))
        _ = await endedEdits(harness, count: 1)
        #expect(written.withLock { $0 } == ["a2"])
        // Gone from the list: a second confirmation deletes nothing.
        #expect(!delete())
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
    }

    @Test func aFailedWriteIsReportedAfterTheRowIsBack() async throws {
        let harness = ConnectorHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        var failures: [ListEditError<String>] = []
        let view = harness.view
        let adapter = harness.adapter
        harness.connector.onEditFailure = { error in
            // Reported once the view shows the row back.
            #expect((try? view.model.verifyCells(against: adapter.snapshot)) != nil)
            #expect(adapter.path(of: "a0") == ItemPath(section: 0, item: 0))
            failures.append(error)
        }
        harness.view.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))
        harness.connector.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3)) { _ in throw RefusedWrite() }
        _ = await endedEdits(harness, count: 1)
        #expect(failures.map(\.kind) == [.writeFailed])
        #expect(harness.view.rejections.isEmpty)

        // A path the list does not have: reported, and the view (which shows a move the
        // list cannot take) is reloaded.
        let reloads = harness.view.reloadCount
        harness.connector.moveItem(from: ItemPath(section: 5, item: 0), to: ItemPath(section: 0, item: 0)) { _ in }
        #expect(failures.count == 2 && failures[1].kind == .invalidPath(ItemPath(section: 5, item: 0)))
        #expect(harness.view.reloadCount == reloads + 1)
    }
}

/// A write a store refuses.
struct RefusedWrite: Error {}

extension ListEvent {
    var isEditEnd: Bool {
        if case .editEnded = self { true } else { false }
    }
}

extension InMemoryListSource where ID == String, Summary == Int, Item == String {
    /// Writes `move` as a store with a position column would: right after `previous` in the
    /// destination section (first when `nil`), the records kept grouped by section.
    func write(_ move: ListMove<String>) throws {
        try mutate { records in
            guard let from = records.firstIndex(where: { $0.entry.id == move.id }) else { throw RefusedWrite() }
            var record = records.remove(at: from)
            record.entry.section = move.destinationSection
            let at: Int = if let previous = move.previous, let index = records.firstIndex(where: { $0.entry.id == previous }) {
                index + 1
            } else if let next = move.next, let index = records.firstIndex(where: { $0.entry.id == next }) {
                index
            } else {
                records.firstIndex { $0.entry.section == move.destinationSection } ?? records.count
            }
            records.insert(record, at: at)
        }
    }
}
