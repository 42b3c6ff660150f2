import ListAdapter
@testable import ListAdapterSwiftUI
import ListAdapterTesting
import Testing

/// The selection binding and the list, by identity, both ways: the app's value selects
/// rows in the view, a tap updates the binding, identifiers that leave the list drop out.
@MainActor
@Suite("SwiftUI list selection", .hangGuard)
struct SelectionTests {
    static func loaded(count: Int = 30) async throws -> (ModelHarness, InMemoryListSource<String, Int, String>) {
        let source = InMemoryListSource((0 ..< count).map { record("i\($0)") })
        let harness = ModelHarness(source)
        try await harness.waitUntilShowing(source)
        return (harness, source)
    }

    @Test func theAppsSelectionSelectsRowsInTheView() async throws {
        let (harness, _) = try await Self.loaded()
        harness.appSelects(["i2", "i5"])
        #expect(harness.adapter.selectedIdentifiers == ["i2", "i5"])
        #expect(harness.view.selectedListPaths == [ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 5)])
        harness.appSelects(["i5"])
        #expect(harness.selectedInView == ["i5"])
        #expect(harness.adapter.selectedIdentifiers == ["i5"])
        // Nothing the app chose was dropped: the binding was never written.
        #expect(harness.log.bindingWrites.isEmpty)
    }

    @Test func aTapUpdatesTheBindingOnce() async throws {
        let (harness, _) = try await Self.loaded()
        harness.userTaps(ItemPath(section: 0, item: 3))
        #expect(harness.selection == ["i3"])
        #expect(harness.log.bindingWrites == [["i3"]])
        // SwiftUI then updates the view with the binding's new value: nothing to do.
        harness.model.updateSelection(to: harness.selection)
        harness.view.deselectListItem(at: ItemPath(section: 0, item: 3))
        harness.model.didDeselectItem(at: ItemPath(section: 0, item: 3))
        #expect(harness.selection == [])
        #expect(harness.log.bindingWrites == [["i3"], []])
    }

    @Test func selectedItemsThatLeaveTheListDropOutOfTheBinding() async throws {
        let (harness, source) = try await Self.loaded()
        harness.appSelects(["i1", "i4"])
        source.mutate { records in
            records.removeAll { $0.entry.id == "i1" }
            records.insert(record("new"), at: 0)
        }
        await harness.wait { harness.selection == ["i4"] }
        #expect(harness.log.bindingWrites == [["i4"]])
        // The surviving item moved down a row; the view shows it selected at its new path.
        #expect(harness.view.selectedListPaths == [ItemPath(section: 0, item: 4)])
    }

    @Test func identifiersTheListDoesNotHaveAreDroppedOnALaterTurn() async throws {
        let (harness, _) = try await Self.loaded()
        harness.appSelects(["i7", "gone"])
        #expect(harness.adapter.selectedIdentifiers == ["i7"])
        #expect(harness.selectedInView == ["i7"])
        // Not during the SwiftUI update that handed the value over.
        #expect(harness.log.bindingWrites.isEmpty)
        #expect(await harness.wait { harness.selection == ["i7"] })
        #expect(harness.log.bindingWrites == [["i7"]])
    }

    @Test func aSelectionChosenBeforeTheFirstLoadIsAppliedToTheFirstList() async throws {
        let source = InMemoryListSource((0 ..< 20).map { record("i\($0)") })
        let harness = ModelHarness(source)
        harness.appSelects(["i3", "i30"])
        #expect(harness.adapter.selectedIdentifiers.isEmpty)
        try await harness.waitUntilShowing(source)
        #expect(harness.adapter.selectedIdentifiers == ["i3"])
        #expect(harness.selectedInView == ["i3"])
        // i30 is not in the list: the binding learns what was kept.
        await harness.wait { harness.selection == ["i3"] }
        #expect(harness.log.bindingWrites == [["i3"]])
    }

    @Test func aSelectionTheListHoldsEntirelyIsNeverWrittenBack() async throws {
        let source = InMemoryListSource((0 ..< 20).map { record("i\($0)") })
        let harness = ModelHarness(source)
        harness.appSelects(["i3"])
        try await harness.waitUntilShowing(source)
        #expect(harness.selectedInView == ["i3"])
        // A later change that keeps it: still nothing to tell the app.
        source.mutate { $0.append(record("i20")) }
        await harness.wait { harness.adapter.numberOfItems(inSection: 0) == 21 }
        #expect(harness.log.bindingWrites.isEmpty)
        #expect(harness.selectedInView == ["i3"])
    }

    @Test func aViewThatReportsItsSelectionWholeReplacesIt() async throws {
        let (harness, _) = try await Self.loaded()
        harness.appSelects(["i1"])
        harness.model.didChangeSelection(toItemsAt: [ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 3)])
        #expect(harness.adapter.selectedIdentifiers == ["i2", "i3"])
        #expect(harness.log.bindingWrites == [["i2", "i3"]])
        // A path the list does not have selects nothing.
        harness.model.didChangeSelection(toItemsAt: [ItemPath(section: 0, item: 99)])
        #expect(harness.selection == [])
    }
}
