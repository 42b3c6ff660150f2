/// The ``ListView`` conformance: section and item operations recorded and replayed as row
/// operations; rows converted to item paths and back (title rows are not items). Main
/// actor only.
extension GroupedListView {
    // MARK: Updates

    /// Reads the adapter's list and reloads the flat view.
    public func reloadListData() { reloadBase() }

    // MARK: Cells

    /// A cell for the item at `path`: the flat view's reusable one, or a new one from the
    /// factory when none is registered.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: the identifier the cell was registered under, or the one handed
    ///     to the factory when none is.
    ///   - path: the item's path in the adapter's current list.
    /// - Returns: a cell for the item's row.
    public func dequeueListCell(reuseIdentifier: String, at path: ItemPath) -> Cell {
        cell(reuseIdentifier: reuseIdentifier, forRow: rows.contains(path) ? rows.row(of: path) : -1)
    }

    /// The items on screen; title rows left out.
    public var visibleListPaths: [ItemPath] {
        let visible = base.visibleListRows.clamped(to: 0 ..< shownRows.rowCount)
        return visible.compactMap(shownRows.path(ofRow:))
    }

    public func visibleListCell(at path: ItemPath) -> Cell? {
        shownRows.contains(path) ? base.visibleListCell(atRow: shownRows.row(of: path)) : nil
    }

    public var isListInWindow: Bool { base.isListInWindow }

    // MARK: Scrolling

    public var listContentOffset: Double {
        get { base.listContentOffset }
        set { base.listContentOffset = newValue }
    }

    public func listOffset(ofItemAt path: ItemPath) -> Double? {
        shownRows.contains(path) ? base.listOffset(ofRow: shownRows.row(of: path)) : nil
    }

    // MARK: Selection

    /// The selected items; selected title rows left out.
    public var selectedListPaths: [ItemPath] { base.selectedListRows.compactMap(shownRows.path(ofRow:)) }

    public func selectListItem(at path: ItemPath) {
        if shownRows.contains(path) { base.selectListRow(shownRows.row(of: path)) }
    }

    public func deselectListItem(at path: ItemPath) {
        if shownRows.contains(path) { base.deselectListRow(shownRows.row(of: path)) }
    }

    // MARK: Counts

    /// The sections the flat view was last given.
    public var listSectionCount: Int { shownRows.sectionCount }
    public func listItemCount(inSection section: Int) -> Int { shownRows.itemCount(inSection: section) }
    /// The adapter's sections (the table's own data source is checked in rows, before each batch).
    public var dataSourceSectionCount: Int { sectionCount() }
    public func dataSourceItemCount(inSection section: Int) -> Int { itemCount(section) }
}
