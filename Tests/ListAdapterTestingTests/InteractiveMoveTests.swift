import ListAdapter
import ListAdapterTesting
import Testing

/// A person's interactive move in the reference views: the view moves its own cell, so a
/// data source that does not take the move in is caught as UIKit catches it: a later
/// batch's counts disagree (R15) when the move crossed sections, and the cells are in the
/// wrong order when a batch moves the row a second time.
@Suite("A person's interactive move")
struct InteractiveMoveTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let before = snapshot(("A", ["a", "b", "c"]), ("B", ["d"]))

    func view(_ kind: View.Kind) -> View {
        var view = View(kind: kind)
        view.reloadData(from: before)
        return view
    }

    @Test("the view shows the move, and a data source that took it in agrees", arguments: kinds)
    func moveTakenIn(kind: View.Kind) throws {
        var view = view(kind)
        view.moveInteractively(from: at(0, 0), to: at(1, 1))
        let after = snapshot(("A", ["b", "c"]), ("B", ["d", "a"]))
        try view.verifyCells(against: after)
        // The next batch is counted from what the view shows: an insert into B is accepted.
        let next = snapshot(("A", ["b", "c"]), ("B", ["d", "a", "e"]))
        try view.performBatchUpdates(BatchUpdate(insertItems: [at(1, 2)]), dataSource: next)
        try view.verifyCells(against: next)
    }

    @Test("R15: a data source that did not take a move across sections in", arguments: kinds)
    func moveNotTakenIn(kind: View.Kind) {
        var view = view(kind)
        view.moveInteractively(from: at(0, 0), to: at(1, 1))
        // The data source still has the old list and inserts into B.
        let stale = snapshot(("A", ["a", "b", "c"]), ("B", ["d", "e"]))
        #expect(throws: Failure.self) {
            try view.performBatchUpdates(BatchUpdate(insertItems: [at(1, 1)]), dataSource: stale)
        }
        do {
            try view.performBatchUpdates(BatchUpdate(insertItems: [at(1, 1)]), dataSource: stale)
        } catch {
            #expect(error.rule == .r15, "\(error)")
        }
    }

    @Test("a batch that moves the row again within its section leaves it in the wrong place", arguments: kinds)
    func moveDeliveredAgain(kind: View.Kind) throws {
        var view = view(kind)
        view.moveInteractively(from: at(0, 0), to: at(0, 2))
        let after = snapshot(("A", ["b", "c", "a"]), ("B", ["d"]))
        // Counts agree, so UIKit accepts the batch; the row jumps a second time.
        try view.performBatchUpdates(BatchUpdate(moveItems: [move(at(0, 0), at(0, 2))]), dataSource: after)
        #expect(throws: Failure.self) { try view.verifyCells(against: after) }
    }
}
