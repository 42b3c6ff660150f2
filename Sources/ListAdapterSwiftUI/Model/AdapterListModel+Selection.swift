import Dispatch
import ListAdapter

extension AdapterListModel {
    /// Makes the app's selection (the binding's value) the adapter's and the view's, by
    /// identity. Call it whenever SwiftUI updates the view (`updateUIView`); it does
    /// nothing when the value is the one already agreed on.
    ///
    /// Identifiers the list does not have are dropped, and the binding is told the
    /// selection kept on the next main-queue turn (writing it during a view update is
    /// undefined behaviour in SwiftUI). Before the first load has completed, the wish is
    /// kept and applied to the first list instead.
    ///
    /// - Complexity: O(k log k) for k selected items, plus the items the view shows selected.
    func updateSelection(to wanted: Set<ID>) {
        guard wanted != agreedSelection || pendingSelection != nil else { return }
        if adapter.loadState == .loading && adapter.numberOfSections == 0 {
            pendingSelection = wanted
            return
        }
        pendingSelection = nil
        adapter.selectedIdentifiers = wanted
        let kept = adapter.selectedIdentifiers
        agreedSelection = kept
        showSelection()
        guard kept != wanted else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                // A later change may have agreed on something else meanwhile.
                guard let self, self.agreedSelection == kept else { return }
                self.selectionDidChange?(kept)
            }
        }
    }

    /// The user selected the item at `path` in the view (`didSelectItemAt`).
    func didSelectItem(at path: ItemPath) {
        adapter.setSelected(true, at: path)
        publishSelection()
    }

    /// The user deselected the item at `path` in the view (`didDeselectItemAt`).
    func didDeselectItem(at path: ItemPath) {
        adapter.setSelected(false, at: path)
        publishSelection()
    }

    /// The user changed the selection in a view that reports it whole (`NSTableView`'s
    /// `selectionIndexesForProposedSelection`): the items at `paths` are now the selection.
    ///
    /// - Complexity: O(k) for k paths, plus O(k') to compare with the k' selected before.
    func didChangeSelection(toItemsAt paths: [ItemPath]) {
        adapter.selectedIdentifiers = Set(paths.compactMap(adapter.identifier(at:)))
        publishSelection()
    }

    /// After the list changed: applies a selection wished for before the first load, and
    /// tells the app when selected items left the list. (The connector already re-selected
    /// the rows in the view by identity.)
    func listChanged() {
        if let pending = pendingSelection {
            pendingSelection = nil
            agreedSelection = []
            adapter.selectedIdentifiers = pending
            showSelection()
            if adapter.selectedIdentifiers != pending {
                publishSelection()
            } else {
                agreedSelection = pending
            }
            return
        }
        publishSelection()
    }

    /// Tells the app the adapter's selection, less the items the list no longer has, if
    /// it differs from the one agreed on.
    private func publishSelection() {
        let snapshot = adapter.snapshot
        let now = adapter.selectedIdentifiers.filter { snapshot.contains($0) }
        guard now != agreedSelection else { return }
        agreedSelection = now
        selectionDidChange?(now)
    }

    /// Selects in the view exactly the rows of the adapter's selection.
    ///
    /// - Complexity: O(k log k) for k selected items.
    private func showSelection() {
        guard let view = connector?.view else { return }
        let wanted = adapter.selectedPaths
        let current = view.selectedListPaths
        let wantedSet = Set(wanted)
        let currentSet = Set(current)
        for path in current where !wantedSet.contains(path) { view.deselectListItem(at: path) }
        for path in wanted where !currentSet.contains(path) { view.selectListItem(at: path) }
    }
}
