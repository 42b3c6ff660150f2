/// The ``ListView`` conformance: section and item operations recorded and replayed as row
/// operations; rows converted to item paths and back (title rows are not items). Main
/// actor only.
extension GroupedListView {
    // MARK: Updates

    /// Records the operations `updates` calls, then replays them on the flat view as one
    /// ``GroupedRowUpdate``.
    public func performListUpdates(_ updates: @escaping () -> Void) {
        precondition(pending == nil, "GroupedListView: performListUpdates was called inside another performListUpdates")
        pending = BatchUpdate()
        updates()
        let update = pending ?? BatchUpdate()
        pending = nil
        perform(update)
    }

    public func deleteListSections(_ sections: [Int]) { record { $0.deleteSections += sections } }
    public func insertListSections(_ sections: [Int]) { record { $0.insertSections += sections } }
    public func reloadListSections(_ sections: [Int]) { record { $0.reloadSections += sections } }
    public func moveListSection(_ section: Int, to newSection: Int) { record { $0.moveSections.append(SectionMove(from: section, to: newSection)) } }
    public func deleteListItems(at paths: [ItemPath]) { record { $0.deleteItems += paths } }
    public func insertListItems(at paths: [ItemPath]) { record { $0.insertItems += paths } }
    public func reloadListItems(at paths: [ItemPath]) { record { $0.reloadItems += paths } }
    public func moveListItem(at path: ItemPath, to newPath: ItemPath) { record { $0.moveItems.append(ItemMove(from: path, to: newPath)) } }
    public func reconfigureListItems(at paths: [ItemPath]) { record { $0.reconfigureItems += paths } }

    /// Reads the adapter's list and reloads the flat view.
    public func reloadListData() { reloadBase() }

    /// Adds an operation to the open batch; outside one, performs it as a batch of its own.
    private func record(_ operation: (inout BatchUpdate) -> Void) {
        if pending != nil {
            operation(&pending!)
        } else {
            var update = BatchUpdate()
            operation(&update)
            perform(update)
        }
    }

    // MARK: Cells

    /// A cell for the item at `path`: the flat view's reusable one, or a new one from the
    /// factory when none is registered.
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
