/// How a batch shows items whose summary changed.
///
/// Thread safety: a value type; use it on any queue.
public enum UpdateStyle: Hashable, Sendable, Codable {
    /// `reloadItems` only: works on every OS version; the cell is recreated.
    case reload
    /// `reconfigureItems` (iOS 15+) for updated items whose path does not change, which
    /// refreshes the existing cell in place; `reloadItems` for the others.
    case reconfigure
}

extension BatchUpdate {
    /// Turns a change set into ONE batch that `UITableView` and `UICollectionView` both
    /// accept, and that shows every updated item with its new content.
    ///
    /// This is the package's single "make it safe" step. Each rule below names the UIKit
    /// failure it prevents (see `uikit-batch-updates.md` for the rules R1–R17 and the
    /// unsafe combinations). Every change fits in one batch: where UIKit cannot animate
    /// a combination, the items (or a whole section) are deleted and inserted instead of
    /// moved or reloaded, which is always valid because deletes and inserts name exact
    /// old and new paths.
    ///
    /// - Parameters:
    ///   - changes: the diff of two snapshots.
    ///   - updateStyle: how to show updated items.
    ///
    /// Runs on the calling queue; pure.
    ///
    /// - Complexity: O(c log c) for a change set of c entries (plus a rare extra round
    ///   per reload that had to become a delete and an insert).
    public init(safelyApplying changes: ListChangeSet, updateStyle: UpdateStyle = .reconfigure) {
        var keptEveryCell = true
        self.init(safelyApplying: changes, updateStyle: updateStyle, keptEveryCell: &keptEveryCell)
    }

    /// ``init(safelyApplying:updateStyle:)``, also telling whether the batch keeps every
    /// surviving cell: `keptEveryCell` is set to `false` when a surviving section or item
    /// had to be deleted and inserted, or (under ``UpdateStyle/reconfigure``) an updated
    /// item reloaded, and is left alone otherwise.
    @usableFromInline
    init(safelyApplying changes: ListChangeSet, updateStyle: UpdateStyle, keptEveryCell: inout Bool) {
        self.init()
        // Section numbers go into bit sets and item paths into sorted arrays: the checks
        // below are bit tests and binary searches, with no hashing.
        var goneOld = SectionSet(changes.sectionDeletes)
        var freshNew = SectionSet(changes.sectionInserts)

        // Unsafe (UICollectionView): any item operation inside a moved section corrupts the
        // heap or raises "request for index path for global index" (openradar 26021018,
        // 48941906; IGListKit #691), and so does an item insert into a move destination.
        // Such a "dirty" section move becomes a delete plus an insert of the section.
        if !changes.sectionMoves.isEmpty {
            var touchedOld = SectionSet()
            var touchedNew = SectionSet()
            for path in changes.itemDeletes { touchedOld.insert(path.section) }
            for path in changes.itemInserts { touchedNew.insert(path.section) }
            for move in changes.itemMoves {
                touchedOld.insert(move.from.section)
                touchedNew.insert(move.to.section)
            }
            for update in changes.itemUpdates {
                touchedOld.insert(update.from.section)
                touchedNew.insert(update.to.section)
            }
            for move in changes.sectionMoves {
                if touchedOld.contains(move.from) || touchedNew.contains(move.to) {
                    keptEveryCell = false
                    goneOld.insert(move.from)
                    freshNew.insert(move.to)
                } else {
                    moveSections.append(move)
                }
            }
        }
        deleteSections = goneOld.sorted
        insertSections = freshNew.sorted

        // UIKit drops item deletes inside a deleted section, and whether item inserts
        // inside an inserted section are bounds-checked first depends on sort order:
        // emit neither; the section operation covers its items.
        deleteItems = changes.itemDeletes.filter { !goneOld.contains($0.section) }
        insertItems = changes.itemInserts.filter { !freshNew.contains($0.section) }

        let updatedOld = changes.itemUpdates.map(\.from).sorted()
        for move in changes.itemMoves {
            let sourceGone = goneOld.contains(move.from.section)
            let targetFresh = freshNew.contains(move.to.section)
            switch (sourceGone, targetFresh) {
            case (true, true):
                // Both ends are covered by section operations.
                continue
            case (true, false):
                // R6: "cannot move an item from a deleted section" (UICollectionView), a
                // silent reloadData on UITableView: insert at the destination instead.
                keptEveryCell = false
                insertItems.append(move.to)
            case (false, true):
                // R11: "cannot move an item into a newly inserted section": delete at the
                // source instead; the section insert brings the item.
                keptEveryCell = false
                deleteItems.append(move.from)
            case (false, false):
                if updatedOld.sortedContains(move.from) {
                    // Reload plus move of the same item is unsafe (the reload's insert half
                    // ignores moves, R5/R10 on the reload halves): delete and insert it.
                    keptEveryCell = false
                    deleteItems.append(move.from)
                    insertItems.append(move.to)
                } else {
                    moveItems.append(move)
                }
            }
        }

        // Updated items that keep their place relative to their section.
        // (Sorted only when there are updates to look up: at a million items a change of
        // moves alone spent 2% of its diff sorting them here.)
        let movedOld = changes.itemUpdates.isEmpty ? [] : changes.itemMoves.map(\.from).sorted()
        var reloads: [ItemMove] = []
        for update in changes.itemUpdates where !movedOld.sortedContains(update.from) {
            // A section that is deleted and inserted brings fresh cells with new content.
            if goneOld.contains(update.from.section) { continue }
            if updateStyle == .reconfigure && update.from == update.to {
                // Reconfigure resolves the cell at its pre-update path against the data
                // source's after state: right only when the path does not change.
                reconfigureItems.append(update.from)
            } else {
                if updateStyle == .reconfigure { keptEveryCell = false }
                reloads.append(update)
            }
        }
        // UIKit decomposes a reload into a delete at the old path and an insert at a path
        // adjusted by the batch's deletes and inserts only, ignoring moves and other
        // reloads (V3-V5, V14): where that adjusted path is not the item's real new path,
        // the wrong cell would be replaced. Such reloads become a delete and an insert;
        // those change the adjustment of the others, so repeat until none is wrong.
        while !reloads.isEmpty {
            deleteItems.sort()
            insertItems.sort()
            let adjustment = ReloadAdjustment(
                sectionDeletes: deleteSections, sortedItemDeletes: deleteItems,
                sectionInserts: insertSections, sortedItemInserts: insertItems
            )
            var landing: [ItemMove] = []
            var missing: [ItemMove] = []
            for reload in reloads {
                if adjustment.insertPath(forReloadAt: reload.from) == reload.to {
                    landing.append(reload)
                } else {
                    missing.append(reload)
                }
            }
            if missing.isEmpty { break }
            keptEveryCell = false
            for reload in missing {
                deleteItems.append(reload.from)
                insertItems.append(reload.to)
            }
            reloads = landing
        }
        reloadItems = reloads.map(\.from)

        deleteItems.sort()
        insertItems.sort()
        reloadItems.sort()
        reconfigureItems.sort()
        moveItems.sort { $0.to < $1.to }
        moveSections.sort { $0.to < $1.to }
    }
}

