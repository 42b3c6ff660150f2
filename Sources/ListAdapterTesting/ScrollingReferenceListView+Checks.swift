public import ListAdapter

/// What tests and the soak check on screen: the cells, their payloads, where items are.
extension ScrollingReferenceListView {
    /// A visible cell that does not show what it should.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct CellProblem: Sendable, CustomStringConvertible {
        /// The cell's path.
        public var path: ItemPath
        /// What is wrong.
        public var description: String
    }

    /// The visible cells that do not show the item the list has at their path, that show
    /// a payload `payloadMatches` rejects (another item's, or a stale one), or, when
    /// `requireFilled`, that still show a placeholder.
    ///
    /// - Parameters:
    ///   - snapshot: the list the view should show (the adapter's `snapshot`).
    ///   - requireFilled: whether a visible cell still showing a placeholder counts as a
    ///     problem.
    ///   - payloadMatches: whether a payload is the one of `id` with `summary`.
    /// - Returns: one problem per visible cell that is wrong, in list order; empty when every
    ///   visible cell is right.
    /// - Complexity: O(v) for v visible cells.
    public func cellProblems(
        against snapshot: ListSnapshot<ID, Summary>, requireFilled: Bool,
        payloadMatches: (Payload, ID, Summary) -> Bool
    ) -> [CellProblem] {
        var problems: [CellProblem] = []
        for (path, cell) in visibleCells {
            guard snapshot.contains(path) else {
                problems.append(CellProblem(path: path, description: "a cell is on screen at \(path), which the list does not have"))
                continue
            }
            let id = snapshot.identifier(at: path)
            let summary = snapshot.summary(at: path)
            if cell.id != id {
                problems.append(CellProblem(path: path, description: "the cell at \(path) shows \(cell.id.map { "\($0)" } ?? "nothing"), but the list has \(id) there"))
            } else if let payload = cell.payload {
                if !payloadMatches(payload, id, summary) {
                    problems.append(CellProblem(path: path, description: "the cell at \(path) shows \(id) with the payload \(payload), not that of \(id) at summary \(summary)"))
                }
            } else if requireFilled {
                problems.append(CellProblem(path: path, description: "the cell at \(path) still shows a placeholder for \(id)"))
            }
        }
        return problems
    }

    /// The visible items in list order (by the item each cell slot holds in the UIKit
    /// model) and how far below the top of the visible area each one's top is.
    public var visibleItems: [(path: ItemPath, id: ID, screenOffset: Double)] {
        visibleCells.map { ($0.path, model.cell(at: $0.path).id, top(of: $0.path) - contentOffset) }
    }

    /// How far below the top of the visible area the top of the item at `path` is.
    ///
    /// - Parameter path: the path of an item, as the view holds it.
    /// - Returns: the item's top minus ``contentOffset``, in points (negative above the visible
    ///   area); `nil` for a path the view does not hold.
    public func screenOffset(ofItemAt path: ItemPath) -> Double? {
        modelContains(path) ? top(of: path) - contentOffset : nil
    }
}
