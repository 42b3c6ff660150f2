extension GroupedRowUpdate {
    /// The row operations that take a flat table laid out as `before` to `after` the way
    /// `update` (UIKit's semantics) takes the sections; `nil` when `update` does not fit
    /// the two layouts (an index out of range, a row named twice, counts that do not add
    /// up), which UIKit would reject too.
    ///
    /// Where each row goes follows UIKit: a section moved or an item moved goes where the
    /// move says; the other sections keep their order and fill the free section indexes;
    /// the other items of a section keep their order and fill the item indexes that
    /// inserts and moves leave free. Reloaded and reconfigured items stay where they are
    /// (as the other items) and are reloaded at their final rows; a reloaded section is
    /// removed and inserted whole.
    ///
    /// Any queue; pure.
    ///
    /// - Complexity: O(R + p + m log R) for R rows before and after, p operations and m
    ///   rows that move; O(R log R) at worst, to find which rows keep their order when
    ///   sections or items move. A million rows with a few changes: a few passes over
    ///   two arrays of a million entries and a few steps, never a copy per move.
    ///
    /// - Parameters:
    ///   - update: the batch, with UIKit's index semantics.
    ///   - before: the table's rows before the batch.
    ///   - after: the table's rows after it; both layouts must show title rows, or neither
    ///     (it traps otherwise).
    public init?(_ update: BatchUpdate, from before: GroupedRows, to after: GroupedRows) {
        precondition(before.showsSectionRows == after.showsSectionRows, "GroupedRowUpdate: both layouts must show section rows, or neither")
        guard update.countMismatch(from: before.itemCounts, to: after.itemCounts) == nil,
              let destinations = Self.destinations(of: update, from: before, to: after)
        else { return nil }
        self.init(destinations: destinations, rowCount: after.rowCount, reloading: update.reloadItems + update.reconfigureItems, before: before)
    }

    /// Marks for row destinations: a removed row, and a row not placed yet.
    private static var removed: Int { -1 }
    private static var unplaced: Int { -2 }

    /// The row each old row has after the update (``removed`` for a row that leaves);
    /// `nil` when the update names a row twice or the rows do not add up.
    private static func destinations(of update: BatchUpdate, from before: GroupedRows, to after: GroupedRows) -> [Int]? {
        let oldSections = before.sectionCount
        let newSections = after.sectionCount
        var destination = [Int](repeating: unplaced, count: before.rowCount)
        var taken = [Bool](repeating: false, count: after.rowCount)

        // Sections: deleted and reloaded ones leave whole; moved ones go where they are
        // moved; the others fill the free indexes in order.
        var leaves = [Bool](repeating: false, count: oldSections)
        var deleted = [Bool](repeating: false, count: oldSections)
        for section in update.deleteSections { deleted[section] = true }
        var newIndex = [Int](repeating: -1, count: oldSections)
        var sectionTaken = [Bool](repeating: false, count: newSections)
        for section in update.deleteSections + update.reloadSections {
            guard !leaves[section] else { return nil }
            leaves[section] = true
        }
        for section in update.insertSections {
            guard !sectionTaken[section] else { return nil }
            sectionTaken[section] = true
        }
        for move in update.moveSections {
            guard !leaves[move.from], newIndex[move.from] < 0, !sectionTaken[move.to] else { return nil }
            newIndex[move.from] = move.to
            sectionTaken[move.to] = true
        }
        var nextFree = 0
        for section in 0 ..< oldSections where newIndex[section] < 0 && !deleted[section] {
            while nextFree < newSections && sectionTaken[nextFree] { nextFree += 1 }
            guard nextFree < newSections else { return nil }
            newIndex[section] = nextFree
            sectionTaken[nextFree] = true
        }

        // Items: deletes leave, moves go where they are moved, inserts take their rows.
        func oldRow(_ path: ItemPath) -> Int? {
            guard before.contains(path), !leaves[path.section], destination[before.row(of: path)] == unplaced else { return nil }
            return before.row(of: path)
        }
        func take(_ path: ItemPath) -> Int? {
            guard after.contains(path), !taken[after.row(of: path)] else { return nil }
            taken[after.row(of: path)] = true
            return after.row(of: path)
        }
        for path in update.deleteItems {
            guard let row = oldRow(path) else { return nil }
            destination[row] = removed
        }
        for move in update.moveItems {
            guard let row = oldRow(move.from), let target = take(move.to) else { return nil }
            destination[row] = target
        }
        for path in update.insertItems {
            guard take(path) != nil else { return nil }
        }
        for path in update.reloadItems + update.reconfigureItems {
            guard oldRow(path) != nil else { return nil }
        }

        // Every section's rows: a leaving section's rows are removed; a staying section's
        // title goes to its new title row, and its unplaced items fill the free rows of
        // its new section in order.
        for section in 0 ..< oldSections {
            let rows = before.rows(ofSection: section)
            if leaves[section] {
                for row in rows { destination[row] = removed }
                continue
            }
            let target = newIndex[section]
            var row = rows.lowerBound
            if let titleRow = before.row(ofSection: section), let newTitleRow = after.row(ofSection: target) {
                destination[titleRow] = newTitleRow
                taken[newTitleRow] = true
                row += 1
            }
            var item = 0
            let newCount = after.itemCount(inSection: target)
            for old in row ..< rows.upperBound where destination[old] == unplaced {
                while item < newCount && taken[after.row(of: ItemPath(section: target, item: item))] { item += 1 }
                guard item < newCount else { return nil }
                let newRow = after.row(of: ItemPath(section: target, item: item))
                destination[old] = newRow
                taken[newRow] = true
            }
        }
        return destination
    }

    /// The steps that move every old row to its destination: one removal, the moves
    /// (only of rows outside a longest run that keeps its order), one insertion.
    private init(destinations: [Int], rowCount: Int, reloading: [ItemPath], before: GroupedRows) {
        var steps: [Step] = []
        var survivors: [Int] = []  // destinations of the rows that stay, in their old order
        survivors.reserveCapacity(destinations.count)
        var removedRows: [Int] = []
        var isNew = [Bool](repeating: true, count: rowCount)
        for (row, destination) in destinations.enumerated() {
            if destination == Self.removed {
                removedRows.append(row)
            } else {
                survivors.append(destination)
                isNew[destination] = false
            }
        }
        if !removedRows.isEmpty { steps.append(.remove(removedRows)) }
        Self.appendMoves(ordering: survivors, to: &steps)
        let inserted = isNew.indices.filter { isNew[$0] }
        if !inserted.isEmpty { steps.append(.insert(inserted)) }
        self.init(steps: steps, reloadedRows: reloading.map { destinations[before.row(of: $0)] }.sorted())
    }

    /// Appends the moves that sort the surviving rows, listed by their destinations in
    /// their current order, into destination order.
    ///
    /// The rows of one longest increasing run stay; every other row is moved, in order of
    /// destination, to just after the row that precedes it in the end: the last staying
    /// row with a smaller destination, after the rows already moved behind that one. A
    /// ``RowCounter`` over the current order tells each row's current index: a slot per
    /// surviving row, plus the rows moved behind a staying row counted at its slot, plus
    /// the rows moved in front of every staying row counted apart.
    ///
    /// - Complexity: O(n log n) for n rows at worst; O(n) when no row needs to move.
    private static func appendMoves(ordering survivors: [Int], to steps: inout [Step]) {
        let count = survivors.count
        var stays = [Bool](repeating: false, count: count)
        let staying = survivors.withUnsafeBufferPointer { values in
            stays.withUnsafeMutableBufferPointer { LongestIncreasingSubsequence.mark(values, isMember: $0) }
        }
        guard staying < count else { return }
        var stayingSlots: [Int] = []  // slots of the staying rows, in order (so by destination)
        stayingSlots.reserveCapacity(staying)
        var moving: [Int] = []
        for slot in 0 ..< count {
            if stays[slot] { stayingSlots.append(slot) } else { moving.append(slot) }
        }
        moving.sort { survivors[$0] < survivors[$1] }
        var counter = RowCounter(onePerSlot: count)
        var inFront = 0
        for slot in moving {
            let destination = survivors[slot]
            let from = inFront + counter.rows(before: slot)
            counter.add(-1, at: slot)
            // The last staying row whose destination is smaller.
            var low = 0
            var high = stayingSlots.count
            while low < high {
                let middle = (low + high) / 2
                if survivors[stayingSlots[middle]] < destination { low = middle + 1 } else { high = middle }
            }
            let to: Int
            if low == 0 {
                to = inFront
                inFront += 1
            } else {
                let anchor = stayingSlots[low - 1]
                to = inFront + counter.rows(before: anchor + 1)
                counter.add(1, at: anchor)
            }
            steps.append(.move(from: from, to: to))
        }
    }
}
