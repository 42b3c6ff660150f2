import ListAdapter
import ListAdapterTesting
import Testing

@MainActor
@Suite("ListViewAdapter", .hangGuard)
struct ListViewAdapterTests {
    typealias Adapter = ListViewAdapter<String, Int, String>

    nonisolated static let initial = records([
        ("a", "Today", 1), ("b", "Today", 1), ("c", "Yesterday", 1), ("d", "Yesterday", 1), ("e", nil, 1),
    ])

    @Test func firstLoadIsDeliveredAsAReloadAndAnswersFollow() async throws {
        let source = InMemoryListSource(Self.initial)
        let adapter = Adapter(source: source)
        #expect(adapter.loadState == .loading)
        #expect(adapter.numberOfSections == 0)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        #expect(adapter.loadState == .content)
        #expect(adapter.numberOfSections == 3)
        #expect(adapter.title(ofSection: 1) == "Yesterday")
        #expect(adapter.numberOfItems(inSection: 0) == 2)
        #expect(adapter.identifier(at: ItemPath(section: 2, item: 0)) == "e")
        #expect(adapter.identifier(at: ItemPath(section: 2, item: 1)) == nil)
        #expect(adapter.path(of: "d") == ItemPath(section: 1, item: 1))
        #expect(harness.recorder.lastLoadState == .content)
    }

    /// A list view may ask before the first load arrives (a table laid out at once), or ask
    /// for a section the list no longer has: the read API answers an empty list, never traps.
    @Test func theReadAPIAnswersForSectionsThatDoNotExist() async throws {
        let adapter = Adapter(source: InMemoryListSource(Self.initial))
        // Deliveries come on the main queue, which this test holds until its first await.
        let first = ItemPath(section: 0, item: 0)
        #expect(adapter.numberOfSections == 0)
        #expect(adapter.numberOfItems(inSection: 0) == 0)
        #expect(adapter.title(ofSection: 0) == nil)
        #expect(adapter.identifier(at: first) == nil)
        #expect(adapter.cachedItem(at: first) == nil)
        #expect(!adapter.itemHasVanished(at: first))
        adapter.prefetchItems(at: [first])
        adapter.setSelected(true, at: first)
        #expect(adapter.selectedIdentifiers.isEmpty)

        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        for section in [-1, 3, 1_000] {
            #expect(adapter.numberOfItems(inSection: section) == 0)
            #expect(adapter.title(ofSection: section) == nil)
        }
        #expect(adapter.numberOfItems(inSection: 2) == 1)
        #expect(try await adapter.item(at: ItemPath(section: 3, item: 0)) == nil)
        #expect(try await adapter.item(at: first)?.item == "a@1")
    }

    @Test func mutationsArriveAsBatchesTheViewsAccept() async throws {
        let source = InMemoryListSource(Self.initial)
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        source.mutate { records in
            records.removeAll { $0.entry.id == "b" }
            records[0].entry.summary = 2                                   // "a" updated
            records.append(Record(entry: ListEntry(id: "f", section: "Today", summary: 1), item: "f"))
            records.swapAt(1, 2)                                           // c and d trade places
            records[3].entry.section = "Yesterday"                         // "e" crosses sections
        }
        let expected = try await source.loadEntries()
        await harness.waitUntilShowing(expected)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(adapter.snapshot == expected)
        #expect(harness.recorder.batchCount >= 1)
    }

    @Test func anInvalidationStormCostsAtMostTwoMoreLoads() async throws {
        let source = ControlledSource(Self.initial)
        let adapter = ListViewAdapter(source: source, configuration: .holdingLoads)
        let recorder = EventRecorder<String, Int>()
        let observation = adapter.observe { event in recorder.record(event) }
        await recorder.wait { _ in recorder.reloadCount == 1 }
        let before = source.loadCount
        source.mode = .gated
        adapter.invalidate()
        await source.waitForLoads(before + 1)                  // one load is now running…
        for _ in 0 ..< 10_000 { adapter.invalidate() }        // …and 10,000 more arrive
        source.mode = .normal
        source.release()
        await source.waitForLoads(before + 2)
        // Prove the adapter is idle again: one more invalidation is exactly one more load.
        source.data.mutate { $0.removeFirst() }
        await recorder.wait { _ in recorder.batchCount == 1 }
        #expect(source.loadCount - before <= 3)
        observation.cancel()
    }