/// UIKit's reload decomposition: where the insert half of a reload lands, given a batch's
/// deletes and inserts (moves and other reloads are ignored, as UIKit ignores them).
@usableFromInline
struct ReloadAdjustment {
    let sectionDeletes: [Int]
    let sectionInserts: [Int]
    /// Item deletes and inserts, sorted ascending: a section's rows are one range.
    let itemDeletes: [ItemPath]
    let itemInserts: [ItemPath]

    @usableFromInline
    init(sectionDeletes: [Int], sortedItemDeletes: [ItemPath], sectionInserts: [Int], sortedItemInserts: [ItemPath]) {
        self.sectionDeletes = sectionDeletes.sorted()
        self.sectionInserts = sectionInserts.sorted()
        itemDeletes = sortedItemDeletes
        itemInserts = sortedItemInserts
    }

    /// The path UIKit inserts the reloaded item at.
    ///
    /// UIKit walks the deletes descending (a section delete below the section shifts it
    /// up, a row delete before the row shifts it up) and then the inserts ascending (a
    /// section insert at or before the section shifts it down, a row insert at or before
    /// the row shifts it down). Because a batch never holds row operations inside a
    /// deleted or inserted section, the row operations that can match are exactly those
    /// of the reload's own section before the walk and of its final section after it.
    @usableFromInline
    func insertPath(forReloadAt path: ItemPath) -> ItemPath {
        var section = path.section - Self.countBelow(path.section, in: sectionDeletes)
        var row = path.item - (itemDeletes.sortedRange(of: ItemPath(section: path.section, item: 0) ..< path).count)
        for inserted in sectionInserts {
            if inserted <= section { section += 1 } else { break }
        }
        for inserted in itemInserts[itemInserts.sortedRange(ofSection: section)] {
            if inserted.item <= row { row += 1 } else { break }
        }
        return ItemPath(section: section, item: row)
    }

    /// How many of the sorted `values` are below `limit`.
    static func countBelow(_ limit: Int, in values: [Int]) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < limit { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
