import Dispatch
@testable import ListAdapter
import Testing

/// A summarizing source whose loads can be held back (through a `ControlledSource`) and
/// whose fetches are counted per identifier.
final class SummarizingSource: SummarizingListDataSource {
    typealias ID = String
    typealias Summary = Int
    typealias Item = String

    let controlled: ControlledSource
    private let fetched = Guarded<[String]>([])

    init(_ records: [Record]) {
        controlled = ControlledSource(records)
    }

    var data: InMemoryListSource<String, Int, String> { controlled.data }
    /// Every identifier fetched so far, in order, once per fetch.
    var fetchedIDs: [String] { fetched.withLock { $0 } }

    func loadEntries() async throws -> ListSnapshot<String, Int> {
        try await controlled.loadEntries()
    }

    func fetchSummarizedItems(_ ids: [String]) async throws -> [String: SummarizedItem<Int, String>] {
        fetched.withLock { $0 += ids }
        return try await data.fetchSummarizedItems(ids)
    }

    func attach(_ invalidation: ListInvalidation) {
        controlled.attach(invalidation)
    }
}

@MainActor
@Suite("Payloads and the rows they are shown on", .hangGuard)
struct LaggingRowTests {
    typealias Adapter = ListViewAdapter<String, Int, String>

    static func loaded(_ source: some ListDataSource<String, Int, String>) async -> (Adapter, ViewHarness) {
        let adapter = Adapter(source: source, configuration: .holdingLoads)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        return (adapter, harness)
    }

    /// Asks for `path` and returns once the answer arrived.
    static func answer(at path: ItemPath, from adapter: Adapter) async throws -> FetchedItem<String, String>? {
        try await adapter.item(at: path)
    }

    // MARK: - The record of lagging rows, alone

    @Test func aVanishedRowWaitsAndIsForgottenAtTheNextDelivery() {
        var rows = LaggingRows<String, Int>()
        #expect(rows.advice(for: "a", presented: 1) == .fetch)
        rows.record(.vanished, for: "a", presented: 1)
        #expect(rows.advice(for: "a", presented: 1) == .vanished)
        #expect(rows.advice(for: "a", presented: 2) == .fetch)        // the row changed: ask
        rows.advance { _ in 1 }
        #expect(rows.advice(for: "a", presented: 1) == .fetch)        // the source may have it again
        #expect(rows.count == 0)
    }

    @Test func aNewerPayloadShowsForOneEpochHoweverOftenItIsFetched() {
        var rows = LaggingRows<String, Int>()
        rows.record(.ahead(2), for: "a", presented: 1)
        #expect(rows.advice(for: "a", presented: 1) == .showAhead(2))
        rows.advance { _ in 1 }                                         // delivered without the change
        #expect(rows.advice(for: "a", presented: 1) == .waitForDelivery)
        rows.record(.ahead(2), for: "a", presented: 1)                  // fetched again: still the old epoch
        #expect(rows.advice(for: "a", presented: 1) == .waitForDelivery)
        rows.record(.ahead(3), for: "a", presented: 1)                  // a still newer version: a new epoch
        #expect(rows.advice(for: "a", presented: 1) == .showAhead(3))
        rows.advance { _ in 3 }                                         // the change arrived
        #expect(rows.count == 0)
        #expect(rows.advice(for: "a", presented: 3) == .fetch)
    }

    // MARK: - Through a real adapter

