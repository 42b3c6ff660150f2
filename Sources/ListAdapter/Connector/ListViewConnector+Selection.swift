extension ListViewConnector {
    /// Makes the view's selection the adapter's, by identity: selects the current paths
    /// of the selected identifiers and deselects anything else. UIKit drops the selection
    /// of reloaded rows and on `reloadData`; this puts it back where the items now are.
    ///
    /// - Complexity: O(k log k) for k selected items.
    func reapplySelection(in view: View) {
        let wanted = adapter.selectedPaths
        let current = view.selectedListPaths
        if wanted.isEmpty && current.isEmpty { return }
        let wantedSet = Set(wanted)
        let currentSet = Set(current)
        for path in current.sorted() where !wantedSet.contains(path) { view.deselectListItem(at: path) }
        for path in wanted where !currentSet.contains(path) { view.selectListItem(at: path) }
    }
}
