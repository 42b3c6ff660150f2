import ListAdapter

/// Geometry, the visible range, cell reuse and prefetching.
extension ScrollingReferenceListView {
    /// Recomputes section positions after the model changed. O(S).
    func recomputeGeometry() {
        sectionTops.removeAll(keepingCapacity: true)
        itemStarts.removeAll(keepingCapacity: true)
        var top = 0.0
        var start = 0
        for section in 0 ..< model.numberOfSections {
            sectionTops.append(top)
            itemStarts.append(start)
            let count = model.numberOfItems(inSection: section)
            top += geometry.headerHeight + Double(count) * geometry.itemHeight
            start += count
        }
        contentHeight = top
    }

    /// The top of the item at `path` in content coordinates. O(1).
    func top(of path: ItemPath) -> Double {
        sectionTops[path.section] + geometry.headerHeight + Double(path.item) * geometry.itemHeight
    }

    /// The paths of the items that intersect the visible area, in order. O(S + v).
    func computeVisiblePaths() -> [ItemPath] {
        let bottom = contentOffset + geometry.viewportHeight
        var paths: [ItemPath] = []
        for section in 0 ..< model.numberOfSections {
            let count = model.numberOfItems(inSection: section)
            let itemsTop = sectionTops[section] + geometry.headerHeight
            let itemsBottom = itemsTop + Double(count) * geometry.itemHeight
            guard count > 0, itemsBottom > contentOffset, itemsTop < bottom else { continue }
            let first = max(0, Int(((contentOffset - itemsTop) / geometry.itemHeight).rounded(.down)))
            let last = min(count - 1, Int(((bottom - itemsTop) / geometry.itemHeight).rounded(.up)) - 1)
            if first <= last {
                for item in first ... last { paths.append(ItemPath(section: section, item: item)) }
            }
        }
        return paths
    }

    func setContentOffset(_ offset: Double) {
        contentOffset = offset
        layout(keeping: visibleCells.map { (model.cell(at: $0.path).id, $0.cell) })
    }

    /// A cell from the reuse pool, or a new one.
    func dequeueCell() -> Cell {
        let cell: Cell
        if let reused = pool.popLast() {
            cell = reused
        } else {
            cell = Cell()
            createdCellCount += 1
        }
        cell.dequeueCount += 1
        return cell
    }

    /// Lays the visible range out: a cell that stays on screen keeps its object (found by
    /// the item it holds), a path that comes into view gets a cell from the data source,
    /// and cells that leave go back to the pool. Kept cells of `reconfigured` items are
    /// handed to the data source again, as UIKit's `reconfigureItems` does.
    func layout(keeping kept: [(id: ID, cell: Cell)], reconfigured: Set<ID> = []) {
        var keptByID: [ID: Int] = [:]
        for (index, entry) in kept.enumerated() where keptByID[entry.id] == nil { keptByID[entry.id] = index }
        var used = [Bool](repeating: false, count: kept.count)
        var placed: [(path: ItemPath, cell: Cell?)] = []
        for path in computeVisiblePaths() {
            let id = model.cell(at: path).id
            if let index = keptByID[id], !used[index] {
                used[index] = true
                placed.append((path, kept[index].cell))
            } else {
                placed.append((path, nil))
            }
        }
        for (index, entry) in kept.enumerated() where !used[index] { pool.append(entry.cell) }
        // Cells on screen are visible to the data source while it configures the others.
        visibleCells = placed.compactMap { entry in entry.cell.map { (entry.path, $0) } }
        for (index, entry) in placed.enumerated() {
            if let cell = entry.cell {
                if reconfigured.contains(model.cell(at: entry.path).id) { placed[index].cell = reconfigure(cell, at: entry.path) }
            } else {
                placed[index].cell = provideCell(at: entry.path)
            }
            visibleCells = placed.compactMap { entry in entry.cell.map { (entry.path, $0) } }
        }
        updatePrefetching()
    }

    private func provideCell(at path: ItemPath) -> Cell {
        let start = ThreadCPUClock.now
        defer { cellProviderCPUTime += ThreadCPUClock.now - start }
        return cellProvider?(path) ?? dequeueCell()
    }

    /// Runs the view's own work, adding its CPU time (less the data source's) to
    /// ``ownCPUTime``.
    func timingOwnWork<Result>(_ body: () -> Result) -> Result {
        ownWorkDepth += 1
        let start = ThreadCPUClock.now
        let providedBefore = cellProviderCPUTime
        defer {
            ownWorkDepth -= 1
            if ownWorkDepth == 0 { ownCPUTime += (ThreadCPUClock.now - start) - (cellProviderCPUTime - providedBefore) }
        }
        return body()
    }

    private func reconfigure(_ cell: Cell, at path: ItemPath) -> Cell {
        reconfiguring = (path, cell)
        defer { reconfiguring = nil }
        return provideCell(at: path)
    }

    /// Asks to prefetch the paths that came within ``Geometry/prefetchDistance`` of the
    /// visible range and cancels those that left it without becoming visible.
    func updatePrefetching() {
        var window = Set<ItemPath>()
        if let first = visibleCells.first?.path, let last = visibleCells.last?.path {
            let total = itemStarts.last.map { $0 + model.numberOfItems(inSection: itemStarts.count - 1) } ?? 0
            let firstFlat = itemStarts[first.section] + first.item
            let lastFlat = itemStarts[last.section] + last.item
            let ahead = (lastFlat + 1) ..< min(total, lastFlat + 1 + geometry.prefetchDistance)
            let behind = max(0, firstFlat - geometry.prefetchDistance) ..< firstFlat
            for flat in behind { window.insert(path(ofFlatIndex: flat)) }
            for flat in ahead { window.insert(path(ofFlatIndex: flat)) }
        }
        let visible = Set(visibleCells.map(\.path))
        let requested = window.subtracting(prefetched).sorted()
        let cancelled = prefetched.subtracting(window).subtracting(visible).sorted()
        prefetched = window
        if !cancelled.isEmpty {
            prefetchLog.cancelled += cancelled
            cancelPrefetchingHandler?(cancelled)
        }
        if !requested.isEmpty {
            prefetchLog.requested += requested
            prefetchHandler?(requested)
        }
    }

    /// The path of the item at `flat` counting from the top of the list. O(log S).
    private func path(ofFlatIndex flat: Int) -> ItemPath {
        var low = 0
        var high = itemStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if itemStarts[middle] <= flat { low = middle } else { high = middle - 1 }
        }
        // An empty section shares its start with the next one, and the search takes the
        // last section starting at or before `flat`: one that has items there.
        return ItemPath(section: low, item: flat - itemStarts[low])
    }
}