    @Test func aRowDeletedBeforeItsFetchIsAnsweredOnceThenWaitsForTheDelivery() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, harness) = await Self.loaded(source)
        let c = ItemPath(section: 1, item: 0)
        source.mode = .gated                                            // the delete is not delivered yet
        source.data.mutate { $0.removeAll { $0.entry.id == "c" } }
        #expect(try await Self.answer(at: c, from: adapter) == nil)
        #expect(adapter.itemHasVanished(at: c))
        #expect(adapter.cachedItem(at: c) == nil)
        // A view that asks again for every row it cannot draw (the sample does) must not
        // make the adapter fetch in a loop: the second request waits for the delivery.
        let parked = AnswerBox(count: 1)
        adapter.item(at: c) { parked.set(0, $0) }
        _ = try await Self.answer(at: ItemPath(section: 0, item: 0), from: adapter)   // a later turn's fetch
        #expect(source.fetchCalls.flatMap { $0 }.filter { $0 == "c" }.count == 1)
        source.release()
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(try await parked.all() == [nil])
        #expect(adapter.path(of: "c") == nil)
        #expect(source.fetchCalls.flatMap { $0 }.filter { $0 == "c" }.count == 1)
        #expect(harness.failures.isEmpty)
    }

    @Test func aFailedLoadAnswersTheRequestsWaitingForADelivery() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, harness) = await Self.loaded(source)
        let c = ItemPath(section: 1, item: 0)
        source.mode = .gated
        source.data.mutate { $0.removeAll { $0.entry.id == "c" } }
        #expect(try await Self.answer(at: c, from: adapter) == nil)
        let parked = AnswerBox(count: 1)
        adapter.item(at: c) { parked.set(0, $0) }                        // waits for the delivery…
        source.mode = .failing
        source.release()                                                // …which fails instead
        #expect(try await parked.all() == [nil])                         // asked again, answered
        #expect(source.fetchCalls.flatMap { $0 }.filter { $0 == "c" }.count == 2)
        #expect(adapter.path(of: "c") == c)                              // the last good list
        guard case .failed = adapter.loadState else {
            Issue.record("expected the failure to be delivered, got \(adapter.loadState)")
            return
        }
        #expect(harness.failures.isEmpty)
    }

    @Test func aPayloadNewerThanItsRowShowsUntilTheNextDeliveryOnly() async throws {
        let source = SummarizingSource(ListViewAdapterTests.initial)
        let (adapter, harness) = await Self.loaded(source)
        let a = ItemPath(section: 0, item: 0)
        source.controlled.mode = .gated
        // Refile "a" to yesterday; the list still shows it under today.
        source.data.mutate { records in
            records.removeFirst()
            records.insert(Record(entry: ListEntry(id: "a", section: "Yesterday", summary: 2), item: "a@2"), at: 1)
        }
        #expect(try await Self.answer(at: a, from: adapter)?.item == "a@2")
        #expect(adapter.cachedItem(at: a) == "a@2")                     // until the next delivery
        #expect(adapter.itemHasVanished(at: a) == false)
        // A delivery that does not bring the refile (collapsing another section reuses the
        // list already loaded): "a" is still under today, so its newer payload goes.
        adapter.setSection(titled: nil, collapsed: true)
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.path(of: "a") == a)
        #expect(adapter.cachedItem(at: a) == nil)
        let parked = AnswerBox(count: 1)
        adapter.item(at: a) { parked.set(0, $0) }                        // waits: a fetch would only repeat it
        _ = try await Self.answer(at: ItemPath(section: 0, item: 1), from: adapter)
        #expect(source.fetchedIDs.filter { $0 == "a" }.count == 1)
        // The delivery of the refile: the payload fetched earlier now matches its row.
        source.controlled.release()
        await harness.recorder.wait { _ in adapter.path(of: "a") == ItemPath(section: 1, item: 0) }
        #expect(adapter.cachedItem(at: ItemPath(section: 1, item: 0)) == "a@2")
        #expect(try await parked.all().map { $0?.item } == ["a@2"])
        #expect(source.fetchedIDs.filter { $0 == "a" }.count == 1)
        #expect(harness.failures.isEmpty)
    }

    @Test func aPlainSourcesPayloadIsLabelledWithTheSummaryAskedUnder() async throws {
        // Without summaries the adapter cannot tell a newer payload: it serves what the
        // source answered for the row as listed (the documented limit of a plain source).
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, harness) = await Self.loaded(source)
        source.mode = .gated
        source.data.mutate { $0[0] = Record(entry: ListEntry(id: "a", section: "Today", summary: 2), item: "a@2") }
        #expect(try await Self.answer(at: ItemPath(section: 0, item: 0), from: adapter)?.item == "a@2")
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 0)) == "a@2")
        source.release()
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 0)) == nil)   // updated: fetched afresh
    }
}
