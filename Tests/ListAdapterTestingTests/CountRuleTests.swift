import ListAdapter
import ListAdapterTesting
import Testing

/// R14–R17: the count checks, their iOS 16.4 format, and duplicates.
@Suite("Count rules R14–R17")
struct CountRuleTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let oneSection = snapshot(("A", ["a", "b"]))

    @Test("R14: the section count does not add up", arguments: kinds)
    func r14(kind: View.Kind) {
        let after = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        let name = kind == .table ? "table view" : "collection view"
        #expect(failure(kind, oneSection, BatchUpdate(), after) == .invalid(
            rule: .r14,
            message: "Invalid update: invalid number of sections.  The number of sections contained in the \(name) after the update (2) must be equal to the number of sections contained in the \(name) before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."))
    }

    @Test("R14: a section reload's halves cancel", arguments: kinds)
    func r14ReloadPairsCancel(kind: View.Kind) throws {
        var view = view(kind, oneSection)
        let after = snapshot(("A", ["x", "y", "z"]))
        try view.performBatchUpdates(BatchUpdate(reloadSections: [0]), dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("R15: an item count does not add up", arguments: kinds)
    func r15(kind: View.Kind) {
        let after = snapshot(("A", ["a", "b", "c"]))
        let rows = kind == .table ? "rows" : "items"
        #expect(failure(kind, oneSection, BatchUpdate(), after) == .invalid(
            rule: .r15,
            message: "Invalid update: invalid number of \(rows) in section 0.  The number of \(rows) contained in an existing section after the update (3) must be equal to the number of \(rows) contained in that section before the update (2), plus or minus the number of \(rows) inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of \(rows) moved into or out of that section (0 moved in, 0 moved out)."))
    }

    @Test("R15: cross-section moves are counted in and out", arguments: kinds)
    func r15CountsMoves(kind: View.Kind) {
        let before = snapshot(("A", ["a"]), ("B", ["b", "c"]))
        let update = BatchUpdate(moveItems: [move(at(1, 0), at(0, 0))])
        // The data source forgot the move: section 0 still has one item.
        let rows = kind == .table ? "rows" : "items"
        #expect(failure(kind, before, update, before) == .invalid(
            rule: .r15,
            message: "Invalid update: invalid number of \(rows) in section 0.  The number of \(rows) contained in an existing section after the update (1) must be equal to the number of \(rows) contained in that section before the update (1), plus or minus the number of \(rows) inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of \(rows) moved into or out of that section (1 moved in, 0 moved out)."))
    }

    @Test("R15: a move is cross-section when the mapped source section differs from the destination", arguments: kinds)
    func r15UsesMappedSections(kind: View.Kind) throws {
        // Deleting A shifts B to 0 and C to 1, so 1 - 0 -> 1 - 1 moves b from B into C,
        // although both paths name section 1. The raw rule would reject it.
        let before = snapshot(("A", ["a"]), ("B", ["b", "b2"]), ("C", ["c"]))
        let update = BatchUpdate(deleteSections: [0], moveItems: [move(at(1, 0), at(1, 1))])
        let after = snapshot(("B", ["b2"]), ("C", ["c", "b"]))
        var view = view(kind, before)
        try view.performBatchUpdates(update, dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("R15: inserted and reloaded sections are exempt", arguments: kinds)
    func r15Exemptions(kind: View.Kind) throws {
        let before = snapshot(("A", ["a"]), ("B", ["b"]))
        let update = BatchUpdate(insertSections: [0], reloadSections: [1])
        let after = snapshot(("N", ["n1", "n2"]), ("A", ["a"]), ("B", ["x", "y", "z"]))
        var view = view(kind, before)
        try view.performBatchUpdates(update, dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("R16: the iOS 16.4 text lists a reload as a delete and an insert (table view)")
    func r16Table() {
        let before = snapshot(("A", ids("r", 30)))
        let after = snapshot(("A", ids("r", 29)))
        let update = BatchUpdate(reloadItems: [at(0, 0)])
        #expect(failure(.table, before, update, after, style: .modern) == .invalid(rule: .r16, message: """
            Invalid batch updates detected: the number of sections and/or rows returned by the data source before and/or after performing the batch updates are inconsistent with the updates.
            Data source before updates = { 1 section with row counts: [30] }
            Data source after updates = { 1 section with row counts: [29] }
            Updates = [
            \tDelete row (0 - 0),
            \tInsert row (0 - 0)
            ]
            Table view: <ReferenceListView>
            """))
    }

    @Test("R16: the iOS 16.4 text for a collection view, with sections and moves")
    func r16Collection() {
        let before = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        let after = snapshot(("B", ["c"]), ("A", ["b", "a"]), ("N", ["n"]))
        let update = BatchUpdate(
            insertSections: [2], moveSections: [SectionMove(from: 1, to: 0)], deleteItems: [at(0, 0)])
        #expect(failure(.collection, before, update, after, style: .modern) == .invalid(rule: .r16, message: """
            Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.
            Data source before updates = { 2 sections with item counts: [2, 1] }
            Data source after updates = { 3 sections with item counts: [1, 2, 1] }
            Updates = [
            \tDelete item (0 - 0),
            \tMove section 1 -> 0,
            \tInsert section 2
            ]
            Collection view: <ReferenceListView>
            """))
    }

    @Test("R16: a section count mismatch with no updates", arguments: kinds)
    func r16SectionCount(kind: View.Kind) throws {
        let after = snapshot(("A", ["a", "b"]), ("B", ["c"]))
        let error = try #require(failure(kind, oneSection, BatchUpdate(), after, style: .modern))
        #expect(error.rule == .r16)
        let (rows, name) = kind == .table ? ("row", "Table view") : ("item", "Collection view")
        #expect(error.message?.hasSuffix("""
            Data source before updates = { 1 section with \(rows) counts: [2] }
            Data source after updates = { 2 sections with \(rows) counts: [2, 1] }
            Updates = [
            ]
            \(name): <ReferenceListView>
            """) == true)
    }

    @Test("R16 only replaces R14 and R15: other rules keep their legacy text", arguments: kinds)
    func r16LeavesOtherRules(kind: View.Kind) {
        let update = BatchUpdate(deleteSections: [4])
        #expect(failure(kind, oneSection, update, oneSection, style: .modern)?.rule == .r2)
    }

    @Test("R17: a table view coalesces duplicate deletes and inserts")
    func r17Table() throws {
        var view = view(.table, snapshot(("A", ["a", "b", "c"])))
        let after = snapshot(("A", ["b", "x", "c"]))
        let update = BatchUpdate(deleteItems: [at(0, 0), at(0, 0)], insertItems: [at(0, 1), at(0, 1)])
        try view.performBatchUpdates(update, dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("R17: a collection view counts a duplicate delete twice, so a data source that deleted once fails R15")
    func r17CollectionCountsBoth() {
        let before = snapshot(("A", ["a", "b", "c"]))
        let update = BatchUpdate(deleteItems: [at(0, 0), at(0, 0)])
        let error = failure(.collection, before, update, snapshot(("A", ["b", "c"])))
        #expect(error?.rule == .r15)
        #expect(error?.message?.contains("(0 inserted, 2 deleted)") == true)
    }

    @Test("R17: a collection view whose counts absorb a duplicate delete is unsafe")
    func r17CollectionDelete() throws {
        let before = snapshot(("A", ["a", "b", "c"]))
        let update = BatchUpdate(deleteItems: [at(0, 0), at(0, 0)])
        let error = try #require(failure(.collection, before, update, snapshot(("A", ["c"]))))
        #expect(error == .unsafe(
            reason: .duplicateDelete,
            message: "item (0 - 0) is deleted twice: the collection view counts both and can corrupt memory (EXC_BAD_ACCESS); a table view coalesces them"))
        #expect(error.rule == .r17)
    }

    @Test("R17: a collection view whose counts absorb a duplicate insert is unsafe")
    func r17CollectionInsert() {
        let before = snapshot(("A", ["a"]))
        let update = BatchUpdate(insertItems: [at(0, 1), at(0, 1)])
        #expect(failure(.collection, before, update, snapshot(("A", ["a", "x", "y"]))) == .unsafe(
            reason: .duplicateInsert,
            message: "item (0 - 1) is inserted twice: the collection view counts both and can corrupt memory (EXC_BAD_ACCESS); a table view coalesces them"))
    }
}
