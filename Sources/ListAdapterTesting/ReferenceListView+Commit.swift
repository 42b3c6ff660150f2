import ListAdapter

/// Applying a validated batch to the view's cells, in place.
///
/// The order follows what a cell goes through in UIKit: reconfigures are resolved first, at
/// their pre-update paths; moved cells are lifted out; deletes and move sources leave their
/// sections; sections take their new slots; then inserts (fresh cells from the data source)
/// and moved cells take their fixed slots, in ascending order, so the kept cells fill the
/// remaining slots in their old order. Only the sections the batch touches are edited, with
/// bulk array operations, so a small batch on a large list stays cheap.
extension ReferenceListView {
    /// Above this many removals or insertions in one section, the section's cells are rebuilt
    /// in one pass instead of edited one index at a time.
    private static var bulkThreshold: Int { 8 }

    /// Applies `batch`, which passed validation against these sections and `dataSource`.
    ///
    /// - Complexity: O(p + S′) for p operations, plus bulk moves of the touched sections'
    ///   cells and the creation of inserted sections' cells.
    mutating func commit(_ batch: ValidatedBatch, dataSource: ListSnapshot<ID, Summary>) {
        // Reconfigured cells keep their identity and take the summary found at their
        // pre-update path in the new data (code-payments/code-ios-app PR 483).
        for path in batch.reconfigures {
            sections[path.section].cells[path.item].summary = dataSource.summary(at: path)
        }
        var movedCells: [Cell] = []
        movedCells.reserveCapacity(batch.itemMoves.count)
        for move in batch.itemMoves {
            movedCells.append(sections[move.from.section].cells[move.from.item])
        }
        for (section, items) in batch.removals {
            remove(items, fromSection: section)
        }
        if batch.hasSectionOperations {
            reorderSections(batch.newToOldSection, dataSource: dataSource)
        }
        for (section, placements) in batch.placements {
            place(placements, inSection: section, movedCells: movedCells, dataSource: dataSource)
        }
    }

    /// Removes the cells at `items` (ascending, distinct) from `section`.
    private mutating func remove(_ items: [Int], fromSection section: Int) {
        if items.count <= Self.bulkThreshold {
            for item in items.reversed() { sections[section].cells.remove(at: item) }
            return
        }
        var old: [Cell] = []
        swap(&old, &sections[section].cells)
        var kept: [Cell] = []
        kept.reserveCapacity(old.count - items.count)
        var start = 0
        for item in items {
            if item > start { kept.append(contentsOf: old[start ..< item]) }
            start = item + 1
        }
        if start < old.count { kept.append(contentsOf: old[start...]) }
        sections[section].cells = kept
    }

    /// Rebuilds the section array: a surviving section is moved (not copied) to its new
    /// slot, an inserted section is created fresh. Sections keep their old titles.
    private mutating func reorderSections(_ newToOld: [Int], dataSource: ListSnapshot<ID, Summary>) {
        var old: [Section] = []
        swap(&old, &sections)
        var result: [Section] = []
        result.reserveCapacity(newToOld.count)
        for (new, oldIndex) in newToOld.enumerated() {
            if oldIndex < 0 {
                result.append(Self.freshSection(new, of: dataSource))
            } else {
                var taken = Section(title: nil, cells: [])
                swap(&taken, &old[oldIndex])
                result.append(taken)
            }
        }
        sections = result
    }

    /// Puts the fixed slots (ascending, distinct) of `section` in place around its kept
    /// cells.
    private mutating func place(
        _ placements: [ValidatedBatch.Placement], inSection section: Int,
        movedCells: [Cell], dataSource: ListSnapshot<ID, Summary>
    ) {
        func cell(for placement: ValidatedBatch.Placement) -> Cell {
            placement.move >= 0
                ? movedCells[placement.move]
                : Self.freshCell(at: ItemPath(section: section, item: placement.item), of: dataSource)
        }
        if placements.count <= Self.bulkThreshold {
            for placement in placements {
                sections[section].cells.insert(cell(for: placement), at: placement.item)
            }
            return
        }
        var kept: [Cell] = []
        swap(&kept, &sections[section].cells)
        var merged: [Cell] = []
        merged.reserveCapacity(kept.count + placements.count)
        var next = 0
        for placement in placements {
            let run = placement.item - merged.count
            precondition(run >= 0 && next + run <= kept.count, "ReferenceListView: fixed slots of section \(section) do not fit; validation let an inconsistent batch through")
            merged.append(contentsOf: kept[next ..< next + run])
            next += run
            merged.append(cell(for: placement))
        }
        merged.append(contentsOf: kept[next...])
        sections[section].cells = merged
    }
}
