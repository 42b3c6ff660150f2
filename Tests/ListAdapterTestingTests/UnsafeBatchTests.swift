import ListAdapter
import ListAdapterTesting
import Testing

/// Combinations UIKit's validation lets through but that must never be performed. The
/// structural cases come from `UICollectionView` reports and are applied to both kinds.
@Suite("Unsafe batches")
struct UnsafeBatchTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let before = snapshot(("A", ["a", "b"]), ("B", ["c"]))

    @Test("An item delete inside a moved section", arguments: kinds)
    func deleteInMovedSection(kind: View.Kind) {
        let update = BatchUpdate(moveSections: [SectionMove(from: 0, to: 1)], deleteItems: [at(0, 0)])
        let after = snapshot(("B", ["c"]), ("A", ["b"]))
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, update, after) == .unsafe(
            reason: .itemOperationInMovedSection,
            message: "delete of \(row) (0 - 0) touches section move 0 -> 1: heap corruptions, exceptions and animation bugs (IGListKit)"))
    }

    @Test("An item reload inside a moved section", arguments: kinds)
    func reloadInMovedSection(kind: View.Kind) {
        // The reload's insert half ignores the section move and lands in section 1 (old A);
        // the delete of a balances A's count, so only the reload's delete half is unsafe.
        let before = snapshot(("A", ["a", "b"]), ("B", ["c", "d"]))
        let update = BatchUpdate(
            moveSections: [SectionMove(from: 1, to: 0)], deleteItems: [at(0, 0)], reloadItems: [at(1, 0)])
        let after = snapshot(("B", ["d"]), ("A", ["x", "b"]))
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, update, after) == .unsafe(
            reason: .itemOperationInMovedSection,
            message: "reload of \(row) (1 - 0) touches section move 1 -> 0: heap corruptions, exceptions and animation bugs (IGListKit)"))
    }

    @Test("A reload's insert half in a section-move destination", arguments: kinds)
    func reloadInsertIntoMovedSection(kind: View.Kind) {
        let before = snapshot(("A", ["a"]), ("B", ["b"]), ("C", ["c"]))
        let update = BatchUpdate(moveSections: [SectionMove(from: 2, to: 2)], reloadItems: [at(2, 0)])
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, update, before) == .unsafe(
            reason: .itemInsertIntoMovedSection,
            message: "the insert half of the reload of \(row) (2 - 0), at (2 - 0), lands in section 2, the destination of section move 2 -> 2: heap corruption (openradar 26021018)"))
    }

    @Test("An item move out of a moved section", arguments: kinds)
    func moveOutOfMovedSection(kind: View.Kind) {
        let update = BatchUpdate(
            moveSections: [SectionMove(from: 0, to: 1)], moveItems: [move(at(0, 0), at(0, 1))])
        let after = snapshot(("B", ["c", "a"]), ("A", ["b"]))
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, update, after) == .unsafe(
            reason: .itemOperationInMovedSection,
            message: "move of \(row) (0 - 0) -> (0 - 1) touches section move 0 -> 1: heap corruptions, exceptions and animation bugs (IGListKit)"))
    }

    @Test("An item insert into a section-move destination", arguments: kinds)
    func insertIntoMovedSection(kind: View.Kind) {
        let update = BatchUpdate(moveSections: [SectionMove(from: 0, to: 1)], insertItems: [at(1, 2)])
        let after = snapshot(("B", ["c"]), ("A", ["a", "b", "x"]))
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, update, after) == .unsafe(
            reason: .itemInsertIntoMovedSection,
            message: "insert of \(row) (1 - 2) lands in section 1, the destination of section move 0 -> 1: heap corruption (openradar 26021018)"))
    }

    @Test("A no-op section move plus an item move out of it", arguments: kinds)
    func noOpSectionMove(kind: View.Kind) {
        let update = BatchUpdate(
            moveSections: [SectionMove(from: 0, to: 0)], moveItems: [move(at(0, 0), at(1, 1))])
        let after = snapshot(("A", ["b"]), ("B", ["c", "a"]))
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, update, after) == .unsafe(
            reason: .noOpSectionMoveWithItemMoveOut,
            message: "section 0 moves to itself while \(row) (0 - 0) moves out of it to (1 - 1): the collection view fails with 'request for index path for global index' (openradar 48941906)"))
    }

    @Test("A section move with no item operation inside is safe", arguments: kinds)
    func plainSectionMove(kind: View.Kind) throws {
        var view = view(kind, before)
        let after = snapshot(("B", ["c"]), ("A", ["a", "b"]))
        try view.performBatchUpdates(BatchUpdate(moveSections: [SectionMove(from: 1, to: 0)]), dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("Item operations in other sections than the moved ones are safe", arguments: kinds)
    func itemOperationsBesideMovedSections(kind: View.Kind) throws {
        let before = snapshot(("A", ["a", "b"]), ("B", ["c"]), ("C", ["d"]))
        let update = BatchUpdate(
            moveSections: [SectionMove(from: 2, to: 1)], deleteItems: [at(0, 0)], insertItems: [at(2, 1)])
        let after = snapshot(("A", ["b"]), ("C", ["d"]), ("B", ["c", "x"]))
        var view = view(kind, before)
        try view.performBatchUpdates(update, dataSource: after)
        try view.verifyCells(against: after)
    }

    @Test("Unsafe verdicts come after UIKit's validation: an invalid batch reports its rule", arguments: kinds)
    func invalidBeatsUnsafe(kind: View.Kind) {
        // Unsafe (delete inside a moved section), but the counts are wrong too.
        let update = BatchUpdate(moveSections: [SectionMove(from: 0, to: 1)], deleteItems: [at(0, 0)])
        let after = snapshot(("B", ["c"]), ("A", ["a", "b"]))
        #expect(failure(kind, before, update, after)?.rule == .r15)
    }
}
