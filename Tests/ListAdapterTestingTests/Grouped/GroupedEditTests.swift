import ListAdapter
import ListAdapterTesting
import Testing

/// A person's edits in a flat table through GroupedListView and the connector: a row
/// dropped between rows (AppKit moves nothing on a drop, the connector's forward does),
/// and the Delete key or a context menu.
@MainActor
@Suite("ListViewConnector on a grouped flat table: a person's edits", .hangGuard)
struct GroupedEditTests {
    /// A: a0 a1 a2 | B: b0 | C: c0 c1; rows 0 A, 1-3 a0-a2, 4 B, 5 b0, 6 C, 7-8 c0-c1.
    static func records() -> [HeldFetchSource.Record] {
        GroupedConnectorTests.records([("A", 3), ("B", 1), ("C", 2)])
    }

    func endedEdits(_ harness: GroupedHarness, count: Int) async -> [Result<ListEdit<String>, ListEditError<String>>] {
        await harness.recorder.wait { events in events.filter(\.isEditEnd).count >= count }
        return harness.recorder.events.compactMap { event in
            if case .editEnded(let result) = event { result } else { nil }
        }
    }

    @Test func aDroppedRowIsMovedInTheTableOnceAndTakenInByTheAdapter() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        let (reloads, moves) = (harness.table.reloadCount, harness.table.movedRowCount)
        let data = harness.source.data
        // a0 dropped above C's title row: the end of section B, under b0.
        #expect(harness.connector.moveRow(1, droppedAbove: 6) { move in try data.write(move) })
        #expect(harness.adapter.path(of: "a0") == ItemPath(section: 1, item: 1))
        #expect(harness.table.contents == harness.expectedRows)
        #expect(harness.table.movedRowCount == moves + 1 && harness.table.reloadCount == reloads)
        #expect(try await endedEdits(harness, count: 1)[0].get().identifiers == ["a0"])
        try await harness.waitUntilCurrent()
        #expect(harness.table.contents == harness.expectedRows)

        // Later batches fit the rows the table holds: it counts the row where it dropped it.
        data.mutate { records in
            records.insert(HeldFetchSource.record("a9", section: "A"), at: 0)
            records.removeAll { $0.entry.id == "b0" }
        }
        try await harness.waitUntilCurrent()
        #expect(harness.table.contents == harness.expectedRows)
        #expect(harness.table.reloadCount == reloads)
        #expect(harness.table.rejections.isEmpty && harness.inconsistencies.isEmpty)
        await harness.waitUntilFilled()
    }

    @Test func aDropThatEmptiesASectionKeepsItsTitleRowUntilTheSectionGoesWithABatch() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        let reloads = harness.table.reloadCount
        let data = harness.source.data
        // b0, B's only item, dropped above a0: first in A. B's title row stays, as UIKit keeps
        // the section a move empties, until the adapter's batch removes it.
        #expect(harness.connector.moveRow(5, droppedAbove: 1) { move in try data.write(move) })
        #expect(harness.table.contents == harness.expectedRows)
        #expect(harness.table.contents.prefix(6) == [.title("A"), .item("b0"), .item("a0"), .item("a1"), .item("a2"), .title("B")])
        _ = await endedEdits(harness, count: 1)
        try await harness.waitUntilCurrent()
        #expect(harness.table.contents == [.title("A"), .item("b0"), .item("a0"), .item("a1"), .item("a2"), .title("C"), .item("c0"), .item("c1")])
        #expect(harness.table.reloadCount == reloads)
        #expect(harness.table.rejections.isEmpty && harness.inconsistencies.isEmpty)
    }

    @Test func aRefusedDropChangesNothing() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        let moves = harness.table.movedRowCount
        #expect(!harness.connector.moveRow(5, droppedAbove: 0) { _ in Issue.record("nothing to write") })   // before section A
        #expect(!harness.connector.moveRow(4, droppedAbove: 2) { _ in Issue.record("nothing to write") })   // a title row
        #expect(!harness.connector.moveRow(3, droppedAbove: 4) { _ in Issue.record("nothing to write") })   // a2 where it is
        #expect(harness.table.movedRowCount == moves && harness.adapter.pendingEditCount == 0)
        #expect(harness.table.contents == harness.expectedRows)
    }

    @Test func aFailedWriteMovesTheRowBackWithOneBatch() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        var failures: [ListEditError<String>] = []
        harness.connector.onEditFailure = { failures.append($0) }
        let reloads = harness.table.reloadCount
        #expect(harness.connector.moveRow(8, droppedAbove: 1) { _ in throw RefusedWrite() })            // c1 first in A
        #expect(harness.table.contents == harness.expectedRows)
        _ = await endedEdits(harness, count: 1)
        #expect(failures.map(\.kind) == [.writeFailed])
        #expect(harness.adapter.path(of: "c1") == ItemPath(section: 2, item: 1))
        #expect(harness.table.contents == harness.expectedRows && harness.table.reloadCount == reloads)
        #expect(harness.table.rejections.isEmpty && harness.inconsistencies.isEmpty)
    }

    @Test func theDeleteKeyDeletesTheSelectionAndAContextMenuTheClickedRow() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records()))
        try await harness.waitUntilCurrent()
        let data = harness.source.data
        let write: @Sendable ([String]) async throws -> Void = { ids in data.mutate { $0.removeAll { ids.contains($0.entry.id) } } }
        harness.table.click(row: 2)                                       // a1 selected
        harness.table.selectListRow(0)                                    // and A's title row
        harness.table.selectListRow(5)                                    // and b0
        // A right click on a row outside the selection: that row's item alone.
        #expect(harness.grouped.itemPaths(toDeleteForClickedRow: 7) == [ItemPath(section: 2, item: 0)])
        // On a selected row, or no click (the Delete key): the selected items, titles left out.
        #expect(harness.grouped.itemPaths(toDeleteForClickedRow: 5) == [ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0)])
        #expect(harness.grouped.itemPaths(toDeleteForClickedRow: -1) == harness.grouped.itemPaths(toDeleteForClickedRow: 5))

        let updates = harness.table.updateCount
        #expect(harness.connector.deleteItems(forClickedRow: -1, write: write))
        // Gone from the table before the call returned: B, left empty, lost its title row too.
        #expect(harness.table.updateCount == updates + 1)
        #expect(harness.table.contents == [.title("A"), .item("a0"), .item("a2"), .title("C"), .item("c0"), .item("c1")])
        #expect(try await endedEdits(harness, count: 1)[0].get() == .delete(["a1", "b0"]))
        try await harness.waitUntilCurrent()
        #expect(harness.table.contents == harness.expectedRows)
        // A click on a title row with nothing selected deletes nothing.
        #expect(!harness.connector.deleteItems(forClickedRow: 0, write: write))
        #expect(harness.table.rejections.isEmpty && harness.inconsistencies.isEmpty)
    }
}
