import ListAdapter
import ListAdapterTesting

/// How many surviving sections and items the batches of an update displace, read from the
/// batches as delivered, and the fewest any correct update needs, computed independently
/// of the engine (a quadratic longest increasing subsequence per level).
///
/// A surviving item (one in both lists) is displaced by a batch that moves it, deletes it
/// (itself, or with its section) to insert it again, or reloads it; a surviving section by
/// a batch that moves it or deletes it. The lower bound: per level, the kept elements less
/// the longest run of them that keeps its old order (sections by title; items inside the
/// same section by identifier), plus every item that changes section.
enum DisplacementOracle {
    /// What the batches displace: ``BatchDisplacement`` (ListAdapterTesting), which the diff
    /// fuzzer uses too.
    static func measure<ID, Summary>(from old: ListSnapshot<ID, Summary>, batches: [ListBatch<ID, Summary>]) -> BatchDisplacement<ID> {
        BatchDisplacement(from: old, batches: batches)
    }

    /// The fewest section moves and item moves any correct update needs.
    static func lowerBound<ID, Summary>(from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) -> (sections: Int, items: Int) {
        let oldTitles = Array(old.sectionTitles)
        let keptInNewOrder = new.sectionTitles.compactMap { title in oldTitles.firstIndex(of: title) }
        let sections = keptInNewOrder.count - ChangeSetOracle.quadraticLIS(keptInNewOrder)
        var items = 0
        for section in 0 ..< new.numberOfSections {
            var sameSection: [Int] = []
            for id in new.identifiers(inSection: section) {
                guard let path = old.path(of: id) else { continue }
                if old.title(ofSection: path.section) == new.title(ofSection: section) {
                    sameSection.append(path.item)
                } else {
                    items += 1
                }
            }
            items += sameSection.count - ChangeSetOracle.quadraticLIS(sameSection)
        }
        return (sections, items)
    }

    /// Describes how the batches of the default policy miss the bound, or `nil`: every
    /// surviving section and item displaced exactly as often as the bound says, none
    /// destroyed, and each updated item shown once (reconfigured in place under
    /// `.reconfigure`, reloaded under `.reload`).
    static func check<ID, Summary>(
        from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>, update: ListUpdate<ID, Summary>, updateStyle: UpdateStyle
    ) -> String? {
        let count = measure(from: old, batches: update.batches)
        let bound = lowerBound(from: old, to: new)
        let updated = update.changes.itemUpdates.count
        var expected = BatchDisplacement<ID>(sectionMoves: bound.sections, itemMoves: bound.items)
        if updateStyle == .reload { expected.reloads = updated } else { expected.reconfigures = updated }
        if count != expected { return "displaced \(count); lower bound \(expected)" }
        return nil
    }
}
