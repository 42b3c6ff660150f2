import ListAdapter
import Testing

/// `transition(to:onShown:)`: called once observers have the transition's list, never
/// before it, never for a transition replaced before its list came, never while its loads
/// fail; also when the new list equals the old one and no batch is delivered.
@MainActor
@Suite("ListViewAdapter transitions, onShown", .hangGuard)
struct TransitionShownTests {
    /// Each `onShown` call: whose, the adapter's list then, and how many events observers had.
    @MainActor final class Calls {
        var made: [(name: String, snapshot: ListSnapshot<String, Int>, eventsBefore: Int)] = []
        var names: [String] { made.map(\.name) }
    }

    typealias Adapter = ListViewAdapter<String, Int, String>

    let calls = Calls()

    /// The `onShown` of the transition called `name`: records the call and wakes the waits.
    func onShown(_ name: String, _ adapter: Adapter, _ harness: ViewHarness) -> @Sendable () -> Void {
        let calls = calls
        return {
            MainActor.assumeIsolated {
                calls.made.append((name, adapter.snapshot, harness.recorder.events.count))
                harness.recorder.recheck()
            }
        }
    }

    func loaded(_ source: some ListDataSource<String, Int, String>) async -> (Adapter, ViewHarness) {
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        return (adapter, harness)
    }

    @Test func itComesRightAfterTheTransitionsLastBatch() async throws {
        let (adapter, harness) = await loaded(InMemoryListSource(ListViewAdapterTests.initial))
        let target = InMemoryListSource(records([("c", "Yesterday", 1), ("a", "Today", 1), ("q", "Today", 1)]))
        adapter.transition(to: target, onShown: onShown("target", adapter, harness))
        await harness.recorder.wait { _ in self.calls.made.count == 1 }
        let call = try #require(calls.made.first)
        let expected = try await target.loadEntries()
        #expect(call.snapshot == expected)
        // Observers had every batch of the transition, the last one last, when it was called.
        let before = harness.recorder.events.prefix(call.eventsBefore)
        guard case .batch(let batch, let info) = before.last else {
            Issue.record("the last event before onShown was not a batch: \(String(describing: before.last))")
            return
        }
        #expect(info.reason == .transition && info.batchIndex == info.batchCount - 1 && info.batchCount >= 2)
        #expect(batch.after == expected)
        #expect(harness.shows(expected))
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func itComesWhenTheNewListEqualsTheOldAndNoBatchIsDelivered() async throws {
        let (adapter, harness) = await loaded(InMemoryListSource(ListViewAdapterTests.initial))
        let batches = harness.recorder.batchCount
        adapter.transition(to: InMemoryListSource(ListViewAdapterTests.initial), onShown: onShown("same", adapter, harness))
        await harness.recorder.wait { _ in self.calls.made.count == 1 }
        #expect(harness.recorder.batchCount == batches)
        #expect(calls.made.first?.snapshot == adapter.snapshot)
    }

    @Test func aTransitionReplacedBeforeItsListCameIsNeverShown() async throws {
        let (adapter, harness) = await loaded(InMemoryListSource(ListViewAdapterTests.initial))
        let slow = ControlledSource(records([("s", "Slow", 1)]))
        slow.mode = .gated
        adapter.transition(to: slow, onShown: onShown("slow", adapter, harness))
        await slow.waitForLoads(1)                       // its load now waits at the gate
        let fast = InMemoryListSource(records([("f", "Fast", 1)]))
        adapter.transition(to: fast, onShown: onShown("fast", adapter, harness))
        await harness.recorder.wait { _ in self.calls.made.count == 1 }
        #expect(calls.names == ["fast"])
        #expect(calls.made.first?.snapshot == (try await fast.loadEntries()))
        slow.release()                                   // the replaced load completes late…
        fast.mutate { $0.append(Record(entry: ListEntry(id: "g", section: "Fast", summary: 1), item: "")) }
        await harness.recorder.wait { _ in adapter.path(of: "g") != nil }
        #expect(calls.names == ["fast"])                 // …and is never shown
    }

    @Test func aTransitionWhoseLoadFailsIsShownOnlyOnceALoadSucceeds() async throws {
        let (adapter, harness) = await loaded(InMemoryListSource(ListViewAdapterTests.initial))
        let broken = ControlledSource(records([("x", "X", 1)]))
        broken.mode = .failing
        adapter.transition(to: broken, onShown: onShown("broken", adapter, harness))
        await harness.recorder.wait { _ in
            if case .failed = harness.recorder.lastLoadState { true } else { false }
        }
        #expect(calls.made.isEmpty)
        #expect(adapter.snapshot == (try await InMemoryListSource(ListViewAdapterTests.initial).loadEntries()))
        broken.mode = .normal
        adapter.invalidate()
        await harness.recorder.wait { _ in self.calls.made.count == 1 }
        #expect(calls.made.first?.snapshot == (try await broken.data.loadEntries()))
    }
}
