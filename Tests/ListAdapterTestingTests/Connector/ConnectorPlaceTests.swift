import ListAdapter
import ListAdapterTesting
import Testing

/// The user's place (the first visible item stays where it is on screen) and selection by
/// identity.
@MainActor
@Suite("ListViewConnector place and selection", .hangGuard)
struct ConnectorPlaceTests {
    @Test(arguments: [true, false])
    func theFirstVisibleItemKeepsItsPlaceWhenRowsChangeAboveIt(keepsPlace: Bool) async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 100))
        harness.connector.keepsFirstVisibleItemInPlace = keepsPlace
        try await harness.waitUntilCurrent()
        harness.view.scroll(to: 44 * 30 + 10)
        let anchor = try #require(harness.view.visibleItems.first)
        harness.source.data.mutate { records in
            records.insert(contentsOf: (0 ..< 5).map { HeldFetchSource.record("new\($0)") }, at: 0)
            records.remove(at: 10)
        }
        try await harness.waitUntilCurrent()
        let path = try #require(harness.adapter.path(of: anchor.id))
        let offset = try #require(harness.view.screenOffset(ofItemAt: path))
        // Four rows more above it: without the anchor it would sit four rows lower.
        #expect(offset == (keepsPlace ? anchor.screenOffset : anchor.screenOffset + 4 * 44))
        #expect(harness.view.rejections.isEmpty)
        #expect(harness.cellProblems(requireFilled: false).isEmpty)
    }

    @Test func aSectionInsertedAboveDoesNotMoveTheFirstVisibleItem() async throws {
        let records = (0 ..< 60).map { HeldFetchSource.record("b\($0)", section: "B") }
        let harness = ConnectorHarness(HeldFetchSource(records), kind: .collection)
        try await harness.waitUntilCurrent()
        harness.view.scroll(to: 1_000)
        let anchor = try #require(harness.view.visibleItems.first)
        harness.source.data.mutate { records in
            records.insert(contentsOf: (0 ..< 3).map { HeldFetchSource.record("a\($0)", section: "A") }, at: 0)
        }
        try await harness.waitUntilCurrent()
        #expect(harness.adapter.numberOfSections == 2)
        let path = try #require(harness.adapter.path(of: anchor.id))
        #expect(harness.view.screenOffset(ofItemAt: path) == anchor.screenOffset)
        #expect(harness.view.rejections.isEmpty)
    }

    @Test func whenTheFirstVisibleItemIsDeletedTheNextOneKeepsItsPlace() async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 100))
        try await harness.waitUntilCurrent()
        harness.view.scroll(to: 44 * 40)
        let items = harness.view.visibleItems
        harness.source.data.mutate { records in
            records.removeAll { $0.entry.id == items[0].id }
            records.insert(HeldFetchSource.record("top"), at: 0)
        }
        try await harness.waitUntilCurrent()
        let path = try #require(harness.adapter.path(of: items[1].id))
        #expect(harness.view.screenOffset(ofItemAt: path) == items[1].screenOffset)
    }

    @Test(arguments: [UpdateStyle.reconfigure, .reload])
    func selectionFollowsItsItemThroughMovesUpdatesAndReloads(style: UpdateStyle) async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 30), updateStyle: style)
        try await harness.waitUntilCurrent()
        // What an app's didSelectRowAt does after UIKit selected the row.
        harness.view.tap(at: ItemPath(section: 0, item: 5))
        harness.adapter.setSelected(true, at: ItemPath(section: 0, item: 5))
        harness.view.tap(at: ItemPath(section: 0, item: 8))
        harness.adapter.setSelected(true, at: ItemPath(section: 0, item: 8))

        // i5 moves and changes (UIKit deletes and inserts it, dropping its selection); i8
        // changes in place (a reload under `.reload` also drops it).
        harness.source.data.mutate { records in
            var moved = records.remove(at: 5)
            moved.entry.summary = 2
            moved.item = "i5@2"
            records.insert(moved, at: 20)
            let eight = records.firstIndex { $0.entry.id == "i8" }!
            records[eight].entry.summary = 2
            records[eight].item = "i8@2"
        }
        try await harness.waitUntilCurrent()
        let expected = try [#require(harness.adapter.path(of: "i8")), #require(harness.adapter.path(of: "i5"))]
        #expect(harness.view.selectedListPaths == expected)
        #expect(harness.adapter.selectedPaths == expected)

        // A reload (the view is not ready) clears UIKit's selection; it comes back.
        harness.connector.isReady = false
        harness.source.data.mutate { $0.insert(HeldFetchSource.record("new"), at: 0) }
        try await harness.waitUntilCurrent()
        #expect(harness.view.selectedListPaths == [ItemPath(section: 0, item: 8), ItemPath(section: 0, item: 21)])

        // A deleted item drops out of both.
        harness.connector.isReady = true
        harness.source.data.mutate { $0.removeAll { $0.entry.id == "i8" } }
        try await harness.waitUntilCurrent()
        #expect(harness.view.selectedListPaths == [ItemPath(section: 0, item: 20)])
        #expect(harness.adapter.selectedIdentifiers == ["i5"])
    }
}
