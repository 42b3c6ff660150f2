import ListAdapter

/// Messages for the verdicts UIKit raises nothing for (unsafe batches) and for out-of-bounds
/// reconfigures, whose UIKit text no public source records. They are the model's own,
/// worded like UIKit's and naming the operations involved.
extension UIKitMessages {
    /// An out-of-bounds reconfigure, worded like R3.
    func reconfigureSectionOutOfBounds(_ path: ItemPath, sectionCount: Int) -> String {
        "attempt to reconfigure \(row) \(path.item) in section \(path.section), but there are only \(sectionCount) sections before the update"
    }

    /// An out-of-bounds reconfigure, worded like R4.
    func reconfigureItemOutOfBounds(_ path: ItemPath, itemCount: Int) -> String {
        "attempt to reconfigure \(row) \(path.item) in section \(path.section) which only contains \(itemCount) \(rows) before the update"
    }

    /// R17, collection view.
    func duplicate(_ path: UpdatePath, action: String) -> String {
        "\(operand(path)) is \(action) twice: the \(viewName) counts both and can corrupt memory (EXC_BAD_ACCESS); a table view coalesces them"
    }

    /// R6, table view.
    func tableMoveFromDeletedSection(_ move: UpdateMove) -> String {
        "\(row) move (\(move.from)) -> (\(move.to)) leaves deleted section \(move.from.section): the \(viewName) performs a non-animated reloadData instead of the batch"
    }

    /// R11, table view.
    func tableMoveIntoInsertedSection(_ move: UpdateMove) -> String {
        "\(row) move (\(move.from)) -> (\(move.to)) enters newly inserted section \(move.to.section): the \(viewName) performs a non-animated reloadData instead of the batch"
    }

    /// A reconfigure combined with a delete, move or reload of the same path.
    func reconfigureUnverified(_ path: ItemPath, combinedWith action: String) -> String {
        "reconfigure of \(row) (\(path)) combined with a \(action) of the same index path is unverified"
    }

    /// A no-op section move plus an item move out of that section.
    func noOpSectionMove(_ section: Int, itemMove: UpdateMove) -> String {
        "section \(section) moves to itself while \(row) (\(itemMove.from)) moves out of it to (\(itemMove.to)): the collection view fails with 'request for index path for global index' (openradar 48941906)"
    }

    /// An item insert into a section-move destination.
    func insertIntoMovedSection(_ operation: String, sectionMove: UpdateMove) -> String {
        "\(operation) lands in section \(sectionMove.to.section), the destination of section move \(sectionMove.from.section) -> \(sectionMove.to.section): heap corruption (openradar 26021018)"
    }

    /// An item delete, reload or move inside a moved section.
    func operationInMovedSection(_ operation: String, sectionMove: UpdateMove) -> String {
        "\(operation) touches section move \(sectionMove.from.section) -> \(sectionMove.to.section): heap corruptions, exceptions and animation bugs (IGListKit)"
    }

    /// A reconfigure whose pre-update path is past the data source's new counts.
    func reconfigureOutsideDataSource(_ path: ItemPath) -> String {
        "\(row) (\(path)) is reconfigured at its pre-update index path, which names no item in the data source after the update"
    }

    /// `row (0 - 1)` or `section 2`.
    func operand(_ path: UpdatePath) -> String {
        path.isSection ? "section \(path.section)" : "\(row) (\(path))"
    }
}
