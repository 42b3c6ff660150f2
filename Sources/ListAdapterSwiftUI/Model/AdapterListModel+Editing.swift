import ListAdapter

/// A person's moves and deletes in the SwiftUI list: the representables' data sources and
/// delegates forward here, and the model forwards to the connector with the app's writes
/// (``AdapterListModel/editActions``). Main actor only.
extension AdapterListModel {
    /// Whether rows can be dragged to another place (the app gave `onMoveItems`).
    var canMoveItems: Bool { editActions.move != nil }

    /// Whether rows can be deleted (the app gave `onDeleteItems`).
    var canDeleteItems: Bool { editActions.delete != nil }

    /// Forwards a move the view made (`collectionView(_:moveItemAt:to:)`) with the app's
    /// write. Without `onMoveItems` the view should not have moved a row
    /// (`canMoveItemAt` said no); should it have, the view is reloaded from the list.
    func moveItem(from source: ItemPath, to destination: ItemPath) {
        guard let connector else { return }
        guard let write = editActions.move else {
            connector.view?.reloadListData()
            return
        }
        connector.moveItem(from: source, to: destination, write: write)
    }

    /// The delete of the item at `path` that a swipe action runs when confirmed (the item
    /// found again by its identifier then), or `nil` when rows cannot be deleted.
    func deletion(ofItemAt path: ItemPath) -> (@MainActor () -> Bool)? {
        guard let connector, let write = editActions.delete else { return nil }
        return connector.deletion(ofItemAt: path, write: write)
    }

    /// Deletes the items at `paths` with the app's write; the view loses them before this
    /// returns. Does nothing without `onDeleteItems`.
    func deleteItems(at paths: [ItemPath]) {
        guard let connector, let write = editActions.delete else { return }
        connector.deleteItems(at: paths, write: write)
    }

    /// Routes the connector's edit failures to the app's `onEditFailure`, or to the
    /// adapter's logger when it gave none.
    func routeEditFailures() {
        connector?.onEditFailure = editActions.failure
    }
}

extension AdapterListModel {
    /// Takes in a row dropped above `dropRow` of the flat table (macOS): see
    /// `ListViewConnector.moveRow(_:droppedAbove:write:)`. `false` without `onMoveItems` or
    /// for a refused drop.
    func moveRow<Base>(_ row: Int, droppedAbove dropRow: Int) -> Bool where View == GroupedListView<Base> {
        guard let connector, let write = editActions.move else { return false }
        return connector.moveRow(row, droppedAbove: dropRow, write: write)
    }

    /// Deletes what the Delete key (`clickedRow` -1) or a context menu's Delete is about on
    /// a Mac: see `ListViewConnector.deleteItems(forClickedRow:write:)`.
    @discardableResult
    func deleteItems<Base>(forClickedRow clickedRow: Int) -> Bool where View == GroupedListView<Base> {
        guard let connector, let write = editActions.delete else { return false }
        return connector.deleteItems(forClickedRow: clickedRow, write: write)
    }
}
