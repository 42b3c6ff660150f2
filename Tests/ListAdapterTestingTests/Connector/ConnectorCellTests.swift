import ListAdapter
import ListAdapterTesting
import Testing

/// Cells: a placeholder first, the payload when it arrives, only into a cell still showing
/// that item; prefetching and its cancellation.
@MainActor
@Suite("ListViewConnector cells", .hangGuard)
struct ConnectorCellTests {
    /// A loaded harness over `count` items whose payload fetches are held.
    static func heldHarness(count: Int) async throws -> ConnectorHarness {
        let source = HeldFetchSource(count: count)
        source.hold()
        let harness = ConnectorHarness(source)
        try await harness.waitUntilCurrent()
        return harness
    }

    @Test func aCellShowsAPlaceholderThenItsPayload() async throws {
        let harness = try await Self.heldHarness(count: 30)
        let source = harness.source
        #expect(harness.view.visibleCells.count == 10)
        #expect(harness.cellProblems(requireFilled: false).isEmpty)
        #expect(harness.view.visibleCells.allSatisfy { $0.cell.payload == nil })
        source.release()
        await harness.waitUntilFilled()
        for (path, cell) in harness.view.visibleCells {
            let calls = harness.log.configurations.filter { $0.cell == ObjectIdentifier(cell) }
            #expect(calls.map(\.payload) == [nil, "i\(path.item)@1"])
        }
    }

    @Test func aCellReusedForAnotherItemIsNotFilledWithThePayloadItWaitedFor() async throws {
        let harness = try await Self.heldHarness(count: 100)
        let source = harness.source
        let start = harness.log.configurations.count
        // Scroll far while the first rows' payloads are still on their way: their cells are
        // reused for rows 49 to 59.
        harness.view.scroll(to: 44 * 50)
        #expect(harness.view.createdCellCount <= 11)
        source.release()
        await harness.waitUntilFilled()
        let offScreen = Set((0 ..< 10).map { "i\($0)" })
        #expect(harness.configurations(since: start).allSatisfy { !offScreen.contains($0.id) })
        #expect(harness.cellProblems(requireFilled: true).isEmpty)
    }

    @Test func aCellOnScreenShowingAnotherItemIsLeftAlone() async throws {
        let harness = try await Self.heldHarness(count: 30)
        let source = harness.source
        let cell = try #require(harness.view.visibleListCell(at: ItemPath(section: 0, item: 0)))
        // The cell at i0's path is reused for i20 while i0's payload is on its way (in
        // UIKit: a row animating out whose cell was already handed to another row).
        harness.connector.configure(cell, at: ItemPath(section: 0, item: 20))
        let start = harness.log.configurations.count
        source.release()
        // i0's payload comes in the same fetch as rows 1 to 9.
        await harness.recorder.wait { _ in
            harness.view.visibleCells.dropFirst().allSatisfy { $0.cell.payload != nil }
        }
        #expect(harness.configurations(since: start).allSatisfy { $0.cell != ObjectIdentifier(cell) })
        #expect(cell.id == "i20")
        #expect(harness.connector.identifier(shownBy: cell) == "i20")
    }

    @Test func aPayloadArrivingAfterItsItemMovedFillsTheCellAtTheNewPath() async throws {
        let harness = try await Self.heldHarness(count: 30)
        let source = harness.source
        let moving = try #require(harness.view.visibleListCell(at: ItemPath(section: 0, item: 2)))
        let deleted = try #require(harness.view.visibleListCell(at: ItemPath(section: 0, item: 3)))
        source.data.mutate { records in
            let item = records.remove(at: 2)
            records.insert(item, at: 7)
            records.removeAll { $0.entry.id == "i3" }
        }
        try await harness.waitUntilCurrent()
        #expect(harness.view.visibleListCell(at: ItemPath(section: 0, item: 6)) === moving)
        let start = harness.log.configurations.count
        source.release()
        await harness.waitUntilFilled()
        #expect(moving.id == "i2")
        #expect(moving.payload == "i2@1")
        #expect(harness.configurations(since: start).allSatisfy { $0.id != "i3" })
        // The deleted row's cell went back to the pool and now shows the row that came
        // into view.
        #expect(deleted.id == "i10")
        #expect(deleted.payload == "i10@1")
        #expect(harness.view.rejections.isEmpty)
    }

