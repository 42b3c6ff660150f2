import ListAdapter
@testable import ListAdapterSwiftUI
import ListAdapterTesting
import Testing

/// What rows and headers show, and the connector's readiness following appear/disappear.
@MainActor
@Suite("SwiftUI list rows", .hangGuard)
struct RowTests {
    @Test func aRowShowsItsIdentifierWithAPlaceholderThenItsPayload() async throws {
        let source = InMemoryListSource((0 ..< 30).map { record("i\($0)") })
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source)
        await harness.wait { harness.view.visibleCells.allSatisfy { $0.cell.payload != nil } }
        for (path, cell) in harness.view.visibleCells {
            let id = "i\(path.item)"
            #expect(cell.id == id)
            #expect(harness.log.rows.filter { $0.id == id } == [.init(id: id, payload: nil), .init(id: id, payload: "\(id)@1")])
        }
        // Rows never shown were never built or fetched.
        #expect(!harness.log.rows.contains { $0.id == "i25" })
    }

    @Test func aRowWhosePayloadIsCachedIsBuiltOnceWithIt() async throws {
        let source = InMemoryListSource((0 ..< 30).map { record("i\($0)") })
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source)
        let fetched = try await harness.adapter.item(at: ItemPath(section: 0, item: 20))
        #expect(fetched?.item == "i20@1")
        #expect(harness.adapter.cachedItem(at: ItemPath(section: 0, item: 20)) == "i20@1")
        harness.view.scroll(to: 44 * 15)
        #expect(harness.log.rows.filter { $0.id == "i20" } == [.init(id: "i20", payload: "i20@1")])
    }

    @Test func headersShowSectionTitlesAndOnlyTitledSectionsHaveThem() async throws {
        let titled = InMemoryListSource([
            record("a", section: "Today"), record("b", section: "Today"),
            record("c", section: "Yesterday"),
        ])
        let harness = ModelHarness(titled)
        try await harness.waitUntilShowing(titled)
        #expect(harness.model.numberOfSections == 2)
        #expect((0 ..< 2).map(harness.model.headerTitle(ofSection:)) == ["Today", "Yesterday"])
        #expect(harness.model.headerTitle(ofSection: 2) == nil)

        let plain = InMemoryListSource([record("a")])
        let untitled = ModelHarness(plain)
        try await untitled.waitUntilShowing(plain)
        #expect(untitled.model.headerTitle(ofSection: 0) == nil)
    }

    @Test func changesAnimateOnlyWhileTheListIsVisible() async throws {
        let source = InMemoryListSource((0 ..< 10).map { record("i\($0)") })
        let harness = ModelHarness(source, isVisible: false)
        try await harness.waitUntilShowing(source)
        #expect(harness.model.connector?.isReady == false)
        let batches = harness.view.batchCount
        source.mutate { $0.removeFirst() }
        try await harness.waitUntilShowing(source)
        #expect(harness.view.batchCount == batches)          // reloaded, not animated
        harness.model.isVisible = true                          // onAppear
        #expect(harness.model.connector?.isReady == true)
        source.mutate { $0.removeFirst() }
        try await harness.waitUntilShowing(source)
        #expect(harness.view.batchCount == batches + 1)
        #expect(harness.view.rejections.isEmpty)
        harness.model.isVisible = false                         // onDisappear
        #expect(harness.model.connector?.isReady == false)
    }

    @Test func theFirstVisibleRowKeepsItsPlaceWhenRowsArriveAbove() async throws {
        let source = InMemoryListSource((0 ..< 100).map { record("i\($0)") })
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source)
        harness.view.scroll(to: 44 * 40)
        let first = try #require(harness.view.visibleCells.first?.cell.id)
        source.mutate { $0.insert(contentsOf: (0 ..< 5).map { record("new\($0)") }, at: 0) }
        try await harness.waitUntilShowing(source)
        #expect(harness.view.visibleCells.first?.cell.id == first)
        #expect(harness.view.contentOffset == 44 * 45)
    }

    @Test func aDisconnectedModelNoLongerFollowsTheAdapter() async throws {
        let source = InMemoryListSource((0 ..< 10).map { record("i\($0)") })
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source)
        harness.model.disconnect()
        let reloads = harness.view.reloadCount
        let batches = harness.view.batchCount
        source.mutate { $0.removeAll() }
        await harness.wait { harness.adapter.loadState == .empty }
        #expect(harness.view.reloadCount == reloads && harness.view.batchCount == batches)
        #expect(harness.model.overlay == .none)
    }

    @Test func visibleRowsAreBuiltAgainInPlaceWhenSwiftUIUpdatesTheView() async throws {
        let source = InMemoryListSource((0 ..< 30).map { record("i\($0)") })
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source)
        await harness.wait { harness.view.visibleCells.allSatisfy { $0.cell.payload != nil } }
        harness.appSelects(["i4"])
        let cells = harness.view.visibleCells.map { ObjectIdentifier($0.cell) }
        let start = harness.log.rows.count
        harness.model.refreshVisibleRows()
        let rebuilt = harness.log.rows[start...]
        #expect(rebuilt.map(\.id) == (0 ..< 10).map { "i\($0)" })
        #expect(rebuilt.allSatisfy { $0.payload == "\($0.id)@1" })      // cached: no placeholder
        #expect(harness.view.visibleCells.map { ObjectIdentifier($0.cell) } == cells)
        #expect(harness.selectedInView == ["i4"])
        #expect(harness.view.rejections.isEmpty)
    }
}
