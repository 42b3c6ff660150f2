public import ListAdapter

extension ReferenceListView {
    /// Checks every displayed cell against `snapshot`, the data source's current state.
    ///
    /// The checks run from the coarsest to the finest, and the first disagreement is thrown:
    /// the number of sections; the number of items of each section; each section's title;
    /// then, cell by cell in order, its identifier and its summary.
    ///
    /// - Parameter snapshot: the list the data source holds now.
    /// - Throws: ``ReferenceListViewError/countMismatch(section:shown:expected:)``,
    ///   ``ReferenceListViewError/sectionTitleMismatch(section:shown:expected:)``,
    ///   ``ReferenceListViewError/wrongIdentity(path:expected:actual:)`` when a cell shows
    ///   another item than the one at its path, or
    ///   ``ReferenceListViewError/staleCell(path:id:shown:expected:)`` when it shows the
    ///   right item with an outdated summary.
    /// - Complexity: O(n) for n items.
    public func verifyCells(against snapshot: ListSnapshot<ID, Summary>) throws(ReferenceListViewError<ID, Summary>) {
        guard sections.count == snapshot.numberOfSections else {
            throw .countMismatch(section: nil, shown: sections.count, expected: snapshot.numberOfSections)
        }
        for (index, section) in sections.enumerated() {
            let count = snapshot.numberOfItems(inSection: index)
            guard section.cells.count == count else {
                throw .countMismatch(section: index, shown: section.cells.count, expected: count)
            }
        }
        for (index, section) in sections.enumerated() {
            let title = snapshot.title(ofSection: index)
            guard section.title == title else {
                throw .sectionTitleMismatch(section: index, shown: section.title, expected: title)
            }
        }
        for (index, section) in sections.enumerated() {
            for (item, cell) in section.cells.enumerated() {
                let path = ItemPath(section: index, item: item)
                let id = snapshot.identifier(at: path)
                guard cell.id == id else {
                    throw .wrongIdentity(path: path, expected: id, actual: cell.id)
                }
                let summary = snapshot.summary(at: path)
                guard cell.summary == summary else {
                    throw .staleCell(path: path, id: id, shown: cell.summary, expected: summary)
                }
            }
        }
    }
}
