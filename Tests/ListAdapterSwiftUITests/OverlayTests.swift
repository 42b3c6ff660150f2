import ListAdapter
@testable import ListAdapterSwiftUI
import ListAdapterTesting
import Observation
import Testing

/// What the list shows over its rows: a progress view during the first load, a note for
/// an empty list, a failure instead of the list or over the last good one.
@MainActor
@Suite("SwiftUI list overlay", .hangGuard)
struct OverlayTests {
    @Test func theFirstLoadShowsProgressThenTheRows() async throws {
        let source = InMemoryListSource((0 ..< 5).map { record("i\($0)") })
        let harness = ModelHarness(source)
        // Nothing is delivered before this test yields the main actor.
        #expect(harness.model.overlay == .loading)
        try await harness.waitUntilShowing(source)
        #expect(harness.model.overlay == .none)
        #expect(harness.view.visibleCells.count == 5)
    }

    @Test func viewsReadingTheOverlayAreToldOnlyWhenItChanges() async throws {
        let source = InMemoryListSource((0 ..< 5).map { record("i\($0)") })
        let harness = ModelHarness(source)
        let changed = Guarded(0)
        withObservationTracking { _ = harness.model.overlay } onChange: { changed.withLock { $0 += 1 } }
        try await harness.waitUntilShowing(source)
        #expect(changed.withLock { $0 } == 1)
        // A change that leaves the overlay as it is redraws nothing.
        let unchanged = Guarded(0)
        withObservationTracking { _ = harness.model.overlay } onChange: { unchanged.withLock { $0 += 1 } }
        source.mutate { $0.removeFirst() }
        try await harness.waitUntilShowing(source)
        #expect(unchanged.withLock { $0 } == 0)
        source.mutate { $0.removeAll() }
        await harness.wait { harness.model.overlay == .empty }
        #expect(unchanged.withLock { $0 } == 1)
    }

    @Test func anEmptyListSaysSoUntilItemsArrive() async throws {
        let source = InMemoryListSource<String, Int, String>()
        let harness = ModelHarness(source)
        await harness.wait { harness.adapter.loadState == .empty }
        #expect(harness.model.overlay == .empty)
        source.mutate { $0.append(record("a")) }
        await harness.wait { harness.adapter.snapshot.count == 1 }
        #expect(harness.model.overlay == .none)
    }

    @Test func aFailedFirstLoadShowsTheFailureInsteadOfTheList() async throws {
        let source = FailingSource(count: 3)
        source.isFailing = true
        let harness = ModelHarness(source)
        await harness.wait { if case .failed = harness.model.overlay { true } else { false } }
        guard case .failed(let error, let overList) = harness.model.overlay else { return }
        #expect(!overList)
        #expect(error.kind == .loadFailed)
        // Try Again, once the source works.
        source.isFailing = false
        harness.model.retry()
        try await harness.waitUntilShowing(source.data)
        #expect(harness.model.overlay == .none)
    }

    @Test func aFailureAfterALoadIsShownOverTheLastGoodList() async throws {
        let source = FailingSource(count: 3)
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source.data)
        source.isFailing = true
        source.data.mutate { $0.removeFirst() }
        await harness.wait { if case .failed = harness.model.overlay { true } else { false } }
        guard case .failed(let error, let overList) = harness.model.overlay else { return }
        #expect(overList)
        #expect(error.kind == .loadFailed)
        // The last good list is still shown under it.
        #expect(harness.adapter.numberOfItems(inSection: 0) == 3)
        #expect(harness.view.visibleCells.map(\.cell.id) == ["i0", "i1", "i2"])
    }

    @Test func aFailureWithAnotherCauseReplacesTheOneShown() async throws {
        let source = FailingSource(count: 3)
        source.failureMessage = "disk full"
        let harness = ModelHarness(source)
        func shown() -> String? {
            if case .failed(let error, _) = harness.model.overlay { "\(error)" } else { nil }
        }
        await harness.wait { shown()?.contains("disk full") == true }
        source.failureMessage = "no network"
        harness.model.retry()
        #expect(await harness.wait { shown()?.contains("no network") == true })
    }

    @Test(arguments: [
        (ListLoadState.loading, 0, 0, ListOverlay.loading),
        (.loading, 4, 1, .none),
        (.empty, 0, 0, .empty),
        (.empty, 0, 2, .none),   // collapsed sections: their headers show
        (.content, 4, 1, .none),
    ])
    func theOverlayFollowsTheLoadState(state: ListLoadState, items: Int, sections: Int, expected: ListOverlay) {
        #expect(ListOverlay(loadState: state, itemCount: items, sectionCount: sections) == expected)
    }

    @Test func aFailureIsOverTheListOnlyWhenThereIsOne() {
        let error = ListAdapterError(.loadTimedOut(after: .seconds(1)), source: "S")
        #expect(ListOverlay(loadState: .failed(error), itemCount: 0, sectionCount: 0) == .failed(error, overList: false))
        #expect(ListOverlay(loadState: .failed(error), itemCount: 1, sectionCount: 1) == .failed(error, overList: true))
    }
}
