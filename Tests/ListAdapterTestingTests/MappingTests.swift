import ListAdapter
import ListAdapterTesting
import Testing

/// The mapping of a valid batch (section a): which cell ends up where.
@Suite("Mapping")
struct MappingTests {
    static let kinds: [View.Kind] = [.table, .collection]

    @Test("Deletes, inserts and moves across sections produce the expected identities", arguments: kinds)
    func acrossSections(kind: View.Kind) throws {
        let before = snapshot(("A", ["a", "b", "c"]), ("B", ["d", "e"]), ("C", ["f"]))
        let after = snapshot(("A", ["c", "a", "d"]), ("B", ["e", "x"]), ("D", ["y"]))
        let update = BatchUpdate(
            deleteSections: [2], insertSections: [2],
            deleteItems: [at(0, 1)], insertItems: [at(1, 1)],
            moveItems: [move(at(0, 2), at(0, 0)), move(at(1, 0), at(0, 2))])
        var view = view(kind, before)
        try view.performBatchUpdates(update, dataSource: after)
        #expect(shownIDs(view) == [["c", "a", "d"], ["e", "x"], ["y"]])
        #expect(view.sections.map(\.title) == ["A", "B", "D"])
        try view.verifyCells(against: after)
    }

    @Test("A moved section carries its cells, which keep their old summaries", arguments: kinds)
    func sectionMoveCarriesCells(kind: View.Kind) throws {
        let before = snapshot(("A", ["a"]), ("B", ["b"]), ("C", ["c"]))
        let after = snapshot(("C", ["c"]), ("A", ["a"]), ("B", ["b"]), summaries: ["c": 2])
        var view = view(kind, before)
        try view.performBatchUpdates(BatchUpdate(moveSections: [SectionMove(from: 2, to: 0)]), dataSource: after)
        #expect(shownIDs(view) == [["c"], ["a"], ["b"]])
        #expect(throws: Failure.staleCell(path: at(0, 0), id: "c", shown: 1, expected: 2)) {
            try view.verifyCells(against: after)
        }
    }

    @Test("Remaining section slots are filled in ascending order by unmoved sections", arguments: kinds)
    func remainingSectionSlots(kind: View.Kind) throws {
        // N takes slot 1 and D slot 0; A, B and C fill slots 2, 3 and 4 in their old order.
        let before = snapshot(("A", ["a"]), ("B", ["b"]), ("C", ["c"]), ("D", ["d"]))
        let update = BatchUpdate(insertSections: [1], moveSections: [SectionMove(from: 3, to: 0)])
        let after = snapshot(("D", ["d"]), ("N", ["n"]), ("A", ["a"]), ("B", ["b"]), ("C", ["c"]))
        var view = view(kind, before)
        try view.performBatchUpdates(update, dataSource: after)
        #expect(shownIDs(view) == [["d"], ["n"], ["a"], ["b"], ["c"]])
        try view.verifyCells(against: after)
    }

    @Test("A wrong move is valid for UIKit but shows the wrong identities", arguments: kinds)
    func wrongMoveShowsWrongIdentities(kind: View.Kind) throws {
        // The data source swapped a and b, but the batch moves b to the end.
        let before = snapshot(("A", ["a", "b", "c"]))
        let after = snapshot(("A", ["b", "a", "c"]))
        var view = view(kind, before)
        try view.performBatchUpdates(BatchUpdate(moveItems: [move(at(0, 1), at(0, 2))]), dataSource: after)
        #expect(shownIDs(view) == [["a", "c", "b"]])
        #expect(throws: Failure.wrongIdentity(path: at(0, 0), expected: "b", actual: "a")) {
            try view.verifyCells(against: after)
        }
    }

    @Test("Inserted cells are fresh from the data source; kept cells keep their old summaries", arguments: kinds)
    func insertedCellsAreFresh(kind: View.Kind) throws {
        let before = snapshot(("A", ["a"]))
        let after = snapshot(("A", ["a", "x"]), summaries: ["a": 7, "x": 3])
        var view = view(kind, before)
        try view.performBatchUpdates(BatchUpdate(insertItems: [at(0, 1)]), dataSource: after)
        #expect(view.sections[0].cells == [.init(id: "a", summary: 1), .init(id: "x", summary: 3)])
    }

    @Test("apply(_:) performs a ListBatch", arguments: kinds)
    func applyBatch(kind: View.Kind) throws {
        let before = snapshot(("A", ["a", "b"]))
        let batch = ListBatch(update: BatchUpdate(deleteItems: [at(0, 0)]), after: snapshot(("A", ["b"])))
        var view = view(kind, before)
        try view.apply(batch)
        try view.verifyCells(against: batch.after)
        #expect(view.numberOfSections == 1)
        #expect(view.numberOfItems(inSection: 0) == 1)
    }
}
