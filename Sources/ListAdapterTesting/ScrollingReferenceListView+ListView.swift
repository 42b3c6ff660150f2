public import ListAdapter

/// The ``ListAdapter/ListView`` conformance: what a connector calls, applied the way UIKit
/// applies it.
extension ScrollingReferenceListView: ListView, BatchRecordingListView {
    // MARK: Updates

    /// Discards every cell (to the reuse pool) and the selection, reads the data source
    /// afresh and lays the visible range out.
    public func reloadListData() {
        model.reloadData(from: dataSource())
        reloadCount += 1
        pool += visibleCells.map(\.cell)
        visibleCells = []
        selection = []
        recomputeGeometry()
        layout(keeping: [])
    }

    // MARK: Cells

    /// A cell from the reuse pool; during a reconfigure, the cell being reconfigured.
    public func dequeueListCell(reuseIdentifier: String, at path: ItemPath) -> Cell {
        if let reconfiguring, reconfiguring.path == path {
            reconfiguring.cell.dequeueCount += 1
            return reconfiguring.cell
        }
        return dequeueCell()
    }

    public var visibleListPaths: [ItemPath] { visibleCells.map(\.path) }

    public func visibleListCell(at path: ItemPath) -> Cell? {
        visibleCells.first { $0.path == path }?.cell
    }

    public var isListInWindow: Bool { isInWindow }

    // MARK: Scrolling

    /// The content offset; setting it does not clamp (UIKit's `contentOffset` does not either).
    public var listContentOffset: Double {
        get { contentOffset }
        set { setContentOffset(newValue) }
    }

    public func listOffset(ofItemAt path: ItemPath) -> Double? {
        modelContains(path) ? top(of: path) : nil
    }

    // MARK: Selection

    public var selectedListPaths: [ItemPath] { selection.sorted() }
    public func selectListItem(at path: ItemPath) { if modelContains(path) { selection.insert(path) } }
    public func deselectListItem(at path: ItemPath) { selection.remove(path) }

    // MARK: Counts

    public var listSectionCount: Int { model.numberOfSections }
    public func listItemCount(inSection section: Int) -> Int { model.numberOfItems(inSection: section) }
    public var dataSourceSectionCount: Int { dataSource().numberOfSections }
    public func dataSourceItemCount(inSection section: Int) -> Int { dataSource().numberOfItems(inSection: section) }

    // MARK: - Applying a batch

    /// Validates `update` against the model and the data source; if UIKit accepts it,
    /// moves the cells: cells of deleted and reloaded items go to the pool, the others
    /// follow their items, selection follows the selected items.
    package func commitRecordedUpdate(_ update: BatchUpdate) {
        let data = dataSource()
        var keptCells = visibleCells
        if !isInWindow {
            // Not laid out: the counts are read from the data source at the start.
            model.reloadData(from: data)
            pool += keptCells.map(\.cell)
            keptCells = []
            selection = []
        }
        let goneSections = Set(update.deleteSections + update.reloadSections)
        let gonePaths = Set(update.deleteItems + update.reloadItems)
        func leaves(_ path: ItemPath) -> Bool { goneSections.contains(path.section) || gonePaths.contains(path) }
        let reconfigured = Set(update.reconfigureItems.filter(modelContains).map { model.cell(at: $0).id })
        let selectedIDs = Set(selection.filter { modelContains($0) && !leaves($0) }.map { model.cell(at: $0).id })
        let before = model
        do {
            try model.performBatchUpdates(update, dataSource: data)
        } catch {
            rejections.append(error)
            return
        }
        batchCount += 1
        var kept: [(id: ID, cell: Cell)] = []
        for entry in keptCells {
            if leaves(entry.path) { pool.append(entry.cell) } else { kept.append((before.cell(at: entry.path).id, entry.cell)) }
        }
        recomputeGeometry()
        selection = selectedIDs.isEmpty ? [] : paths(of: selectedIDs)
        layout(keeping: kept, reconfigured: reconfigured)
    }

    /// The paths of the items `ids` in the model. O(n).
    private func paths(of ids: Set<ID>) -> Set<ItemPath> {
        var found = Set<ItemPath>()
        for (section, content) in model.sections.enumerated() {
            for (item, cell) in content.cells.enumerated() where ids.contains(cell.id) {
                found.insert(ItemPath(section: section, item: item))
            }
        }
        return found
    }
}
