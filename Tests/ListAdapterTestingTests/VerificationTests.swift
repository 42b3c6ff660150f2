import ListAdapter
import ListAdapterTesting
import Testing

/// `verifyCells(against:)`, `reloadData(from:)`, and the guarantee that a rejected batch
/// leaves the view unchanged.
@Suite("Verification and state")
struct VerificationTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let before = snapshot(("A", ["a", "b"]), ("B", ["c"]))

    @Test("reloadData shows the snapshot exactly", arguments: kinds)
    func reloadData(kind: View.Kind) throws {
        let view = view(kind, before)
        #expect(view.sections == [
            View.Section(title: "A", cells: [.init(id: "a", summary: 1), .init(id: "b", summary: 1)]),
            View.Section(title: "B", cells: [.init(id: "c", summary: 1)]),
        ])
        try view.verifyCells(against: before)
    }

    @Test("A stale summary is reported with its path, identity and both summaries")
    func staleSummary() {
        let view = view(.table, before)
        let after = snapshot(("A", ["a", "b"]), ("B", ["c"]), summaries: ["c": 4])
        #expect(throws: Failure.staleCell(path: at(1, 0), id: "c", shown: 1, expected: 4)) {
            try view.verifyCells(against: after)
        }
    }

    @Test("A wrong identity is reported with its path, the expected and the shown identifier")
    func wrongIdentity() {
        let view = view(.collection, before)
        let after = snapshot(("A", ["b", "a"]), ("B", ["c"]))
        #expect(throws: Failure.wrongIdentity(path: at(0, 0), expected: "b", actual: "a")) {
            try view.verifyCells(against: after)
        }
    }

    @Test("Section and item count mismatches")
    func countMismatches() {
        let view = view(.table, before)
        #expect(throws: Failure.countMismatch(section: nil, shown: 2, expected: 1)) {
            try view.verifyCells(against: snapshot(("A", ["a", "b"])))
        }
        #expect(throws: Failure.countMismatch(section: 0, shown: 2, expected: 3)) {
            try view.verifyCells(against: snapshot(("A", ["a", "b", "x"]), ("B", ["c"])))
        }
    }

    @Test("A section title mismatch")
    func titleMismatch() {
        let view = view(.table, before)
        #expect(throws: Failure.sectionTitleMismatch(section: 1, shown: "B", expected: "B2")) {
            try view.verifyCells(against: snapshot(("A", ["a", "b"]), ("B2", ["c"])))
        }
    }

    @Test("A batch that renames a section without reloading it keeps the old title", arguments: kinds)
    func keptSectionKeepsTitle(kind: View.Kind) throws {
        var view = view(kind, before)
        let after = snapshot(("A", ["a", "b"]), ("B2", ["c"]))
        try view.performBatchUpdates(BatchUpdate(), dataSource: after)
        #expect(throws: Failure.sectionTitleMismatch(section: 1, shown: "B", expected: "B2")) {
            try view.verifyCells(against: after)
        }
    }

    @Test("A rejected batch leaves the view unchanged", arguments: kinds)
    func unchangedAfterError(kind: View.Kind) {
        var view = view(kind, before)
        let original = view.sections
        let rejected: [(BatchUpdate, Snapshot)] = [
            // R15, after the delete pass has run.
            (BatchUpdate(deleteItems: [at(0, 0)], insertItems: [at(1, 1)]), before),
            // R4.
            (BatchUpdate(deleteItems: [at(0, 9)]), before),
            // Unsafe: a delete inside a moved section, after every count check passed.
            (BatchUpdate(moveSections: [SectionMove(from: 0, to: 1)], deleteItems: [at(0, 0)]), snapshot(("B", ["c"]), ("A", ["b"]))),
            // Unsafe: a reconfigure past the new counts.
            (BatchUpdate(deleteItems: [at(0, 0)], reconfigureItems: [at(0, 1)]), snapshot(("A", ["b"]), ("B", ["c"]))),
        ]
        for (update, after) in rejected {
            #expect(throws: Failure.self) { try view.performBatchUpdates(update, dataSource: after) }
            #expect(view.sections == original)
        }
    }

    @Test("Error descriptions lead with the rule or reason")
    func descriptions() {
        #expect(Failure.invalid(rule: .r4, message: "m").description == "UIKit raises NSInternalInconsistencyException (R4): m")
        #expect(Failure.unsafe(reason: .duplicateDelete, message: "m").description == "Unsafe batch (duplicateDelete, R17): m")
        #expect(Failure.unsafe(reason: .itemOperationInMovedSection, message: "m").description == "Unsafe batch (itemOperationInMovedSection): m")
        #expect(Failure.wrongIdentity(path: at(0, 1), expected: "a", actual: "b").description
            == "The cell at 0 - 1 shows b, but the data source has a there.")
        #expect(Failure.staleCell(path: at(0, 1), id: "a", shown: 1, expected: 2).message == nil)
    }
}