    @Test func anUpdatedItemIsReconfiguredInItsCellAndRefilled() async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 30))
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        let cell = try #require(harness.view.visibleListCell(at: ItemPath(section: 0, item: 4)))
        let start = harness.log.configurations.count
        harness.source.data.mutate { records in
            records[4].entry.summary = 2
            records[4].item = "i4@2"
        }
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        #expect(harness.view.visibleListCell(at: ItemPath(section: 0, item: 4)) === cell)
        #expect(harness.configurations(since: start).map(\.payload) == [nil, "i4@2"])
        #expect(harness.configurations(since: start).allSatisfy { $0.cell == ObjectIdentifier(cell) })
    }

    @Test func aPayloadTheSourceDidNotHaveIsAskedForAgainAfterTheNextDelivery() async throws {
        // The source answered "no such item" for an item the list still shows (the list
        // lags the source): the adapter asks again once the next delivery has come, not in
        // a loop before it.
        let source = HeldFetchSource(count: 30)
        source.missing = ["i3"]
        let harness = ConnectorHarness(source)
        try await harness.waitUntilCurrent()
        await harness.recorder.wait { _ in source.fetchedIDs.contains("i9") && harness.view.visibleCells[9].cell.payload != nil }
        #expect(harness.view.visibleCells[3].cell.payload == nil)
        source.missing = []
        // A delivery (another row changes).
        source.data.mutate { records in records[20].entry.summary = 2 }
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        #expect(harness.view.visibleCells[3].cell.payload == "i3@1")
        #expect(source.fetchedIDs.filter { $0 == "i3" }.count >= 2)
    }

    @Test func prefetchedRowsShowTheirPayloadsAtOnce() async throws {
        let source = HeldFetchSource(count: 200)
        let harness = ConnectorHarness(source)
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        #expect(harness.view.prefetchLog.requested == (10 ..< 20).map { ItemPath(section: 0, item: $0) })
        // The prefetch went out with the visible rows' fetch; wait for its answer.
        let prefetched = try await harness.adapter.item(at: ItemPath(section: 0, item: 15))
        #expect(prefetched?.item == "i15@1")
        #expect(source.fetchedIDs.filter { $0 == "i15" }.count == 1)
        let start = harness.log.configurations.count
        harness.view.scroll(to: 44 * 5)
        let shown = harness.configurations(since: start)
        #expect(Set(shown.map(\.id)) == Set((10 ... 14).map { "i\($0)" }))
        #expect(shown.allSatisfy { $0.payload == "\($0.id)@1" })
    }

    @Test func prefetchesCancelledInTheSameTurnAreNeverFetched() async throws {
        let source = HeldFetchSource(count: 200)
        let harness = ConnectorHarness(source)
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        let requestedBefore = harness.view.prefetchLog.requested.count
        let cancelledBefore = harness.view.prefetchLog.cancelled.count
        // A fling down and straight back, within one main-queue turn.
        harness.view.scroll(to: 4_400)
        let farVisible = harness.view.visibleItems.map(\.id)
        let farPrefetch = Array(harness.view.prefetchLog.requested[requestedBefore...])
        harness.view.scroll(to: 0)
        #expect(farPrefetch.count == 20)
        #expect(Set(harness.view.prefetchLog.cancelled[cancelledBefore...]).isSuperset(of: farPrefetch))
        // The far rows that were on screen are fetched (their cells wait for them); wait
        // for that fetch, which would have carried the prefetches too.
        let answer = try await harness.adapter.item(at: try #require(harness.adapter.path(of: farVisible[0])))
        #expect(answer?.id == farVisible[0])
        let fetched = Set(source.fetchedIDs)
        #expect(fetched.isSuperset(of: farVisible))
        #expect(fetched.isDisjoint(with: farPrefetch.map { "i\($0.item)" }))
    }
}
