import ListAdapter
import ListAdapterTesting
import Testing

/// The real connector driving a GroupedListView over the flat reference table, from a real
/// adapter: what an app gets from an `NSTableView` with group rows.
@MainActor
@Suite("ListViewConnector on a grouped flat table", .hangGuard)
struct GroupedConnectorTests {
    static func records(_ sections: [(String, Int)]) -> [HeldFetchSource.Record] {
        sections.flatMap { title, count in (0 ..< count).map { HeldFetchSource.record("\(title.lowercased())\($0)", section: title) } }
    }

    @Test(arguments: [false, true])
    func everyChangeLeavesTheRowsOfTheListAndCellsFilledWithTheirPayloads(splitIntoTwoBatches: Bool) async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records([("A", 3), ("B", 4), ("C", 30)])), splitIntoTwoBatches: splitIntoTwoBatches)
        try await harness.waitUntilCurrent()
        #expect(harness.table.contents == harness.expectedRows)
        #expect(harness.table.rows.count == 3 + 37)
        await harness.waitUntilFilled()
        #expect(harness.table.visibleCells.count == 10)

        let reloads = harness.table.reloadCount
        harness.source.data.mutate { records in
            records.removeAll { $0.entry.section == "A" }                  // a section goes
            records[2].entry.section = "C"                                  // b2 moves to section C…
            records.insert(records.remove(at: 2), at: 10)                   // …among its items
            records.insert(contentsOf: (0 ..< 2).map { HeldFetchSource.record("d\($0)", section: "D") }, at: 0)
            records[5].entry.summary = 2                                    // an update
            records[5].item = "\(records[5].entry.id)@2"
        }
        try await harness.waitUntilCurrent()
        #expect(harness.table.contents == harness.expectedRows)
        #expect(harness.table.reloadCount == reloads)                       // batches, not reloads
        #expect(harness.table.updateCount > 0)
        await harness.waitUntilFilled()
        #expect(harness.table.rejections.isEmpty)
        #expect(harness.inconsistencies.isEmpty)
        // Title rows are never items.
        #expect(harness.grouped.visibleListPaths.allSatisfy { harness.adapter.identifier(at: $0) != nil })
        #expect(harness.grouped.isSectionRow(0) && harness.grouped.content(ofRow: 0) == .section(0))
    }

    @Test(arguments: [true, false])
    func theFirstVisibleItemKeepsItsPlaceWhenRowsAreInsertedAbove(keepsPlace: Bool) async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records([("M", 100)])))
        harness.connector.keepsFirstVisibleItemInPlace = keepsPlace
        try await harness.waitUntilCurrent()
        harness.table.scroll(to: 24 * 30 + 10)
        let anchor = try #require(harness.firstVisibleItem)
        harness.source.data.mutate { records in
            records.insert(contentsOf: (0 ..< 5).map { HeldFetchSource.record("new\($0)", section: "M") }, at: 0)
            records.insert(contentsOf: (0 ..< 3).map { HeldFetchSource.record("a\($0)", section: "A") }, at: 0)
        }
        try await harness.waitUntilCurrent()
        let path = try #require(harness.adapter.path(of: anchor.id))
        let row = harness.grouped.row(of: path)
        // Nine rows more above it (a title row and eight items): without the anchor it
        // would sit nine rows lower.
        #expect(harness.table.screenOffset(ofRow: row) == (keepsPlace ? anchor.screenOffset : anchor.screenOffset + 9 * 24))
        #expect(harness.table.rejections.isEmpty)
        #expect(harness.cellProblems(requireFilled: false).isEmpty)
    }

    @Test func selectionFollowsItsItemAcrossSectionsByIdentity() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records([("A", 10), ("B", 10)])))
        try await harness.waitUntilCurrent()
        // What an app's tableViewSelectionDidChange does after AppKit selected the row.
        let path = ItemPath(section: 0, item: 3)
        harness.table.click(row: harness.grouped.row(of: path))
        harness.adapter.setSelected(true, at: path)
        #expect(harness.grouped.selectedPaths == [path])
        let serial = harness.table.rows[harness.grouped.row(of: path)].serial

        harness.source.data.mutate { records in
            var moved = records.remove(at: 3)                               // a3 into section B
            moved.entry.section = "B"
            records.insert(moved, at: 15)
            records.insert(HeldFetchSource.record("top", section: "A"), at: 0)
        }
        try await harness.waitUntilCurrent()
        let newPath = try #require(harness.adapter.path(of: "a3"))
        #expect(newPath.section == 1)
        let newRow = harness.grouped.row(of: newPath)
        #expect(harness.table.selectedListRows == [newRow])
        #expect(harness.grouped.selectedListPaths == [newPath])
        #expect(harness.table.rows[newRow].serial == serial)                // moved, not removed and inserted
        #expect(harness.table.contents == harness.expectedRows)
        #expect(harness.table.rejections.isEmpty)
    }

    @Test func aCollapsedSectionIsItsTitleRowAlone() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records([("A", 3), ("B", 3)])))
        try await harness.waitUntilCurrent()
        let batches = harness.recorder.batchCount
        harness.adapter.setSection(titled: "A", collapsed: true)
        await harness.recorder.wait { _ in harness.recorder.batchCount > batches }
        #expect(harness.table.contents == [.title("A"), .title("B"), .item("b0"), .item("b1"), .item("b2")])
        #expect(harness.grouped.content(ofRow: 1) == .section(1))
        harness.adapter.setSection(titled: "A", collapsed: false)
        await harness.recorder.wait { _ in harness.recorder.batchCount > batches + 1 }
        #expect(harness.table.contents == harness.expectedRows)
        #expect(harness.table.rows.count == 8)
        #expect(harness.table.rejections.isEmpty)
        #expect(harness.inconsistencies.isEmpty)
    }

    @Test func withoutSectionRowsItemsFollowOneAnother() async throws {
        let harness = GroupedHarness(HeldFetchSource(count: 40), showsSectionRows: false)
        try await harness.waitUntilCurrent()
        #expect(harness.table.rows.count == 40)
        harness.source.data.mutate { records in
            records.remove(at: 4)
            records.insert(HeldFetchSource.record("x"), at: 0)
            records.swapAt(1, 8)
        }
        try await harness.waitUntilCurrent()
        #expect(harness.table.contents == harness.expectedRows)
        await harness.waitUntilFilled()
        #expect(harness.table.rejections.isEmpty)
        #expect(harness.inconsistencies.isEmpty)
    }

    @Test func aDataSourceThatDoesNotCountTitleRowsIsReportedAndTheTableReloaded() async throws {
        let harness = GroupedHarness(HeldFetchSource(Self.records([("A", 5), ("B", 5)])))
        try await harness.waitUntilCurrent()
        let adapter = harness.adapter
        harness.table.dataSourceCount = { adapter.snapshot.count }          // forgets the title rows
        let reloads = harness.table.reloadCount
        harness.source.data.mutate { $0.remove(at: 0) }
        try await harness.waitUntilCurrent()
        #expect(harness.inconsistencies.map(\.kind) == [.dataSourceOutOfStep])
        #expect(harness.inconsistencies.first?.message.contains("GroupedListView.numberOfRows") == true)
        #expect(harness.table.reloadCount == reloads + 1)
        #expect(harness.table.rejections.isEmpty)
    }
}
