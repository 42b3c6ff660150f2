@testable import ListAdapter
import ListAdapterTesting
import Testing

/// How changes reach the view: batches while it is ready and in a window, `reloadData`
/// otherwise, every batch of a staged change against its own state, and the debug-build
/// check that keeps a batch the view would reject away from it.
@MainActor
@Suite("ListViewConnector delivery", .hangGuard)
struct ConnectorDeliveryTests {
    @Test func aReadyViewInAWindowGetsBatchesAndOtherwiseReloads() async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 30), isReady: false)
        try await harness.waitUntilCurrent()
        let reloadsAfterLoad = harness.view.reloadCount

        // Not ready (not yet appeared): a change reloads.
        harness.source.data.mutate { $0.insert(HeldFetchSource.record("new1"), at: 3) }
        try await harness.waitUntilCurrent()
        #expect(harness.view.batchCount == 0)
        #expect(harness.view.reloadCount == reloadsAfterLoad + 1)

        // Ready and in a window: a batch.
        harness.connector.isReady = true
        harness.source.data.mutate { $0.remove(at: 0) }
        try await harness.waitUntilCurrent()
        #expect(harness.view.batchCount == 1)
        #expect(harness.view.reloadCount == reloadsAfterLoad + 1)

        // Ready but out of its window: reloads again.
        harness.view.isInWindow = false
        harness.source.data.mutate { $0.append(HeldFetchSource.record("new2")) }
        let truth = try await harness.waitUntilCurrent()
        #expect(harness.view.batchCount == 1)
        #expect(harness.view.reloadCount == reloadsAfterLoad + 2)
        #expect(harness.view.rejections.isEmpty)
        try harness.view.model.verifyCells(against: truth)
    }

    @Test func aBatchReachingAViewOutOfItsWindowIsWhatUIKitRejects() async throws {
        // The reason for the rule above: the reference view, out of its window, reads its
        // counts at the start of a batch, as UIKit does, and rejects a batch that inserts.
        let harness = ConnectorHarness(HeldFetchSource(count: 5))
        let before = try await harness.waitUntilCurrent()
        harness.view.isInWindow = false
        harness.connector.disconnect()
        harness.source.data.mutate { $0.append(HeldFetchSource.record("late")) }
        let after = try await harness.source.loadEntries()
        await harness.recorder.wait { _ in harness.adapter.snapshot == after }
        let update = ListUpdate(from: before, to: after).batches[0].update
        harness.view.performListUpdates { update.apply(to: harness.view) }
        #expect(harness.view.rejections.map(\.rule) == [.r15])
    }

    @Test(arguments: [ReferenceListViewKind.table, .collection])
    func everyBatchOfAStagedChangeIsAppliedAgainstItsOwnState(kind: ReferenceListViewKind) async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 40), kind: kind, splitIntoTwoBatches: true)
        try await harness.waitUntilCurrent()
        harness.source.data.mutate { records in
            records.removeSubrange(2 ..< 6)
            records.insert(HeldFetchSource.record("x", section: "Other"), at: 0)
            records.swapAt(10, 20)
            records[1].entry.summary = 2
            records[1].item = "\(records[1].entry.id)@2"
        }
        let truth = try await harness.waitUntilCurrent()
        let batches = harness.recorder.events.compactMap { event -> ListChangeInfo? in
            if case .batch(_, let info) = event { info } else { nil }
        }
        #expect(batches.map(\.batchIndex) == [0, 1])
        #expect(batches.map(\.batchCount) == [2, 2])
        // Both went to the view as batches; the model validated each against what the
        // data source (the adapter) answered at that moment.
        #expect(harness.view.batchCount == 2)
        #expect(harness.view.rejections.isEmpty)
        try harness.view.model.verifyCells(against: truth)
        await harness.waitUntilFilled()
        #expect(harness.cellProblems(requireFilled: true).isEmpty)
    }

    @Test func aDataSourceThatDoesNotAnswerFromTheAdapterIsReportedAndTheViewReloads() async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 8))
        let before = try await harness.waitUntilCurrent()
        // The app's mistake: its data source answers from a copy taken earlier.
        harness.view.dataSource = { before }
        harness.source.data.mutate { $0.insert(HeldFetchSource.record("new"), at: 0) }
        let after = try await harness.waitUntilCurrent()
        let problem = try #require(harness.log.inconsistencies.first)
        #expect(problem.kind == .dataSourceOutOfStep)
        #expect(problem.section == 0)
        #expect(problem.message == "The list view's data source reports 8 items in section 0, but the adapter has 9: answer from adapter.numberOfItems(inSection: 0).")
        // The batch never reached the view, which would have rejected it.
        #expect(harness.view.batchCount == 0)
        #expect(harness.view.rejections.isEmpty)
        var control = ReferenceListView<String, Int>(kind: .table)
        control.reloadData(from: before)
        #expect(throws: ReferenceListViewError<String, Int>.self) {
            try control.performBatchUpdates(ListUpdate(from: before, to: after).batches[0].update, dataSource: before)
        }
    }

    @Test func aViewChangedBehindTheConnectorsBackIsReported() async throws {
        let harness = ConnectorHarness(HeldFetchSource(count: 8))
        let before = try await harness.waitUntilCurrent()
        // The app reloads the view from data of its own (an extra row).
        let extra = ListSnapshot(before.entries + [ListEntry(id: "footer", summary: 1)])
        harness.view.dataSource = { extra }
        harness.view.reloadListData()
        let adapter = harness.adapter
        harness.view.dataSource = { adapter.snapshot }
        harness.source.data.mutate { $0.remove(at: 0) }
        try await harness.waitUntilCurrent()
        #expect(harness.log.inconsistencies.map(\.kind) == [.viewOutOfStep])
        #expect(harness.log.inconsistencies.first?.message.contains("shows 9 items in section 0, but the connector last gave it 8") == true)
        #expect(harness.view.rejections.isEmpty)
        try harness.view.model.verifyCells(against: adapter.snapshot)
    }

    @Test func theCountCheckNamesABatchThatDoesNotFit() {
        let update = BatchUpdate(deleteItems: [ItemPath(section: 0, item: 1)], insertItems: [ItemPath(section: 1, item: 0)])
        #expect(update.countMismatch(from: [3, 2], to: [2, 3]) == nil)
        #expect(update.countMismatch(from: [3, 2], to: [2, 2]) == "section 1 has 2 items after the batch, but 2 before (as section 1), 1 inserted or moved in and 0 deleted or moved out")
        #expect(update.countMismatch(from: [1, 2], to: [0, 3]) == "item 0 - 1 is deleted, reloaded, reconfigured or moved, but it does not exist before the batch")
        let sections = BatchUpdate(deleteSections: [0], insertSections: [1], moveSections: [SectionMove(from: 1, to: 0)])
        #expect(sections.countMismatch(from: [4, 5], to: [5, 7]) == nil)
        #expect(sections.countMismatch(from: [4, 5], to: [5]) == "section 1 is inserted or moved to, but there are 1 sections after the batch")
        #expect(sections.countMismatch(from: [4, 5], to: [4, 7]) == "section 0 has 4 items after the batch, but 5 before (as section 1), 0 inserted or moved in and 0 deleted or moved out")
    }
}