    @Test func aThrowingSourceKeepsTheLastGoodListAndRetries() async throws {
        let source = ControlledSource(Self.initial)
        let adapter = ListViewAdapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        let good = adapter.snapshot
        source.mode = .failing
        adapter.invalidate()
        await harness.recorder.wait { _ in
            if case .failed = harness.recorder.lastLoadState { true } else { false }
        }
        guard case .failed(let error) = adapter.loadState else {
            Issue.record("expected a failed load state")
            return
        }
        #expect(error.kind == .loadFailed)
        #expect("\(error)".contains("the source is broken"))
        #expect(adapter.snapshot == good)
        source.mode = .normal
        source.data.mutate { $0.removeLast() }
        await harness.recorder.wait { _ in harness.recorder.lastLoadState == .content }
        #expect(adapter.numberOfSections == 2)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aSourceThatNeverCompletesTimesOutAndTheAdapterMovesOn() async throws {
        var configuration = ListViewAdapterConfiguration()
        configuration.loadTimeout = .milliseconds(100)
        let hanging = ControlledSource(Self.initial)
        hanging.mode = .hanging
        let adapter = ListViewAdapter(source: hanging, configuration: configuration)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.lastLoadState != nil }
        #expect(adapter.loadState == .failed(ListAdapterError(.loadTimedOut(after: .milliseconds(100)), source: "ControlledSource")))
        let healthy = InMemoryListSource(records([("x", "S", 1)]))
        adapter.transition(to: healthy)
        await harness.recorder.wait { _ in harness.recorder.lastLoadState == .content }
        #expect(adapter.identifier(at: ItemPath(section: 0, item: 0)) == "x")
        hanging.unhang()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aLoadThatFinishesAfterItsTimeoutIsStillDelivered() async throws {
        var configuration = ListViewAdapterConfiguration()
        configuration.loadTimeout = .milliseconds(100)
        let source = ControlledSource(Self.initial)
        let adapter = ListViewAdapter(source: source, configuration: configuration)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        source.mode = .gated
        source.data.mutate { $0.removeAll { $0.entry.id == "b" } }
        let timedOut = ListAdapterError(.loadTimedOut(after: .milliseconds(100)), source: "ControlledSource")
        await harness.recorder.wait { _ in harness.recorder.lastLoadState == .failed(timedOut) }
        #expect(adapter.path(of: "b") != nil)                           // the last good list
        source.release()                                                // the load finishes, late
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.path(of: "b") == nil)
        #expect(adapter.loadState == .content)
        #expect(source.loadCount == 2)                                  // delivered without reloading
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func duplicateIdentifiersAreReportedOnceAndDropped() async throws {
        let source = InMemoryListSource(records([("a", "S", 1), ("a", "T", 2), ("b", "S", 1)]))
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        let reports = harness.recorder.events.compactMap { event -> DuplicateIdentifiers<String>? in
            if case .duplicateIdentifiers(let duplicates) = event { duplicates } else { nil }
        }
        #expect(reports.count == 1)
        #expect(reports.first?.samples == ["a"])
        #expect(adapter.numberOfSections == 1)
        #expect(adapter.numberOfItems(inSection: 0) == 2)
    }

    @Test func observersMayRemoveThemselvesAndOthersInsideCallbacks() async throws {
        let source = InMemoryListSource(Self.initial)
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        final class Box: @unchecked Sendable { var observation: ListObservation?; var calls = 0 }
        let first = Box()
        let second = Box()
        first.observation = adapter.observe { _ in
            first.calls += 1
            first.observation?.cancel()             // itself
            second.observation?.cancel()            // and the next one, before it is called
        }
        second.observation = adapter.observe { _ in second.calls += 1 }
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        source.mutate { $0.removeFirst() }
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(first.calls == 1)
        #expect(second.calls == 0)
    }

    @Test func anObserverThatIsNotReadyGetsReloads() async throws {
        let source = InMemoryListSource(Self.initial)
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        let recorder = EventRecorder<String, Int>()
        let observation = adapter.observe(isReady: false) { event in recorder.record(event) }
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        source.mutate { $0.removeFirst() }
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(recorder.batchCount == 0)
        #expect(recorder.reloadCount == 2)
        observation.isReady = true
        source.mutate { $0.removeFirst() }
        await recorder.wait { _ in recorder.batchCount == 1 }
        #expect(observation.isReady)
    }

    @Test func collapsingAndExpandingDeliverDeletesAndInserts() async throws {
        let source = InMemoryListSource(Self.initial)
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        adapter.setSection(titled: "Today", collapsed: true)
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.numberOfSections == 3)
        #expect(adapter.numberOfItems(inSection: 0) == 0)
        #expect(adapter.isSectionCollapsed(titled: "Today"))
        // A collapsed section stays collapsed across reloads: "z" stays hidden while "y"
        // (in an expanded section) arrives.
        source.mutate { records in
            records.append(Record(entry: ListEntry(id: "z", section: "Today", summary: 1), item: "z"))
            records.append(Record(entry: ListEntry(id: "y", section: "Yesterday", summary: 1), item: "y"))
        }
        await harness.recorder.wait { _ in harness.recorder.batchCount == 2 }
        #expect(adapter.numberOfItems(inSection: 0) == 0)
        #expect(adapter.numberOfItems(inSection: 1) == 3)
        adapter.setSection(titled: "Today", collapsed: false)
        await harness.recorder.wait { _ in harness.recorder.batchCount == 3 }
        #expect(adapter.numberOfItems(inSection: 0) == 3)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func selectionFollowsItemsAndDropsDeletedOnes() async throws {
        let source = InMemoryListSource(Self.initial)
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        adapter.setSelected(true, at: ItemPath(section: 0, item: 1))      // b
        adapter.setSelected(true, at: ItemPath(section: 1, item: 0))      // c
        #expect(adapter.selectedIdentifiers == ["b", "c"])
        source.mutate { records in
            records.removeAll { $0.entry.id == "c" }
            records.insert(Record(entry: ListEntry(id: "new", section: "Today", summary: 1), item: ""), at: 0)
        }
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.selectedIdentifiers == ["b"])
        #expect(adapter.selectedPaths == [ItemPath(section: 0, item: 2)])
    }
}
