public import ListAdapter

/// The `FlatListView` conformance: each call applied the way AppKit applies
/// it, checked first. Main actor only.
extension FlatReferenceTableView: FlatListView {
    // MARK: Updates

    /// Opens a group of row updates (`beginUpdates()`); groups nest, and only the outermost one
    /// commits. Main actor.
    public func beginListUpdates() {
        if updateDepth == 0 {
            rowsBeforeUpdates = rows
            countsBeforeUpdates = (removedRowCount, insertedRowCount, movedRowCount)
            refusal = nil
        }
        updateDepth += 1
    }

    /// Closes the group; the outermost one checks the row count against the data source,
    /// reads the new rows' contents and lays the cells out, or undoes the group.
    public func endListUpdates() {
        precondition(updateDepth > 0, "FlatReferenceTableView: endUpdates() without beginUpdates()")
        updateDepth -= 1
        guard updateDepth == 0 else { return }
        let expected = dataSourceCount()
        if refusal == nil && rows.count != expected {
            refusal = Rejection(call: "endUpdates()", message: "the table holds \(rows.count) rows after its updates, but its data source reports \(expected)")
        }
        if let refusal {
            rejections.append(refusal)
            rows = rowsBeforeUpdates
            (removedRowCount, insertedRowCount, movedRowCount) = countsBeforeUpdates
        } else {
            updateCount += 1
            for index in rows.indices where rows[index].content == nil { rows[index].content = dataSourceContent?(index) }
        }
        refusal = nil
        rowsBeforeUpdates = []
        let present = Set(rows.map(\.serial))
        selection.formIntersection(present)
        contentOffset = min(contentOffset, maximumContentOffset)
        layout()
    }

    /// Removes the rows at `indexes` (rows as they are now) at once; an index out of range is a
    /// rejection. Main actor.
    ///
    /// - Parameter indexes: the rows to remove, in the table's rows before the call, in any order;
    ///   repeats count once.
    public func removeListRows(at indexes: [Int]) {
        update("removeRows(at:)") {
            let removed = Set(indexes)
            if let bad = removed.sorted().first(where: { !rows.indices.contains($0) }) {
                return "row \(bad) is out of range: the table has \(rows.count) rows"
            }
            rows = rows.indices.filter { !removed.contains($0) }.map { rows[$0] }
            removedRowCount += removed.count
            return nil
        }
    }

    /// Inserts new rows at `indexes` (the rows they have once inserted) at once, their content
    /// read at `endUpdates()`; an index out of range is a rejection. Main actor.
    ///
    /// - Parameter indexes: where the new rows go, as rows of the table once they are inserted, in
    ///   any order; repeats count once.
    public func insertListRows(at indexes: [Int]) {
        update("insertRows(at:)") {
            let sorted = Set(indexes).sorted()
            // As NSMutableArray's insertObjects(_:at:): each index, ascending, at most the
            // count once the ones before it are inserted.
            for (inserted, index) in sorted.enumerated() where index < 0 || index > rows.count + inserted {
                return "row \(index) is out of range: the table has \(rows.count) rows and \(sorted.count) are inserted"
            }
            for index in sorted { rows.insert(newRow(nil), at: index) }
            insertedRowCount += sorted.count
            return nil
        }
    }

    /// Moves the row at `row` to `newRow`, its row after the move, keeping what it shows; a row
    /// out of range is a rejection. Main actor.
    ///
    /// - Parameters:
    ///   - row: the row to move, as the table holds it before the call.
    ///   - newRow: the row it has after the move.
    public func moveListRow(at row: Int, to newRow: Int) {
        update("moveRow(at:to:)") {
            guard rows.indices.contains(row), rows.indices.contains(newRow) else {
                return "a move from row \(row) to row \(newRow) is out of range: the table has \(rows.count) rows"
            }
            rows.insert(rows.remove(at: row), at: newRow)
            movedRowCount += 1
            return nil
        }
    }

    /// Reads the rows' contents again and asks for new cells for those on screen.
    ///
    /// - Parameter indexes: the rows to read again, as the table holds them; one out of range is a
    ///   rejection and nothing is reloaded.
    public func reloadListRows(at indexes: [Int]) {
        if let bad = indexes.first(where: { !rows.indices.contains($0) }) {
            rejections.append(Rejection(call: "reloadData(forRowIndexes:)", message: "row \(bad) is out of range: the table has \(rows.count) rows"))
            return
        }
        for index in indexes { rows[index].content = dataSourceContent?(index) }
        reloadedRowCount += indexes.count
        layout(reloading: Set(indexes.map { rows[$0].serial }))
    }

    /// Reads every row from the data source; the selection keeps its rows, as AppKit's does.
    public func reloadListData() {
        let selectedRows = selectedListRows
        rows = (0 ..< dataSourceCount()).map { newRow(dataSourceContent?($0)) }
        selection = Set(selectedRows.filter(rows.indices.contains).map { rows[$0].serial })
        reloadCount += 1
        contentOffset = min(contentOffset, maximumContentOffset)
        layout(reloading: Set(shownCells.map(\.serial)))
    }

