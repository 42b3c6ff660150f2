public import ListAdapter

/// What a person does in the view that the view carries out itself before its data source
/// hears of it, as UIKit does. Main actor only.
extension ScrollingReferenceListView {
    /// A person dragged the cell at `source` and dropped it at `destination` (its path
    /// after the move), as UIKit's interactive reordering does: the view moves its own
    /// cell (see ``ReferenceListView/moveInteractively(from:to:)``); cells on screen and
    /// the selection follow their items. The app's data source then forwards the move to
    /// its connector (`tableView(_:moveRowAt:to:)`).
    ///
    /// - Parameters:
    ///   - source: the path of the dragged cell, among the items the view holds.
    ///   - destination: the cell's path after the move.
    /// - Precondition: `source` names a displayed cell and `destination` a path the cell
    ///   can be dropped at.
    public func moveInteractively(from source: ItemPath, to destination: ItemPath) {
        let kept = visibleCells.map { (id: model.cell(at: $0.path).id, cell: $0.cell) }
        let selectedIDs = Set(selection.filter(modelContains).map { model.cell(at: $0).id })
        model.moveInteractively(from: source, to: destination)
        recomputeGeometry()
        selection = selectedIDs.isEmpty ? [] : paths(of: selectedIDs)
        layout(keeping: kept)
    }
}
