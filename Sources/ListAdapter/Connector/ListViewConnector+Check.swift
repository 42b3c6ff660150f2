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
        if let (section, found, expected) = Self.firstDifference(
            sections: view.listSectionCount, items: view.listItemCount(inSection:), from: before
        ) {
            let what = section.map { "\(found) items in section \($0)" } ?? "\(found) sections"
            return ListViewInconsistency(
                .viewOutOfStep, section: section,
                message: "The list view shows \(what), but the connector last gave it \(expected): it was reloaded or updated outside the connector (a reloadData or performBatchUpdates of your own?)."
            )
        }
        if let (section, found, expected) = Self.firstDifference(
            sections: view.dataSourceSectionCount, items: view.dataSourceItemCount(inSection:), from: after
        ) {
            let what = section.map { "\(found) items in section \($0)" } ?? "\(found) sections"
            let answer = section.map { "adapter.numberOfItems(inSection: \($0))" } ?? "adapter.numberOfSections"
            return ListViewInconsistency(
                .dataSourceOutOfStep, section: section,
                message: "The list view's data source reports \(what), but the adapter has \(expected): answer from \(answer)."
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

    /// The first count that differs from `expected`'s: the number of sections (`nil`
    /// section), else the first section whose item count differs. O(S).
    private static func firstDifference(
        sections: Int, items: (Int) -> Int, from expected: ListSnapshot<ID, Summary>
    ) -> (section: Int?, found: Int, expected: Int)? {
        if sections != expected.numberOfSections { return (nil, sections, expected.numberOfSections) }
        for section in 0 ..< sections {
            let count = items(section)
            if count != expected.numberOfItems(inSection: section) { return (section, count, expected.numberOfItems(inSection: section)) }
        }
        return nil
    }
}