    // MARK: Cells

    /// A cell from the reuse pool, else a new one from ``registeredCell``, else `nil`.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: the kind of cell asked for; the table keeps one pool for every kind.
    ///   - row: the row the cell is for; not used.
    /// - Returns: a cell from the pool, else a new one from ``registeredCell``; `nil` when the pool
    ///   is empty and no cell is registered.
    public func makeListCell(reuseIdentifier: String, forRow row: Int) -> Cell? {
        if let cell = pool.popLast() { return cell }
        guard let registeredCell else { return nil }
        createdCellCount += 1
        return registeredCell()
    }

    /// The rows in the visible area, from ``contentOffset`` and the geometry. Main actor.
    public var visibleListRows: Range<Int> {
        guard !rows.isEmpty else { return 0 ..< 0 }
        let first = max(0, Int((contentOffset / geometry.rowHeight).rounded(.down)))
        let end = min(rows.count, Int(((contentOffset + geometry.viewportHeight) / geometry.rowHeight).rounded(.up)))
        return first < end ? first ..< end : 0 ..< 0
    }

    /// The cell on screen at `row`, or `nil` when that row is not visible. Main actor.
    ///
    /// - Parameter row: a row of the table.
    /// - Returns: the cell on screen at `row`; `nil` when the row is outside the visible area, out
    ///   of range, or has no cell.
    public func visibleListCell(atRow row: Int) -> Cell? {
        shownCells.first { $0.row == row }?.cell
    }

    /// Whether the table is in a window (``isInWindow``). Main actor.
    public var isListInWindow: Bool { isInWindow }

    // MARK: Scrolling

    /// The content offset; setting it keeps it within the content, as AppKit's clip view does.
    public var listContentOffset: Double {
        get { contentOffset }
        set { scroll(to: newValue) }
    }

    /// The top of `row` in content coordinates, or `nil` for a row the table does not hold.
    /// Main actor.
    ///
    /// - Parameter row: a row of the table.
    /// - Returns: the row's top, `row` × ``Geometry/rowHeight``; `nil` when the table does not hold
    ///   `row`.
    public func listOffset(ofRow row: Int) -> Double? {
        rows.indices.contains(row) ? Double(row) * geometry.rowHeight : nil
    }

    // MARK: Selection

    /// The selected rows, ascending; the selection follows rows as they move. Main actor.
    public var selectedListRows: [Int] { rows.indices.filter { selection.contains(rows[$0].serial) } }
    /// Adds `row` to the selection (a row the table does not hold is ignored). Main actor.
    ///
    /// - Parameter row: the row to select, as the table holds it now.
    public func selectListRow(_ row: Int) { if rows.indices.contains(row) { selection.insert(rows[row].serial) } }
    /// Removes `row` from the selection. Main actor.
    ///
    /// - Parameter row: the row to deselect; a row the table does not hold is ignored.
    public func deselectListRow(_ row: Int) { if rows.indices.contains(row) { selection.remove(rows[row].serial) } }

    // MARK: Counts

    /// The number of rows the table holds now. Main actor.
    public var listRowCount: Int { rows.count }
    /// The number of rows the data source reports (``dataSourceCount``). Main actor.
    public var dataSourceRowCount: Int { dataSourceCount() }

    // MARK: - Applying

    /// Applies one call, which returns why AppKit would refuse it, or `nil`; outside an
    /// update group, as a group of its own. After a refused call the group's later calls
    /// are ignored (AppKit raised), and the group is undone at its end.
    private func update(_ call: String, _ body: () -> String?) {
        beginListUpdates()
        if refusal == nil, let message = body() {
            refusal = Rejection(call: call, message: message)
        }
        endListUpdates()
    }

    /// Lays the visible rows out: a row that stays on screen keeps its cell (found by its
    /// serial) unless it is in `reloading`; a row that comes into view gets a cell from
    /// ``cellProvider``; cells that leave go back to the pool.
    func layout(reloading: Set<Int> = []) {
        var kept: [Int: Cell] = [:]
        for entry in shownCells {
            if reloading.contains(entry.serial) { pool.append(entry.cell) } else { kept[entry.serial] = entry.cell }
        }
        let visible = visibleListRows
        shownCells = []
        var missing: [Int] = []
        for row in visible {
            if let cell = kept.removeValue(forKey: rows[row].serial) {
                shownCells.append(VisibleCell(row: row, serial: rows[row].serial, cell: cell))
            } else {
                missing.append(row)
            }
        }
        pool += kept.values
        // Cells on screen are visible to the delegate while it makes the others.
        for row in missing {
            guard let cell = cellProvider?(row) else { continue }
            shownCells.append(VisibleCell(row: row, serial: rows[row].serial, cell: cell))
        }
        shownCells.sort { $0.row < $1.row }
    }
}
