extension ListViewConnector {
    /// The debug-build check of a batch before the view sees it, or `nil` when it fits:
    /// the view shows what the connector last gave it, the view's data source reports the
    /// batch's `after` counts, and the batch takes the one to the other by UIKit's count
    /// rules. Each finding names its cause and what to do, instead of UIKit's
    /// "invalid number of rows" from deep inside `performBatchUpdates`.
    ///
    /// - Complexity: O(S + p) for S sections and p operations.
    func inconsistency(of batch: ListBatch<ID, Summary>, in view: View) -> ListViewInconsistency? {
        let before = shown
        let after = batch.after
        if view.listSectionCount != before.numberOfSections {
            return ListViewInconsistency(
                .viewOutOfStep, section: nil,
                message: "The list view shows \(view.listSectionCount) sections, but the connector last gave it \(before.numberOfSections): it was reloaded or updated outside the connector (a reloadData or performBatchUpdates of your own?)."
            )
        }
        for section in 0 ..< before.numberOfSections where view.listItemCount(inSection: section) != before.numberOfItems(inSection: section) {
            return ListViewInconsistency(
                .viewOutOfStep, section: section,
                message: "The list view shows \(view.listItemCount(inSection: section)) items in section \(section), but the connector last gave it \(before.numberOfItems(inSection: section)): it was reloaded or updated outside the connector (a reloadData or performBatchUpdates of your own?)."
            )
        }
        if view.dataSourceSectionCount != after.numberOfSections {
            return ListViewInconsistency(
                .dataSourceOutOfStep, section: nil,
                message: "The list view's data source reports \(view.dataSourceSectionCount) sections, but the adapter has \(after.numberOfSections): answer numberOfSections from adapter.numberOfSections."
            )
        }
        for section in 0 ..< after.numberOfSections where view.dataSourceItemCount(inSection: section) != after.numberOfItems(inSection: section) {
            return ListViewInconsistency(
                .dataSourceOutOfStep, section: section,
                message: "The list view's data source reports \(view.dataSourceItemCount(inSection: section)) items in section \(section), but the adapter has \(after.numberOfItems(inSection: section)): answer from adapter.numberOfItems(inSection: \(section))."
            )
        }
        let oldCounts = (0 ..< before.numberOfSections).map { before.numberOfItems(inSection: $0) }
        let newCounts = (0 ..< after.numberOfSections).map { after.numberOfItems(inSection: $0) }
        if let mismatch = batch.update.countMismatch(from: oldCounts, to: newCounts) {
            return ListViewInconsistency(
                .batchDoesNotFit, section: nil,
                message: "A batch from the adapter does not fit the list it was computed for (\(mismatch)). This is a ListAdapter bug: please report it with the two lists."
            )
        }
        return nil
    }
}
