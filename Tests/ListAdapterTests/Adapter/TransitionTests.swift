import Dispatch
import ListAdapter
import Testing

@MainActor
@Suite("ListViewAdapter transitions", .hangGuard)
struct TransitionTests {
    @Test func aTransitionIsAnAnimatedDifference() async throws {
        let first = InMemoryListSource(ListViewAdapterTests.initial)
        let adapter = ListViewAdapter(source: first)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        let second = InMemoryListSource(records([("c", "Yesterday", 1), ("a", "Today", 1), ("q", "Today", 1)]))
        adapter.transition(to: second)
        let expected = try await second.loadEntries()
        await harness.waitUntilShowing(expected)
        // "Yesterday" moves above "Today" and both change inside: the default policy moves
        // the sections in one batch and changes their items in the next, one change.
        let infos = harness.recorder.events.compactMap { if case .batch(_, let info) = $0 { info } else { nil } }
        #expect(infos.map(\.batchIndex) == Array(0 ..< infos.count))
        #expect(infos.count >= 2 && infos.allSatisfy { $0.batchCount == infos.count && $0.reason == .transition })
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        // The old source is detached: its invalidations do nothing now.
        let events = harness.recorder.events.count
        first.mutate { $0.removeAll() }
        second.mutate { $0.removeLast() }
        await harness.waitUntilShowing(try await second.loadEntries())
        #expect(adapter.numberOfItems(inSection: 1) == 1)
        #expect(harness.recorder.batchCount > infos.count)
        #expect(harness.recorder.events.count > events)
    }

    @Test func aTransitionDuringALoadWinsAndTheLoadIsAbandoned() async throws {
        let slow = ControlledSource(ListViewAdapterTests.initial)
        let adapter = ListViewAdapter(source: slow, configuration: .holdingLoads)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        slow.mode = .gated
        slow.data.mutate { $0.removeAll() }             // its load now hangs at the gate
        await slow.waitForLoads(2)
        let fast = InMemoryListSource(records([("z", "Z", 1)]))
        adapter.transition(to: fast)
        let third = InMemoryListSource(records([("y", "Y", 1), ("z", "Z", 1)]))
        adapter.transition(to: third)                    // several in a row: the last wins
        let expected = try await third.loadEntries()
        await harness.waitUntilShowing(expected)
        slow.release()                                   // the abandoned load completes late…
        third.mutate { $0.append(Record(entry: ListEntry(id: "w", section: "Y", summary: 1), item: "")) }
        await harness.recorder.wait { _ in adapter.path(of: "w") != nil }
        #expect(adapter.numberOfSections == 2)           // …and changed nothing
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aTransitionWithoutAnimationReloads() async throws {
        let adapter = ListViewAdapter(source: InMemoryListSource(ListViewAdapterTests.initial))
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        adapter.transition(to: InMemoryListSource(records([("k", nil, 1)])), animated: false)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 2 }
        #expect(harness.recorder.batchCount == 0)
        #expect(adapter.identifier(at: ItemPath(section: 0, item: 0)) == "k")
    }

    @Test func payloadsFromTheOldSourceAreNotTrustedUnlessTheSummaryMatches() async throws {
        let old = InMemoryListSource(records([("a", "S", 1), ("b", "S", 1)]))
        let adapter = ListViewAdapter(source: old)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        _ = try await adapter.item(at: ItemPath(section: 0, item: 0))
        _ = try await adapter.item(at: ItemPath(section: 0, item: 1))
        let new = InMemoryListSource([
            Record(entry: ListEntry(id: "a", section: "S", summary: 1), item: "a from new"),
            Record(entry: ListEntry(id: "b", section: "S", summary: 7), item: "b from new"),
        ])
        adapter.transition(to: new)
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 0)) == "a@1")   // same summary: kept
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 1)) == nil)     // changed: dropped
        #expect(try await adapter.item(at: ItemPath(section: 0, item: 1))?.item == "b from new")
    }
}

@Suite("ListViewAdapter on an injected delivery queue", .hangGuard)
struct InjectedQueueTests {
    @Test func eventsArriveOnTheInjectedQueueAndTheAsyncSequenceYieldsThem() async throws {
        let queue = DispatchQueue(label: "test delivery")
        var configuration = ListViewAdapterConfiguration()
        configuration.deliveryQueue = queue
        let source = InMemoryListSource(ListViewAdapterTests.initial)
        // Create and subscribe in one block on the delivery queue, so the first delivery
        // (queued behind it) cannot be missed.
        let (adapter, events) = queue.sync {
            let adapter = ListViewAdapter(source: source, configuration: configuration)
            return (adapter, adapter.events)
        }
        var iterator = events.makeAsyncIterator()
        guard case .reload(let snapshot) = await iterator.next() else {
            Issue.record("expected a reload first")
            return
        }
        #expect(snapshot.count == 5)
        #expect(queue.sync { adapter.numberOfSections } == 3)
        source.mutate { $0.removeFirst() }
        var sawBatch = false
        while let event = await iterator.next() {
            if case .batch(let batch, let info) = event {
                #expect(batch.after.count == 4)
                #expect(info.changes.itemDeletes.count == 1)
                sawBatch = true
                break
            }
        }
        #expect(sawBatch)
    }
}

@MainActor
@Suite("ListViewAdapter transitions during delivery", .hangGuard)
struct TransitionDuringDeliveryTests {
    @Test func aTransitionStartedInsideAnObserverCallbackIsComputedAgainstWhatObserversSaw() async throws {
        let first = InMemoryListSource(ListViewAdapterTests.initial)
        let adapter = ListViewAdapter(source: first)
        let harness = ViewHarness(adapter)
        let target = InMemoryListSource(records([("e", nil, 1), ("c", "Yesterday", 2), ("n", "New", 1)]))
        final class Once: @unchecked Sendable { var done = false }
        let once = Once()
        let observation = adapter.observe { event in
            // In the middle of delivering the first batch, switch sources.
            if case .batch = event, !once.done {
                once.done = true
                adapter.transition(to: target)
            }
        }
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        first.mutate { $0.removeFirst() }
        let expected = try await target.loadEntries()
        await harness.waitUntilShowing(expected)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(adapter.snapshot == expected)
        observation.cancel()
    }
}

/// A completion-handler source, the Objective-C-era shape.
final class CallbackSource: CallbackListDataSource {
    typealias ID = String
    typealias Summary = Int
    typealias Item = String

    let data = InMemoryListSource<String, Int, String>(ListViewAdapterTests.initial)

    func loadEntries(completion: @escaping @Sendable (Result<ListSnapshot<String, Int>, any Error>) -> Void) {
        let data = self.data
        Task { completion(.success(try await data.loadEntries())) }
    }

    func fetchItems(_ ids: [String], completion: @escaping @Sendable (Result<[String: String], any Error>) -> Void) {
        let data = self.data
        Task { completion(.success(try await data.fetchItems(ids))) }
    }

    func attach(_ invalidation: ListInvalidation) {
        data.attach(invalidation)
    }
}

@MainActor
@Suite("CallbackListDataSource", .hangGuard)
struct CallbackSourceTests {
    @Test func aCompletionHandlerSourceFeedsTheAdapter() async throws {
        let source = CallbackSource()
        let adapter = ListViewAdapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        #expect(adapter.numberOfSections == 3)
        #expect(try await adapter.item(at: ItemPath(section: 0, item: 1))?.item == "b@1")
        source.data.mutate { $0.removeFirst() }
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.numberOfItems(inSection: 0) == 1)
    }
}
