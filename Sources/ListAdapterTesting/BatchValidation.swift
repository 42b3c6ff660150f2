import ListAdapter

/// UIKit's end-of-batch processing (`uikit-batch-updates.md`, section b), applied to one
/// ``BatchUpdate`` against the counts a view committed and the counts its data source reports
/// after the block.
///
/// The steps run in UIKit's order and the first failure wins, so a batch that breaks several
/// rules reports the one UIKit would raise first:
///
/// 0. Reconfigures are bounds-checked against the old counts as they are called (UIKit
///    resolves them synchronously, before the end of the batch).
/// 1. Sort: deletes descending; inserts, reloads and moves ascending. A table view coalesces
///    duplicate deletes, inserts and reloads; a collection view keeps and counts them (R17).
/// 2. Decompose each reload into a delete at its old path and an insert at an adjusted path
///    (R1). See ``decomposeReloads()``.
/// 3. Delete pass against the old counts (R5, R6, then R2–R4).
/// 4. Insert pass against the new counts (R10, R11, then R7–R9).
/// 5. Move pass (R12, exact duplicates dropped, R13).
/// 6. Section count (R14) and per-section counts (R15), or R16 in the modern message style.
/// 7. Unsafe combinations UIKit lets through.
///
/// Only counts and index paths are involved, never identities, so the type is not generic.
///
/// - Complexity: O(p log p + r·(d + i) + S + S′) for p operations, r reloads, d deletes,
///   i inserts and S, S′ sections: never a loop over the items.
struct BatchValidation {
    let kind: ReferenceListViewKind
    let style: ReferenceListViewMessageStyle
    /// O[s]: the item counts the view committed, one per old section.
    let oldCounts: [Int]
    /// N[t]: the item counts the data source reports after the block, one per new section.
    let newCounts: [Int]
    let messages: UIKitMessages

    /// The caller's deletes, descending.
    var callerDeletes: [UpdatePath] = []
    /// The caller's inserts, ascending.
    var callerInserts: [UpdatePath] = []
    /// The caller's reloads, ascending.
    var reloads: [UpdatePath] = []
    /// Moves, ascending by source; exact duplicates are dropped in the move pass.
    var moves: [UpdateMove] = []
    /// Reconfigured paths, ascending and unique.
    var reconfigures: [ItemPath] = []
    /// Every delete (the caller's and the reloads' halves), descending; after the delete
    /// pass, without the item deletes inside deleted sections.
    var deletes: [UpdatePath] = []
    /// Every insert, ascending; after the insert pass, without the item inserts inside
    /// inserted sections.
    var inserts: [UpdatePath] = []
    /// The insert half of each reload, by the reload's old path.
    var reloadInserts: [UpdatePath: UpdatePath] = [:]
    /// Old sections deleted, including the delete halves of section reloads.
    var deletedSections: Set<Int> = []
    /// New sections inserted, including the insert halves of section reloads.
    var insertedSections: Set<Int> = []

    var oldSectionCount: Int { oldCounts.count }
    var newSectionCount: Int { newCounts.count }

    init(
        kind: ReferenceListViewKind, style: ReferenceListViewMessageStyle,
        oldCounts: [Int], newCounts: [Int]
    ) {
        self.kind = kind
        self.style = style
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.messages = UIKitMessages(kind: kind)
    }

    /// Runs every step on `update`; returns the accepted batch or throws UIKit's verdict.
    mutating func validate(_ update: BatchUpdate) throws(BatchRejection) -> ValidatedBatch {
        try checkReconfigureBounds(update.reconfigureItems)
        sort(update)
        try decomposeReloads()
        try deletePass()
        try insertPass()
        try movePass()
        let sections = try checkSectionCount()
        try checkItemCounts(sections)
        try checkUnsafeCombinations(sections)
        return ValidatedBatch(self, sections: sections)
    }

    // MARK: Step 0: reconfigures

