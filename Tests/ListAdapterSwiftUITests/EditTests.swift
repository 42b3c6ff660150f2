import ListAdapter
@testable import ListAdapterSwiftUI
import ListAdapterTesting
import Testing

/// AdapterList's editing modifiers through its model: a move the view made and a delete go
/// to the connector with the app's writes only when the app gave them, failures reach the
/// app's handler, and on macOS a dropped row and the Delete key go through the grouped table.
@MainActor
@Suite("SwiftUI list edits", .hangGuard)
struct EditTests {
    static func loaded() async throws -> (ModelHarness, InMemoryListSource<String, Int, String>) {
        let source = InMemoryListSource((0 ..< 6).map { record("i\($0)") })
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source)
        return (harness, source)
    }

    /// Waits until the adapter has no edit pending.
    static func settled(_ harness: ModelHarness) async {
        await harness.wait { harness.adapter.pendingEditCount == 0 }
    }

    @Test func withoutOnMoveItemsRowsDoNotMoveAndAMovedViewIsReloaded() async throws {
        let (harness, _) = try await Self.loaded()
        #expect(!harness.model.canMoveItems && !harness.model.canDeleteItems)
        #expect(harness.model.deletion(ofItemAt: ItemPath(section: 0, item: 0)) == nil)
        let reloads = harness.view.reloadCount
        harness.view.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
        harness.model.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
        #expect(harness.adapter.pendingEditCount == 0 && harness.adapter.identifier(at: ItemPath(section: 0, item: 0)) == "i0")
        #expect(harness.view.reloadCount == reloads + 1)
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
    }

    @Test func aMoveIsWrittenWithTheAppsFunctionAndTheViewIsNotTouchedAgain() async throws {
        let (harness, source) = try await Self.loaded()
        let written = Guarded([ListMove<String>]())
        harness.model.editActions.move = { move in
            written.withLock { $0.append(move) }
            source.mutate { records in
                let record = records.remove(at: move.source.item)
                records.insert(record, at: move.destination.item)
            }
        }
        #expect(harness.model.canMoveItems)
        let (batches, reloads) = (harness.view.batchCount, harness.view.reloadCount)
        harness.view.moveInteractively(from: ItemPath(section: 0, item: 4), to: ItemPath(section: 0, item: 1))
        harness.model.moveItem(from: ItemPath(section: 0, item: 4), to: ItemPath(section: 0, item: 1))
        #expect(harness.adapter.identifier(at: ItemPath(section: 0, item: 1)) == "i4")
        await Self.settled(harness)
        #expect(written.withLock { $0.map(\.id) } == ["i4"] && written.withLock { $0[0].previous } == "i0")
        try await harness.waitUntilShowing(source)
        #expect(harness.view.batchCount == batches && harness.view.reloadCount == reloads)
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)
    }

    @Test func aFailedDeleteReachesTheAppsHandlerAfterTheRowsAreBack() async throws {
        let (harness, _) = try await Self.loaded()
        var failures: [ListEditError<String>] = []
        let adapter = harness.adapter
        harness.model.editActions.failure = { error in
            #expect(adapter.path(of: "i2") != nil)                      // back before the app hears
            failures.append(error)
        }
        harness.model.editActions.delete = { _ in throw RefusedWrite() }
        let delete = try #require(harness.model.deletion(ofItemAt: ItemPath(section: 0, item: 2)))
        #expect(delete())
        #expect(harness.adapter.path(of: "i2") == nil)                  // gone when the swipe returns
        await Self.settled(harness)
        #expect(failures.map(\.kind) == [.writeFailed])
        try harness.view.model.verifyCells(against: harness.adapter.snapshot)

        // The handler removed: failures go to the adapter's logger instead.
        harness.model.editActions.failure = nil
        #expect(harness.model.connector?.onEditFailure == nil)
    }

    @Test func onAMacADroppedRowAndTheDeleteKeyGoThroughTheGroupedTable() async throws {
        let source = InMemoryListSource(["a0", "a1", "b0"].map { record($0, section: String($0.prefix(1)).uppercased()) })
        let adapter = ListViewAdapter(source: source)
        let table = FlatReferenceTableView<FlatReferenceRow<String>, ReferenceListCell<String, String>>()
        let rows = GroupedListView(table, adapter: adapter) { _ in ReferenceListCell() }
        let model = AdapterListModel<String, Int, String, GroupedListView<FlatReferenceTableView<FlatReferenceRow<String>, ReferenceListCell<String, String>>>, ReferenceListCell<String, String>>(adapter: adapter)
        model.isVisible = true
        let connector = model.connect(to: rows) { cell, id, payload in cell.show(id, payload) }
        table.useDataSource(of: rows, connector: connector)
        let recorder = ListEventRecorder<String, Int>()
        let observation = adapter.observe { recorder.record($0) }
        defer { observation.cancel() }
        let truth = try await source.loadEntries()
        await recorder.wait { _ in adapter.snapshot == truth }
        // Rows: 0 A, 1 a0, 2 a1, 3 B, 4 b0. Nothing given: no drop, no delete.
        #expect(!model.moveRow(1, droppedAbove: 5) && !model.deleteItems(forClickedRow: 1))
        model.editActions.move = { move in try source.mutate { records in
            guard let from = records.firstIndex(where: { $0.entry.id == move.id }) else { throw RefusedWrite() }
            var record = records.remove(at: from)
            record.entry.section = move.destinationSection
            records.append(record)
        } }
        model.editActions.delete = { ids in source.mutate { $0.removeAll { ids.contains($0.entry.id) } } }
        #expect(model.moveRow(1, droppedAbove: 5))                    // a0 to the end of B
        #expect(table.contents == FlatReferenceRow.rows(of: adapter.snapshot))
        #expect(table.contents.last == .item("a0"))
        await recorder.wait { _ in adapter.pendingEditCount == 0 }
        table.click(row: 1)                                           // a1 (rows: A, a1, B, b0, a0)
        #expect(model.deleteItems(forClickedRow: -1))                 // the Delete key
        #expect(table.contents == [.title("B"), .item("b0"), .item("a0")])
        await recorder.wait { _ in adapter.pendingEditCount == 0 }
        #expect(table.rejections.isEmpty)
    }
}

struct RefusedWrite: Error {}
