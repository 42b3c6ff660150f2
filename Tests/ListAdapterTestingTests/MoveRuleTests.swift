import ListAdapter
import ListAdapterTesting
import Testing

/// R12–R13: the move pass.
@Suite("Move rules R12–R13")
struct MoveRuleTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let twoSections = snapshot(("A", ["a", "b"]), ("B", ["c"]))

    private func r12(_ kind: View.Kind, _ update: BatchUpdate) -> Failure? {
        failure(kind, twoSections, update, twoSections)
    }

    @Test("R12: a section move from a section that does not exist", arguments: kinds)
    func r12SectionSource(kind: View.Kind) {
        #expect(r12(kind, BatchUpdate(moveSections: [SectionMove(from: 5, to: 0)])) == .invalid(
            rule: .r12, message: "attempt to move section 5, but there are only 2 sections before the update"))
    }

    @Test("R12: a section move to a section that does not exist, with UIKit's \"to to\"", arguments: kinds)
    func r12SectionDestination(kind: View.Kind) {
        #expect(r12(kind, BatchUpdate(moveSections: [SectionMove(from: 0, to: 5)])) == .invalid(
            rule: .r12, message: "attempt to to move section 0 to section 5, but there are only 2 sections after the update"))
    }

    @Test("R12: an item move from a section that does not exist", arguments: kinds)
    func r12ItemSourceSection(kind: View.Kind) {
        #expect(r12(kind, BatchUpdate(moveItems: [move(at(5, 0), at(0, 0))])) == .invalid(
            rule: .r12, message: "attempt to move index path (5 - 0) from a section that does not exist - there are only 2 sections before the update"))
    }

    @Test("R12: an item move from an item that does not exist", arguments: kinds)
    func r12ItemSource(kind: View.Kind) {
        let rows = kind == .table ? "rows" : "items"
        #expect(r12(kind, BatchUpdate(moveItems: [move(at(0, 9), at(0, 0))])) == .invalid(
            rule: .r12, message: "attempt to move index path (0 - 9) that does not exist - there are only 2 \(rows) in section 0 before the update"))
    }

    @Test("R12: an item move into a section that does not exist", arguments: kinds)
    func r12ItemDestinationSection(kind: View.Kind) {
        #expect(r12(kind, BatchUpdate(moveItems: [move(at(0, 0), at(5, 0))])) == .invalid(
            rule: .r12, message: "attempt to move index path (0 - 0) to index path (5 - 0) in section that does not exist - there are only 2 sections after the update"))
    }

    @Test("R12: an item move to an index past the new item count", arguments: kinds)
    func r12ItemDestination(kind: View.Kind) {
        let rows = kind == .table ? "rows" : "items"
        #expect(r12(kind, BatchUpdate(moveItems: [move(at(0, 0), at(0, 9))])) == .invalid(
            rule: .r12, message: "attempt to move index path (0 - 0) to index path (0 - 9) that does not exist - there are only 2 \(rows) in section 0 after the update"))
    }

    @Test("R13: a section moved to two destinations", arguments: kinds)
    func r13SectionFanOut(kind: View.Kind) {
        let update = BatchUpdate(moveSections: [SectionMove(from: 0, to: 1), SectionMove(from: 0, to: 0)])
        #expect(failure(kind, twoSections, update, twoSections) == .invalid(
            rule: .r13, message: "attempt to move section 0 to both section 0 and section 1"))
    }

    @Test("R13: an item moved to two destinations", arguments: kinds)
    func r13ItemFanOut(kind: View.Kind) {
        let update = BatchUpdate(moveItems: [move(at(0, 0), at(0, 1)), move(at(0, 0), at(1, 0))])
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, twoSections, update, twoSections) == .invalid(
            rule: .r13, message: "attempt to move \(row) at index path 0 - 0 to both 0 - 1 and 1 - 0"))
    }

    @Test("R13: two sections moved to one destination", arguments: kinds)
    func r13SectionFanIn(kind: View.Kind) {
        let update = BatchUpdate(moveSections: [SectionMove(from: 1, to: 0), SectionMove(from: 0, to: 0)])
        #expect(failure(kind, twoSections, update, twoSections) == .invalid(
            rule: .r13, message: "attempt to move both section 0 and section 1 to section 0"))
    }

    @Test("R13: two items moved to one destination", arguments: kinds)
    func r13ItemFanIn(kind: View.Kind) {
        let update = BatchUpdate(moveItems: [move(at(1, 0), at(0, 1)), move(at(0, 0), at(0, 1))])
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, twoSections, update, twoSections) == .invalid(
            rule: .r13, message: "attempt to move both \(row) at index path 0 - 0 and 1 - 0 to 0 - 1"))
    }

    @Test("Exact duplicate moves are dropped, not rejected", arguments: kinds)
    func exactDuplicateMoves(kind: View.Kind) throws {
        var view = view(kind, twoSections)
        let swap = move(at(0, 0), at(0, 1))
        let after = snapshot(("A", ["b", "a"]), ("B", ["c"]))
        try view.performBatchUpdates(BatchUpdate(moveItems: [swap, swap]), dataSource: after)
        try view.verifyCells(against: after)
    }
}
