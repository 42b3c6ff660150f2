import ListAdapter

/// A batch UIKit accepts, reduced to what the view needs to move its cells: the mapping of
/// `uikit-batch-updates.md`, section (a), expressed per touched section.
///
/// - Sections: inserted sections (reload halves included) and move destinations take their
///   fixed new slots; the remaining slots are filled in ascending order by the old sections
///   neither deleted nor moved (``newToOldSection``).
/// - Items in a surviving section: inserts (reload halves included) and move-ins take their
///   fixed slots (``placements``); the remaining slots are filled in order by the old
///   section's items neither deleted nor moved out (what ``removals`` leaves).
///
/// Every fixed slot is distinct and in bounds, and every section's count adds up: the
/// validation guarantees it, so applying the batch cannot fail.
struct ValidatedBatch {
    /// Where a fixed slot's cell comes from.
    struct Placement {
        /// The item index in the new section.
        var item: Int
        /// An index into ``itemMoves`` for a moved-in cell; -1 for a cell created fresh from
        /// the data source (an insert or a reload's insert half).
        var move: Int
    }

    /// Per new section, its old index; -1 for an inserted (or reloaded) section. Empty when
    /// ``hasSectionOperations`` is false.
    var newToOldSection: [Int]
    /// Whether any section is deleted, inserted, reloaded or moved; when not, every section
    /// keeps its index.
    var hasSectionOperations: Bool
    /// Item moves, in UIKit's order.
    var itemMoves: [UpdateMove]
    /// Per old section, the ascending indexes of the items that leave it (deletes, the
    /// reloads' delete halves and move sources), for sections that survive.
    var removals: [Int: [Int]]
    /// Per new section, its fixed slots in ascending order, for sections that survive.
    var placements: [Int: [Placement]]
    /// Reconfigured paths, before the update.
    var reconfigures: [ItemPath]

    /// Collects the outcome of a validation that passed every step.
    ///
    /// - Complexity: O(p log p) for p operations.
    init(_ validation: BatchValidation, sections: BatchValidation.SectionMapping) {
        newToOldSection = sections.newToOld
        hasSectionOperations = validation.deletes.contains(where: \.isSection)
            || validation.inserts.contains(where: \.isSection)
            || validation.moves.contains(where: \.isSection)
        itemMoves = validation.moves.filter { !$0.isSection }
        reconfigures = validation.reconfigures
        removals = [:]
        placements = [:]
        for delete in validation.deletes where !delete.isSection {
            removals[delete.section, default: []].append(delete.item)
        }
        for insert in validation.inserts where !insert.isSection {
            placements[insert.section, default: []].append(Placement(item: insert.item, move: -1))
        }
        for (index, move) in itemMoves.enumerated() {
            removals[move.from.section, default: []].append(move.from.item)
            placements[move.to.section, default: []].append(Placement(item: move.to.item, move: index))
        }
        for section in removals.keys { removals[section]!.sort() }
        for section in placements.keys { placements[section]!.sort { $0.item < $1.item } }
    }
}

