import ListAdapter
import ListAdapterTesting
import Testing

/// Reload decomposition: a delete at the old path plus an insert at a path adjusted for the
/// caller's deletes and inserts only (section b, step 2).
@Suite("Reload decomposition")
struct ReloadDecompositionTests {
    static let kinds: [View.Kind] = [.table, .collection]

    @Test("A reload is adjusted for deletes and inserts and creates a fresh cell", arguments: kinds)
    func adjustedForDeletesAndInserts(kind: View.Kind) throws {
        // Delete b, reload d, insert x first: d's insert lands at 0 - 3 (3 - 1 + 1).
        let before = snapshot(("A", ["a", "b", "c", "d"]))
        let after = snapshot(("A", ["x", "a", "c", "d"]), summaries: ["d": 2])
        var view = view(kind, before)
        let update = BatchUpdate(deleteItems: [at(0, 1)], insertItems: [at(0, 0)], reloadItems: [at(0, 3)])
        try view.performBatchUpdates(update, dataSource: after)
        #expect(view.cell(at: at(0, 3)) == View.Cell(id: "d", summary: 2))
        try view.verifyCells(against: after)
    }

    @Test("A reload is adjusted across sections by section deletes and inserts", arguments: kinds)
    func adjustedAcrossSections(kind: View.Kind) throws {
        let before = snapshot(("A", ["a"]), ("B", ["b", "c"]))
        let after = snapshot(("N", ["n"]), ("B", ["b", "c"]), summaries: ["c": 2])
        var view = view(kind, before)
        let update = BatchUpdate(deleteSections: [0], insertSections: [0], reloadItems: [at(1, 1)])
        try view.performBatchUpdates(update, dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("A reload combined with a move in the same section lands at the wrong place", arguments: kinds)
    func reloadWithMoveLandsWrong(kind: View.Kind) throws {
        // a moves to the end and b is reloaded. UIKit ignores the move when it adjusts b's
        // insert, so the fresh cell goes to 0 - 1 (where c now is) and c's old cell fills
        // 0 - 0: valid for UIKit, wrong on screen.
        let before = snapshot(("A", ["a", "b", "c"]))
        let after = snapshot(("A", ["b", "c", "a"]), summaries: ["b": 2])
        var view = view(kind, before)
        let update = BatchUpdate(moveItems: [move(at(0, 0), at(0, 2))], reloadItems: [at(0, 1)])
        try view.performBatchUpdates(update, dataSource: after)
        #expect(shownIDs(view) == [["c", "c", "a"]])
        #expect(throws: Failure.wrongIdentity(path: at(0, 0), expected: "b", actual: "c")) {
            try view.verifyCells(against: after)
        }
    }

    @Test("A reload inside a moved section breaks the counts, since the decomposition ignores moves", arguments: kinds)
    func reloadInMovedSectionBreaksCounts(kind: View.Kind) {
        // B moves to 0 and c is reloaded: the delete half leaves B (new section 0), but the
        // insert half stays at 1 - 0, inside A.
        let before = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        let after = snapshot(("B", ["c"]), ("A", ["a", "b"]))
        let update = BatchUpdate(moveSections: [SectionMove(from: 1, to: 0)], reloadItems: [at(1, 0)])
        let rows = kind == .table ? "rows" : "items"
        #expect(failure(kind, before, update, after) == .invalid(
            rule: .r15,
            message: "Invalid update: invalid number of \(rows) in section 0.  The number of \(rows) contained in an existing section after the update (1) must be equal to the number of \(rows) contained in that section before the update (1), plus or minus the number of \(rows) inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of \(rows) moved into or out of that section (0 moved in, 0 moved out)."))
    }

    @Test("An item reload inside a deleted section keeps its insert half", arguments: kinds)
    func reloadInDeletedSection(kind: View.Kind) {
        // UIKit skips the section delete of the reload's own section, so the insert half
        // stays at 0 - 0, now inside B, while the delete half is dropped with section A.
        let before = snapshot(("A", ["a"]), ("B", ["b"]))
        let update = BatchUpdate(deleteSections: [0], reloadItems: [at(0, 0)])
        let error = failure(kind, before, update, snapshot(("B", ["b"])))
        #expect(error?.rule == .r15)
        #expect(error?.message?.contains("(1 inserted, 0 deleted)") == true)
    }

    @Test("A section reload recreates every cell and keeps the new title", arguments: kinds)
    func sectionReload(kind: View.Kind) throws {
        let before = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        let after = snapshot(("A", ["a", "b"]), ("B2", ["c", "d"]), summaries: ["c": 5])
        var view = view(kind, before)
        try view.performBatchUpdates(BatchUpdate(reloadSections: [1]), dataSource: after)
        #expect(view.sections[1] == View.Section(title: "B2", cells: [.init(id: "c", summary: 5), .init(id: "d", summary: 1)]))
        try view.verifyCells(against: after)
    }

    @Test("A section reload is adjusted by section deletes", arguments: kinds)
    func sectionReloadAdjusted(kind: View.Kind) throws {
        let before = snapshot(("A", ["a"]), ("B", ["b"]), ("C", ["c"]))
        let after = snapshot(("B", ["b"]), ("C", ["c", "d"]))
        var view = view(kind, before)
        try view.performBatchUpdates(BatchUpdate(deleteSections: [0], reloadSections: [2]), dataSource: after)
        try view.verifyCells(against: after)
    }
}
