@testable import ListAdapter
import ListAdapterTesting
import Testing

/// A row the list keeps while its source keeps answering "no such item" for it (the soak
/// once left visible rows as placeholders for good after its changes settled).
@MainActor
@Suite("ListViewConnector: payloads the source did not have", .hangGuard)
struct ConnectorMissingPayloadTests {
    /// Whether the connector has asked for `id` again and the adapter holds that request
    /// until its next delivery (what follows a "no such item" answer for a listed row).
    static func waitsForTheNextDelivery(_ id: String, in harness: ConnectorHarness) -> Bool {
        harness.adapter.delivered.fetches.parked[id]?.isEmpty == false && harness.connector.pendingPayloads[id] != nil
    }

    /// Returns once the adapter has handled the answer to ask number `asks` for `id`, then
    /// whether the connector's request now waits for the next delivery.
    ///
    /// No time limit is the verdict (the suite's hang guard bounds a hang): the wait ends
    /// on a state either outcome reaches. `asked()` counts the source's fetches of `id`;
    /// the adapter drops its request for `id` in the main-queue turn that handles the
    /// answer, and in that same turn the connector asks again, which the adapter parks
    /// (the fix) or sends (a new fetch). So the answer has been handled, and everything it
    /// led to done, once the source has been asked exactly `asks` times and the adapter
    /// holds no request for `id`; asked more often, the connector fetched in a loop. If the
    /// connector stopped asking (the defect: it gave up after 4 tries), the wait ends too,
    /// with nothing parked, and the test fails at once instead of at a deadline.
    /// The checks yield the main actor between them, so the answers are handled meanwhile.
    static func answerHandled(_ id: String, asks: Int, countedBy asked: () -> Int, in harness: ConnectorHarness) async -> Bool {
        while true {
            let count = asked()
            if count > asks { return false }
            if count == asks && harness.adapter.delivered.fetches.requests[id] == nil { break }
            await Task.yield()
        }
        return waitsForTheNextDelivery(id, in: harness)
    }

    @Test func aRowTheSourceKeepsAnsweringMissingForIsAskedForAfterEveryDeliveryAndFillsInTheEnd() async throws {
        // Fetches that race transitions (a source switched to and away from before its list
        // was shown), or a delete not yet delivered, answer "no such item" for a row the list
        // keeps, once per delivery. The connector used to ask again at most 4 times (0.25 s
        // apart, doubling), then never: the row stayed a placeholder after the list settled.
        let source = HeldFetchSource(count: 30)
        source.missing = ["i3"]
        let harness = ConnectorHarness(source)
        try await harness.waitUntilCurrent()
        let row = ItemPath(section: 0, item: 3)
        let cell = try #require(harness.view.visibleListCell(at: row))
        #expect(cell.id == "i3")
        for round in 1 ... 6 {
            // The "no such item" answer came, and the connector asked again: the request
            // waits for the next delivery (it does not fetch in a loop meanwhile).
            let asked = await Self.answerHandled("i3", asks: round, countedBy: { source.fetchedIDs.count { $0 == "i3" } }, in: harness)
            #expect(asked, "after \(round) 'no such item' answers the connector no longer asks for i3, whose row the list keeps")
            guard asked else { return }
            #expect(source.fetchedIDs.filter { $0 == "i3" }.count == round)
            // A delivery (another row changes): the waiting request is sent again.
            source.data.mutate { records in records[20].entry.summary += 1 }
            try await harness.waitUntilCurrent()
        }
        // The source has the item again; the next delivery's fetch fills the cell.
        #expect(await Self.answerHandled("i3", asks: 7, countedBy: { source.fetchedIDs.count { $0 == "i3" } }, in: harness))
        source.missing = []
        source.data.mutate { records in records[20].entry.summary += 1 }
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        #expect(harness.view.visibleListCell(at: row)?.payload == "i3@1")
        #expect(harness.cellProblems(requireFilled: true).isEmpty)
        #expect(source.fetchedIDs.filter { $0 == "i3" }.count == 8)
    }

    @Test func aRowWhosePayloadRequestsRaceTransitionsFillsOnceItsSourceAnswers() async throws {
        // The soak's case: the list shows source A's rows; the adapter switches to B (whose
        // list never arrives: the next switch abandons its load) while A's last list is on
        // its way to the main queue, so each delivery of A's list sends the waiting request
        // to B, which has no such item. A keeps the row, so the cell must fill in the end.
        let source = HeldFetchSource(count: 30)
        source.missing = ["i3"]                          // a first "no such item", from A itself
        let elsewhere = NeverShownSource()
        defer { elsewhere.release() }
        let harness = ConnectorHarness(source)
        let adapter = harness.adapter
        try await harness.waitUntilCurrent()
        #expect(await Self.answerHandled("i3", asks: 1, countedBy: { source.fetchedIDs.count { $0 == "i3" } }, in: harness))
        source.missing = []
        for round in 1 ... 6 {
            // Back to A: its list is loaded and handed to the main queue; then, before the
            // main queue applies it, the switch to B.
            adapter.transition(to: source)
            let generation = adapter.queue.sync { adapter.core.generation }
            while !adapter.queue.sync(execute: { adapter.core.generation == generation && adapter.core.cycle.phase == .idle }) {}
            adapter.transition(to: elsewhere)
            adapter.queue.sync {}
            // A's list is delivered (the row stays); the request it releases goes to B.
            let asked = await Self.answerHandled("i3", asks: round, countedBy: { elsewhere.fetchedIDs.count { $0 == "i3" } }, in: harness)
            #expect(asked, "after \(round) 'no such item' answers from B the connector no longer asks for i3, whose row A's list keeps")
            guard asked else { return }
        }
        // Back to A for good: its list is delivered and the request goes to A.
        adapter.transition(to: source)
        try await harness.waitUntilCurrent()
        await harness.waitUntilFilled()
        #expect(harness.view.visibleListCell(at: ItemPath(section: 0, item: 3))?.payload == "i3@1")
        #expect(harness.cellProblems(requireFilled: true).isEmpty)
        #expect(source.fetchedIDs.filter { $0 == "i3" }.count == 2)
    }
}

/// A source the adapter switches to and away from before its list arrives: its loads wait
/// until `release()`, and it has none of the items asked for.
final class NeverShownSource: ListDataSource {
    typealias ID = String
    typealias Summary = Int
    typealias Item = String

    private let held = Guarded<[CheckedContinuation<Void, Never>]>([])
    private let fetched = Guarded<[String]>([])

    /// Every identifier asked for, in order.
    var fetchedIDs: [String] { fetched.withLock { $0 } }

    func loadEntries() async throws -> ListSnapshot<String, Int> {
        await withCheckedContinuation { continuation in held.withLock { $0.append(continuation) } }
        return ListSnapshot()
    }

    func fetchItems(_ ids: [String]) async throws -> [String: String] {
        fetched.withLock { $0 += ids }
        return [:]
    }

    func attach(_ invalidation: ListInvalidation) {}

    /// Lets the held loads finish (the adapter ignores them: it moved on).
    func release() {
        let continuations = held.withLock { held in
            defer { held = [] }
            return held
        }
        for continuation in continuations { continuation.resume() }
    }
}
