import ListAdapter
import ListAdapterTesting
import Testing

/// A change the default policy stages into two batches reaches observers as two batch
/// events, each with its index and the count, and the adapter answers from each batch's
/// after state as that batch is handed over; the single-batch policy delivers one.
///
/// The limit is a hang guard: run beside the replay and staging suites (minutes of
/// synchronous work on a 2-core machine), this suite once failed at 188 s with 11 issues,
/// not reproduced in eight runs since, alone or under load.
@MainActor
@Suite("Multi-batch delivery", .hangGuard)
struct MultiBatchDeliveryTests {
    typealias Adapter = ListViewAdapter<String, Int, String>

    nonisolated static let initial = records([
        ("a", "Today", 1), ("b", "Today", 1), ("c", "Yesterday", 1), ("d", "Yesterday", 1),
    ])

    /// "Yesterday" moves above "Today" and gains an item and an update.
    static func moveYesterdayUpAndChangeIt(_ records: inout [Record]) {
        let yesterday = records.filter { $0.entry.section == "Yesterday" }
        records.removeAll { $0.entry.section == "Yesterday" }
        var moved = yesterday
        moved[1].entry.summary = 2
        moved.insert(Record(entry: ListEntry(id: "x", section: "Yesterday", summary: 1), item: "x"), at: 1)
        records.insert(contentsOf: moved, at: 0)
    }

    /// The batch events recorded after the first `skip` events, with their infos.
    static func batches(in events: [ListEvent<String, Int>]) -> [(ListBatch<String, Int>, ListChangeInfo)] {
        events.compactMap { if case .batch(let batch, let info) = $0 { (batch, info) } else { nil } }
    }

    @Test(arguments: [BatchingPolicy.keepingIdentity, .single])
    func aSectionThatMovesAndChangesIsDeliveredPerPolicy(batching: BatchingPolicy) async throws {
        let source = InMemoryListSource(Self.initial)
        var configuration = ListViewAdapterConfiguration()
        configuration.batching = batching
        let adapter = Adapter(source: source, configuration: configuration)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        let before = adapter.snapshot
        // Record what the adapter answers at each batch, in the batch's own delivery.
        var answers: [ListSnapshot<String, Int>] = []
        let observation = adapter.observe { event in
            if case .batch = event { answers.append(adapter.snapshot) }
        }
        source.mutate(Self.moveYesterdayUpAndChangeIt)
        let expected = try await source.loadEntries()
        #expect(await harness.waitUntilShowing(expected))
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        let delivered = Self.batches(in: harness.recorder.events)
        let expectedCount = batching == .single ? 1 : 3
        #expect(delivered.count == expectedCount)
        #expect(delivered.map(\.1.batchIndex) == Array(0 ..< delivered.count))
        #expect(delivered.allSatisfy { $0.1.batchCount == delivered.count })
        #expect(answers == delivered.map(\.0.after))
        #expect(delivered.last?.0.after == expected)
        // The default policy moves the section and its cells: nothing of it is deleted.
        let update = ListUpdate(from: before, to: expected, batching: batching)
        #expect(delivered.map(\.0.update) == update.batches.map(\.update))
        let deletesSections = delivered.contains { !$0.0.update.deleteSections.isEmpty }
        #expect(deletesSections == (batching == .single))
        observation.cancel()
    }
}
