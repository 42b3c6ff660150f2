extension BatchUpdate {
    /// The first way this batch does not take a view holding `oldCounts` items per section
    /// to `newCounts`, by UIKit's bounds rules (R2–R4, R7–R9 of `uikit-batch-updates.md`)
    /// and count rules (R14, R15), in words; `nil` when it fits.
    ///
    /// A compact form of what `ListAdapterTesting`'s reference list view checks in full, for
    /// the connector's debug-build check. Runs on the calling queue; pure.
    ///
    /// - Complexity: O(S + p) for S sections and p operations.
    func countMismatch(from oldCounts: [Int], to newCounts: [Int]) -> String? {
        let oldSections = oldCounts.count
        let newSections = newCounts.count
        for section in deleteSections + reloadSections + moveSections.map(\.from) where !(0 ..< oldSections).contains(section) {
            return "section \(section) is deleted, reloaded or moved, but there are \(oldSections) sections before the batch"
        }
        for section in insertSections + moveSections.map(\.to) where !(0 ..< newSections).contains(section) {
            return "section \(section) is inserted or moved to, but there are \(newSections) sections after the batch"
        }
        guard newSections == oldSections - deleteSections.count + insertSections.count else {
            return "\(newSections) sections after the batch, but \(oldSections) before, \(insertSections.count) inserted and \(deleteSections.count) deleted"
        }
        func inOld(_ path: ItemPath) -> Bool { (0 ..< oldSections).contains(path.section) && (0 ..< oldCounts[path.section]).contains(path.item) }
        func inNew(_ path: ItemPath) -> Bool { (0 ..< newSections).contains(path.section) && (0 ..< newCounts[path.section]).contains(path.item) }
        var removed = [Int](repeating: 0, count: oldSections)
        var added = [Int](repeating: 0, count: newSections)
        for path in deleteItems + reloadItems + reconfigureItems + moveItems.map(\.from) {
            guard inOld(path) else { return "item \(path) is deleted, reloaded, reconfigured or moved, but it does not exist before the batch" }
        }
        for path in insertItems + moveItems.map(\.to) {
            guard inNew(path) else { return "item \(path) is inserted or moved to, but it does not exist after the batch" }
        }
        for path in deleteItems { removed[path.section] += 1 }
        for path in insertItems { added[path.section] += 1 }
        for move in moveItems {
            removed[move.from.section] += 1
            added[move.to.section] += 1
        }
        // Where each surviving old section lands: moved ones where they are moved to, the
        // rest fill the free slots in order.
        var deleted = [Bool](repeating: false, count: oldSections)
        for section in deleteSections { deleted[section] = true }
        var newIndex = [Int](repeating: -1, count: oldSections)
        var taken = [Bool](repeating: false, count: newSections)
        for section in insertSections { taken[section] = true }
        for move in moveSections {
            newIndex[move.from] = move.to
            taken[move.to] = true
        }
        var next = 0
        for section in 0 ..< oldSections where !deleted[section] && newIndex[section] < 0 {
            while next < newSections && taken[next] { next += 1 }
            guard next < newSections else { return "the surviving sections do not fit after the batch" }
            newIndex[section] = next
            taken[next] = true
        }
        let reloaded = Set(reloadSections)
        for section in 0 ..< oldSections where !deleted[section] && !reloaded.contains(section) {
            let new = newIndex[section]
            let expected = oldCounts[section] - removed[section] + added[new]
            if newCounts[new] != expected {
                return "section \(new) has \(newCounts[new]) items after the batch, but \(oldCounts[section]) before (as section \(section)), \(added[new]) inserted or moved in and \(removed[section]) deleted or moved out"
            }
        }
        return nil
    }
}
