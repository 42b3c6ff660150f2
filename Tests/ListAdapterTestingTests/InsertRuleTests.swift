import ListAdapter
import ListAdapterTesting
import Testing

/// R7–R11: the insert pass.
@Suite("Insert rules R7–R11")
struct InsertRuleTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let oneSection = snapshot(("A", ["a", "b"]))
    let twoSections = snapshot(("A", ["a", "b"]), ("B", ["c"]))

    @Test("R7: a section insert past the new section count", arguments: kinds)
    func r7(kind: View.Kind) {
        let update = BatchUpdate(insertSections: [2])
        #expect(failure(kind, oneSection, update, twoSections) == .invalid(
            rule: .r7, message: "attempt to insert section 2 but there are only 2 sections after the update"))
    }

    @Test("R8: an item insert in a section past the new section count", arguments: kinds)
    func r8(kind: View.Kind) {
        let update = BatchUpdate(insertItems: [at(3, 0)])
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, oneSection, update, oneSection) == .invalid(
            rule: .r8, message: "attempt to insert \(row) 0 into section 3, but there are only 1 sections after the update"))
    }

    @Test("R9: an item insert past the new item count", arguments: kinds)
    func r9(kind: View.Kind) {
        let update = BatchUpdate(insertItems: [at(0, 5)])
        let (row, rows) = kind == .table ? ("row", "rows") : ("item", "items")
        #expect(failure(kind, oneSection, update, snapshot(("A", ["a", "b", "x"]))) == .invalid(
            rule: .r9, message: "attempt to insert \(row) 5 into section 0, but there are only 3 \(rows) in section 0 after the update"))
    }

    @Test("R10: a section insert equal to a section move's destination", arguments: kinds)
    func r10Section(kind: View.Kind) {
        let update = BatchUpdate(insertSections: [1], moveSections: [SectionMove(from: 0, to: 1)])
        #expect(failure(kind, twoSections, update, twoSections) == .invalid(
            rule: .r10, message: "attempt to perform an insert and a move to the same section (1)"))
    }

    @Test("R10: an item insert equal to an item move's destination", arguments: kinds)
    func r10Item(kind: View.Kind) {
        let update = BatchUpdate(insertItems: [at(0, 1)], moveItems: [move(at(0, 0), at(0, 1))])
        #expect(failure(kind, oneSection, update, oneSection) == .invalid(
            rule: .r10, message: "attempt to perform an insert and a move to the same index path (0 - 1)"))
    }

    @Test("R10: a reload's insert half lands on a move destination (Apple Forums 80812)", arguments: kinds)
    func r10Reload(kind: View.Kind) {
        // The reload of b is adjusted for deletes and inserts only, so its insert stays at
        // 0 - 1, which the move of a also targets.
        let update = BatchUpdate(moveItems: [move(at(0, 0), at(0, 1))], reloadItems: [at(0, 1)])
        #expect(failure(kind, oneSection, update, snapshot(("A", ["b", "a"]))) == .invalid(
            rule: .r10, message: "attempt to perform an insert and a move to the same index path (0 - 1)"))
    }

    @Test("R11: a collection view rejects an item move into an inserted section")
    func r11Collection() {
        let update = BatchUpdate(insertSections: [1], moveItems: [move(at(0, 0), at(1, 0))])
        let after = snapshot(("A", ["b"]), ("N", ["a"]))
        #expect(failure(.collection, oneSection, update, after) == .invalid(
            rule: .r11, message: "cannot move an item into a newly inserted section (1)"))
    }

    @Test("R11: a table view falls back to reloadData, which the model reports as unsafe")
    func r11Table() throws {
        let update = BatchUpdate(insertSections: [1], moveItems: [move(at(0, 0), at(1, 0))])
        let after = snapshot(("A", ["b"]), ("N", ["a"]))
        let error = try #require(failure(.table, oneSection, update, after))
        #expect(error == .unsafe(
            reason: .moveIntoInsertedSection,
            message: "row move (0 - 0) -> (1 - 0) enters newly inserted section 1: the table view performs a non-animated reloadData instead of the batch"))
        #expect(error.rule == .r11)
    }

    @Test("Item inserts inside an inserted section are bounds-checked before the section drops them", arguments: kinds)
    func sectionInsertDropsItemInserts(kind: View.Kind) throws {
        // Ascending order puts 1 - 0 before section 1, so it is checked, then dropped.
        var view = view(kind, oneSection)
        let after = snapshot(("A", ["a", "b"]), ("N", ["x"]))
        try view.performBatchUpdates(BatchUpdate(insertSections: [1], insertItems: [at(1, 0)]), dataSource: after)
        try view.verifyCells(against: after)
        #expect(failure(kind, oneSection, BatchUpdate(insertSections: [1], insertItems: [at(1, 4)]), after)?.rule == .r9)
    }
}
