public import ListAdapter

/// The `ListView` conformance: what a connector calls, applied the way UIKit
/// applies it.
extension ScrollingReferenceListView: ListView, BatchRecordingListView {
    // MARK: Updates

    /// Discards every cell (to the reuse pool) and the selection, reads the data source
    /// afresh and lays the visible range out.
    public func reloadListData() {
        timingOwnWork { reloadAll() }
    }

    private func reloadAll() {
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
    ///
    /// - Parameters:
    ///   - reuseIdentifier: the kind of cell asked for; the view keeps one pool for every kind.
    ///   - path: the path the cell is for; during a reconfigure of that path, its own cell is
    ///     returned.
    /// - Returns: the reconfigured cell, a cell from the pool, or a new one when the pool is empty.
    public func dequeueListCell(reuseIdentifier: String, at path: ItemPath) -> Cell {
        if let reconfiguring, reconfiguring.path == path {
            reconfiguring.cell.dequeueCount += 1
            return reconfiguring.cell
        }
        return dequeueCell()
    }

    /// The paths of the cells on screen, in list order. Main actor.
    public var visibleListPaths: [ItemPath] { visibleCells.map(\.path) }

    /// The cell on screen at `path`, or `nil` when that item is not visible. Main actor.
    ///
    /// - Parameter path: the path of an item.
    /// - Returns: the cell on screen at `path`; `nil` when the item is not visible.
    public func visibleListCell(at path: ItemPath) -> Cell? {
        visibleCells.first { $0.path == path }?.cell
    }

    /// Whether the view is in a window (``isInWindow``). Main actor.
    public var isListInWindow: Bool { isInWindow }

    // MARK: Scrolling

    /// The content offset; setting it does not clamp (UIKit's `contentOffset` does not either).
    public var listContentOffset: Double {
        get { contentOffset }
        set { setContentOffset(newValue) }
    }

    /// The top of the item at `path` in content coordinates, or `nil` for a path the view does
    /// not show. Main actor.
    ///
    /// - Parameter path: the path of an item.
    /// - Returns: the item's top in content coordinates, in points, its section's header included
    ///   above it; `nil` for a path the view does not show.
    public func listOffset(ofItemAt path: ItemPath) -> Double? {
        modelContains(path) ? top(of: path) : nil
    }

    // MARK: Selection

    /// The selected paths, in list order. Main actor.
    public var selectedListPaths: [ItemPath] { selection.sorted() }
    /// Selects the item at `path` (a path the view does not show is ignored). Main actor.
    ///
    /// - Parameter path: the path of the item to select, as the view holds it now.
    public func selectListItem(at path: ItemPath) { if modelContains(path) { selection.insert(path) } }
    /// Deselects the item at `path`. Main actor.
    ///
    /// - Parameter path: the path of the item to deselect; a path not selected is ignored.
    public func deselectListItem(at path: ItemPath) { selection.remove(path) }

    // MARK: Counts

    /// The number of sections the view holds now. Main actor.
    public var listSectionCount: Int { model.numberOfSections }
    /// The number of items the view holds now in `section`. Main actor.
    ///
    /// - Parameter section: a section the view holds.
    /// - Returns: the number of items the view holds in `section` now, which may differ from the
    ///   data source's until a batch is committed.
    public func listItemCount(inSection section: Int) -> Int { model.numberOfItems(inSection: section) }
    /// The number of sections the data source reports (``dataSource``). Main actor.
    public var dataSourceSectionCount: Int { dataSource().numberOfSections }
    /// The number of items the data source reports in `section`. Main actor.
    ///
    /// - Parameter section: a section of the data source's list.
    /// - Returns: the number of items ``dataSource`` reports in `section`.
    public func dataSourceItemCount(inSection section: Int) -> Int { dataSource().numberOfItems(inSection: section) }

    // MARK: - Applying a batch

    /// Validates `update` against the model and the data source; if UIKit accepts it,
    /// moves the cells: cells of deleted and reloaded items go to the pool, the others
    /// follow their items, selection follows the selected items.
    package func commitRecordedUpdate(_ update: BatchUpdate) {
        timingOwnWork { commit(update) }
    }

    private func commit(_ update: BatchUpdate) {
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
    func paths(of ids: Set<ID>) -> Set<ItemPath> {
        var found = Set<ItemPath>()
        for (section, content) in model.sections.enumerated() {
            for (item, cell) in content.cells.enumerated() where ids.contains(cell.id) {
                found.insert(ItemPath(section: section, item: item))
            }
        }
        return found
    }
}