    /// Bounds-checks reconfigured paths against the old counts.
    mutating func checkReconfigureBounds(_ paths: [ItemPath]) throws(BatchRejection) {
        reconfigures = paths.uniqued().sorted()
        for path in reconfigures {
            guard (0 ..< oldSectionCount).contains(path.section) else {
                throw .reconfigureOutOfBounds(
                    path, messages.reconfigureSectionOutOfBounds(path, sectionCount: oldSectionCount))
            }
            guard (0 ..< oldCounts[path.section]).contains(path.item) else {
                throw .reconfigureOutOfBounds(
                    path, messages.reconfigureItemOutOfBounds(path, itemCount: oldCounts[path.section]))
            }
        }
    }

    // MARK: Step 1: sort

    /// Sorts the operation families; a table view coalesces duplicate deletes, inserts and
    /// reloads (R17), a collection view keeps them.
    mutating func sort(_ update: BatchUpdate) {
        var deletes = update.deleteSections.map(UpdatePath.init(section:)) + update.deleteItems.map(UpdatePath.init)
        var inserts = update.insertSections.map(UpdatePath.init(section:)) + update.insertItems.map(UpdatePath.init)
        var reloads = update.reloadSections.map(UpdatePath.init(section:)) + update.reloadItems.map(UpdatePath.init)
        if kind == .table {
            deletes = deletes.uniqued()
            inserts = inserts.uniqued()
            reloads = reloads.uniqued()
        }
        callerDeletes = deletes.sorted(by: >)
        callerInserts = inserts.sorted()
        self.reloads = reloads.sorted()
        moves = (update.moveSections.map(UpdateMove.init) + update.moveItems.map(UpdateMove.init)).sorted()
    }

    // MARK: Step 2: reload decomposition

    /// Decomposes each reload into a delete at its old path plus an insert at an adjusted
    /// path, exactly as UIKit does (section b, step 2):
    ///
    /// - start from the old path (s, r);
    /// - walk the caller's deletes descending: a delete equal to the reload raises R1; a
    ///   section delete of s itself is skipped; a section delete ≤ s′ gives s′ − 1; an item
    ///   delete in section s′ at an index ≤ r′ gives r′ − 1;
    /// - walk the caller's inserts ascending: a section insert ≤ s′ gives s′ + 1; an item
    ///   insert in section s′ at an index ≤ r′ gives r′ + 1.
    ///
    /// Moves and the other reloads are ignored, which is why a reload combined with a move
    /// can land at the wrong place. A section reload only adjusts its section.
    mutating func decomposeReloads() throws(BatchRejection) {
        var allDeletes = callerDeletes
        var allInserts = callerInserts
        for reload in reloads {
            var section = reload.section
            var item = reload.item
            // Deletes in sections after the reload's can neither equal it nor shift it.
            let start = callerDeletes.partitioningIndex { $0.section <= reload.section }
            for delete in callerDeletes[start...] {
                if delete == reload {
                    throw .invalid(.r1, messages.deleteAndReload(delete))
                }
                if delete.isSection {
                    if delete.section == reload.section { continue }
                    if delete.section <= section { section &-= 1 }
                } else if !reload.isSection && delete.section == section && delete.item <= item {
                    item &-= 1
                }
            }
            for insert in callerInserts {
                // Later inserts sort after this one, so none can shift the path any more.
                if insert.section > section { break }
                if insert.isSection {
                    section &+= 1
                } else if !reload.isSection && insert.section == section && insert.item <= item {
                    item &+= 1
                }
            }
            let adjusted = reload.isSection ? UpdatePath(section: section) : UpdatePath(section: section, item: item)
            allDeletes.append(reload)
            allInserts.append(adjusted)
            reloadInserts[reload] = adjusted
        }
        if kind == .table {
            allDeletes = allDeletes.uniqued()
            allInserts = allInserts.uniqued()
        }
        deletes = allDeletes.sorted(by: >)
        inserts = allInserts.sorted()
    }
}

extension Array {
    /// The index of the first element satisfying `belongsInSecondPartition`, for an array
    /// already partitioned by it.
    ///
    /// - Complexity: O(log n).
    func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
