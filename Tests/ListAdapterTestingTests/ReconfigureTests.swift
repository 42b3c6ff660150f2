import ListAdapter
import ListAdapterTesting
import Testing

/// Reconfigure (iOS 15+): refreshed in place at the pre-update path, excluded from counts.
@Suite("Reconfigure")
struct ReconfigureTests {
    static let kinds: [View.Kind] = [.table, .collection]

    let before = snapshot(("A", ["a", "b"]))

    @Test("A reconfigure refreshes the cell's summary and keeps its identity", arguments: kinds)
    func refreshesInPlace(kind: View.Kind) throws {
        var view = view(kind, before)
        let after = snapshot(("A", ["a", "b"]), summaries: ["b": 2])
        try view.performBatchUpdates(BatchUpdate(reconfigureItems: [at(0, 1)]), dataSource: after)
        #expect(view.cell(at: at(0, 1)) == View.Cell(id: "b", summary: 2))
        try view.verifyCells(against: after)
    }

    @Test("Without a reconfigure, a changed summary leaves a stale cell", arguments: kinds)
    func staleWithoutReconfigure(kind: View.Kind) throws {
        var view = view(kind, before)
        let after = snapshot(("A", ["a", "b"]), summaries: ["b": 2])
        try view.performBatchUpdates(BatchUpdate(), dataSource: after)
        #expect(throws: Failure.staleCell(path: at(0, 1), id: "b", shown: 1, expected: 2)) {
            try view.verifyCells(against: after)
        }
    }

    @Test("A reconfigure changes no count", arguments: kinds)
    func excludedFromCounts(kind: View.Kind) {
        let update = BatchUpdate(reconfigureItems: [at(0, 0)])
        #expect(failure(kind, before, update, snapshot(("A", ["a"])))?.rule == .r15)
    }

    @Test("A reconfigure resolves at its pre-update path, so a shifted cell takes its neighbour's summary", arguments: kinds)
    func resolvesAtPreUpdatePath(kind: View.Kind) throws {
        // b is reconfigured at 0 - 1 while x is inserted before it: the cell of b moves to
        // 0 - 2, but is refreshed from 0 - 1 of the new data, which is a (summary 1).
        var view = view(kind, before)
        let after = snapshot(("A", ["x", "a", "b"]), summaries: ["b": 2])
        let update = BatchUpdate(insertItems: [at(0, 0)], reconfigureItems: [at(0, 1)])
        try view.performBatchUpdates(update, dataSource: after)
        #expect(view.cell(at: at(0, 2)) == View.Cell(id: "b", summary: 1))
        #expect(throws: Failure.staleCell(path: at(0, 2), id: "b", shown: 1, expected: 2)) {
            try view.verifyCells(against: after)
        }
    }

    @Test("A reconfigure past the old item count", arguments: kinds)
    func outOfBoundsItem(kind: View.Kind) {
        let (row, rows) = kind == .table ? ("row", "rows") : ("item", "items")
        #expect(failure(kind, before, BatchUpdate(reconfigureItems: [at(0, 5)]), before) == .reconfigureOutOfBounds(
            path: at(0, 5),
            message: "attempt to reconfigure \(row) 5 in section 0 which only contains 2 \(rows) before the update"))
    }

    @Test("A reconfigure in a section past the old section count", arguments: kinds)
    func outOfBoundsSection(kind: View.Kind) {
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, BatchUpdate(reconfigureItems: [at(3, 0)]), before) == .reconfigureOutOfBounds(
            path: at(3, 0),
            message: "attempt to reconfigure \(row) 0 in section 3, but there are only 1 sections before the update"))
    }

    @Test("A reconfigure combined with a delete, move or reload of the same path is unverified", arguments: kinds)
    func unverifiedCombinations(kind: View.Kind) {
        let row = kind == .table ? "row" : "item"
        let cases: [(BatchUpdate, Snapshot, String)] = [
            (BatchUpdate(deleteItems: [at(0, 0)], reconfigureItems: [at(0, 0)]), snapshot(("A", ["b"])), "delete"),
            (BatchUpdate(moveItems: [move(at(0, 0), at(0, 1))], reconfigureItems: [at(0, 0)]), snapshot(("A", ["b", "a"])), "move"),
            (BatchUpdate(reloadItems: [at(0, 0)], reconfigureItems: [at(0, 0)]), before, "reload"),
        ]
        for (update, after, action) in cases {
            #expect(failure(kind, before, update, after) == .unsafe(
                reason: .reconfigureUnverified,
                message: "reconfigure of \(row) (0 - 0) combined with a \(action) of the same index path is unverified"))
        }
    }

    @Test("A reconfigure whose pre-update path is gone from the new data is unsafe", arguments: kinds)
    func outsideDataSource(kind: View.Kind) {
        let update = BatchUpdate(deleteItems: [at(0, 0)], reconfigureItems: [at(0, 1)])
        let row = kind == .table ? "row" : "item"
        #expect(failure(kind, before, update, snapshot(("A", ["b"]))) == .unsafe(
            reason: .reconfigureOutsideDataSource,
            message: "\(row) (0 - 1) is reconfigured at its pre-update index path, which names no item in the data source after the update"))
    }

    @Test("A reconfigured cell in a moved section is carried with it", arguments: kinds)
    func carriedBySectionMove(kind: View.Kind) throws {
        let before = snapshot(("A", ["a"]), ("B", ["b"]))
        let after = snapshot(("B", ["b"]), ("A", ["a"]), summaries: ["b": 2])
        var view = view(kind, before)
        try view.performBatchUpdates(
            BatchUpdate(moveSections: [SectionMove(from: 1, to: 0)], reconfigureItems: [at(1, 0)]), dataSource: after)
        // Refreshed from 1 - 0 of the new data (a, summary 1), then shown at 0 - 0.
        #expect(view.cell(at: at(0, 0)) == View.Cell(id: "b", summary: 1))
    }
}
