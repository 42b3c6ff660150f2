import ListAdapter
import ListAdapterTesting
import Testing

/// R1–R6: reload decomposition and the delete pass.
@Suite("Delete rules R1–R6")
struct DeleteRuleTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let twoItems = snapshot(("A", ["a", "b"]))
    let twoSections = snapshot(("A", ["a", "b"]), ("B", ["c"]))

    @Test("R1: an item reload equal to an item delete", arguments: kinds)
    func r1Item(kind: View.Kind) {
        let update = BatchUpdate(deleteItems: [at(0, 0)], reloadItems: [at(0, 0)])
        #expect(failure(kind, twoItems, update, snapshot(("A", ["b"]))) == .invalid(
            rule: .r1, message: "attempt to delete and reload the same index path (0 - 0)"))
    }

    @Test("R1: a section reload equal to a section delete prints NSNotFound", arguments: kinds)
    func r1Section(kind: View.Kind) {
        let update = BatchUpdate(deleteSections: [1], reloadSections: [1])
        #expect(failure(kind, twoSections, update, snapshot(("A", ["a", "b"]))) == .invalid(
            rule: .r1, message: "attempt to delete and reload the same index path (1 - 9223372036854775807)"))
    }

    @Test("R2: a section delete past the old section count", arguments: kinds)
    func r2(kind: View.Kind) {
        let update = BatchUpdate(deleteSections: [1])
        #expect(failure(kind, twoItems, update, Snapshot()) == .invalid(
            rule: .r2, message: "attempt to delete section 1, but there are only 1 sections before the update"))
    }

    @Test("R2: a section reload's delete half is bounds-checked too", arguments: kinds)
    func r2Reload(kind: View.Kind) {
        let update = BatchUpdate(reloadSections: [3])
        #expect(failure(kind, twoItems, update, twoItems) == .invalid(
            rule: .r2, message: "attempt to delete section 3, but there are only 1 sections before the update"))
    }

    @Test("R3: an item delete in a section past the old section count", arguments: kinds)
    func r3(kind: View.Kind) {
        let update = BatchUpdate(deleteItems: [at(2, 0)])
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, twoItems, update, twoItems) == .invalid(
            rule: .r3, message: "attempt to delete \(row) 0 from section 2, but there are only 1 sections before the update"))
    }

    @Test("R4: an item delete past the old item count", arguments: kinds)
    func r4(kind: View.Kind) {
        let update = BatchUpdate(deleteItems: [at(0, 5)])
        let (row, rows) = kind == .table ? ("row", "rows") : ("item", "items")
        #expect(failure(kind, twoItems, update, snapshot(("A", ["a"]))) == .invalid(
            rule: .r4, message: "attempt to delete \(row) 5 from section 0 which only contains 2 \(rows) before the update"))
    }

    @Test("R5: a section delete equal to a section move's source", arguments: kinds)
    func r5Section(kind: View.Kind) {
        let update = BatchUpdate(deleteSections: [0], moveSections: [SectionMove(from: 0, to: 1)])
        #expect(failure(kind, twoSections, update, twoSections) == .invalid(
            rule: .r5, message: "attempt to perform a delete and a move from the same section (0)"))
    }

    @Test("R5: an item delete equal to an item move's source", arguments: kinds)
    func r5Item(kind: View.Kind) {
        let update = BatchUpdate(deleteItems: [at(0, 0)], moveItems: [move(at(0, 0), at(0, 1))])
        #expect(failure(kind, twoItems, update, twoItems) == .invalid(
            rule: .r5, message: "attempt to perform a delete and a move from the same index path (0 - 0)"))
    }

    @Test("R5: a reload's delete half equal to a move's source", arguments: kinds)
    func r5Reload(kind: View.Kind) {
        let update = BatchUpdate(moveItems: [move(at(0, 0), at(0, 1))], reloadItems: [at(0, 0)])
        #expect(failure(kind, twoItems, update, twoItems) == .invalid(
            rule: .r5, message: "attempt to perform a delete and a move from the same index path (0 - 0)"))
    }

    @Test("R6: a collection view rejects an item move out of a deleted section")
    func r6Collection() {
        let update = BatchUpdate(deleteSections: [0], moveItems: [move(at(0, 0), at(0, 1))])
        let after = snapshot(("B", ["c", "a"]))
        #expect(failure(.collection, twoSections, update, after) == .invalid(
            rule: .r6, message: "cannot move an item from a deleted section (0)"))
    }

    @Test("R6: a table view falls back to reloadData, which the model reports as unsafe")
    func r6Table() throws {
        let update = BatchUpdate(deleteSections: [0], moveItems: [move(at(0, 0), at(0, 1))])
        let after = snapshot(("B", ["c", "a"]))
        let error = try #require(failure(.table, twoSections, update, after))
        #expect(error == .unsafe(
            reason: .moveFromDeletedSection,
            message: "row move (0 - 0) -> (0 - 1) leaves deleted section 0: the table view performs a non-animated reloadData instead of the batch"))
        #expect(error.rule == .r6)
    }

    @Test("A section delete silently drops the item deletes inside it, even out-of-bounds ones", arguments: kinds)
    func sectionDeleteDropsItemDeletes(kind: View.Kind) throws {
        var view = view(kind, twoSections)
        let update = BatchUpdate(deleteSections: [0], deleteItems: [at(0, 1), at(0, 99)])
        let after = snapshot(("B", ["c"]))
        try view.performBatchUpdates(update, dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("R5 and R6 are checked before the bounds of the same delete", arguments: kinds)
    func movesBeforeBounds(kind: View.Kind) {
        // Section 7 does not exist, but its move is compared first.
        let update = BatchUpdate(deleteSections: [7], moveSections: [SectionMove(from: 7, to: 0)])
        #expect(failure(kind, twoItems, update, twoItems)?.rule == .r5)
    }
}
