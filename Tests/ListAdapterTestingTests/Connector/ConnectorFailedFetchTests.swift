@testable import ListAdapter
import ListAdapterTesting
import Testing

/// A payload fetch that fails (a dropped connection, a locked file) while its row is on
/// screen: the row must fill once the source is back, without a fetch loop meanwhile.
@MainActor
@Suite("ListViewConnector: payload fetches that failed", .hangGuard)
struct ConnectorFailedFetchTests {
    /// Returns once the source has been asked for `id` `asks` times and the failure has been
    /// handled (no request for `id` left in the adapter or the connector). No time limit is
    /// the verdict: the suite's hang guard bounds a hang; more asks than expected end the
    /// wait at once (a loop).
    static func failureHandled(_ id: String, asks: Int, source: HeldFetchSource, in harness: ConnectorHarness) async -> Bool {
        while true {
            let count = source.fetchedIDs.count { $0 == id }
            if count > asks { return false }
            if count == asks && harness.adapter.delivered.fetches.requests[id] == nil && harness.connector.pendingPayloads[id] == nil { return true }
            await Task.yield()
        }
    }

    @Test func aRowWhoseFetchFailedIsAskedForAgainAfterTheNextDeliveryAndFills() async throws {
        let source = HeldFetchSource(count: 30)
        source.failing = ["i3"]
        let harness = ConnectorHarness(source)
        try await harness.waitUntilCurrent()
        let row = ItemPath(section: 0, item: 3)
        #expect(harness.view.visibleListCell(at: row)?.id == "i3")
        // The fetch failed; the connector does not ask again by itself (no loop).
        #expect(await Self.failureHandled("i3", asks: 1, source: source, in: harness))
        #expect(harness.view.visibleListCell(at: row)?.payload == nil, "still a placeholder")
        #expect(harness.connector.failedPayloads.contains("i3"))

        // A delivery while the source still fails: asked once more, failed once more.
        source.data.mutate { records in records[20].entry.summary += 1 }
        try await harness.waitUntilCurrent()
        #expect(await Self.failureHandled("i3", asks: 2, source: source, in: harness))

        // The source is back: the next delivery's request fills the row.
        source.failing = []
        source.data.mutate { records in records[21].entry.summary += 1 }
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        #expect(harness.view.visibleListCell(at: row)?.payload == "i3@1")
        #expect(harness.cellProblems(requireFilled: true).isEmpty)
        #expect(source.fetchedIDs.count { $0 == "i3" } == 3)
    }
}
