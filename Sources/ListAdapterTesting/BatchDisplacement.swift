package import ListAdapter

/// How many surviving sections and items the batches of an update displace, read from the
/// batches as delivered: the measure the tests' displacement oracle and the diff fuzzer
/// compare with the fewest any correct update needs.
///
/// A surviving item (one in the final list) is displaced by a batch that moves it,
/// deletes it (itself, or with its section) to insert it again, or reloads it; a surviving
/// section by a batch that moves it or deletes it.
///
/// Thread safety: a value type; use it on any queue.
package struct BatchDisplacement<ID: Hashable & Sendable>: Equatable, CustomStringConvertible {
    /// Surviving sections moved.
    package var sectionMoves = 0
    /// Surviving sections deleted (to be inserted again).
    package var sectionsDestroyed = 0
    /// Surviving items moved.
    package var itemMoves = 0
    /// Surviving items deleted, alone or with their section (to be inserted again).
    package var itemsDestroyed = 0
    /// Items reloaded (their cell is recreated).
    package var reloads = 0
    /// Items reconfigured in place.
    package var reconfigures = 0
    /// The surviving items deleted, in the order found: for messages, not compared.
    package var destroyedIDs: [ID] = []

    /// Expected counts.
    package init(sectionMoves: Int = 0, itemMoves: Int = 0, reloads: Int = 0, reconfigures: Int = 0) {
        self.sectionMoves = sectionMoves
        self.itemMoves = itemMoves
        self.reloads = reloads
        self.reconfigures = reconfigures
    }

    /// What `batches`, applied in order from `old`, displace.
    ///
    /// - Complexity: O(operations + items of deleted sections), expected.
    package init<Summary>(from old: ListSnapshot<ID, Summary>, batches: [ListBatch<ID, Summary>]) {
        self.init()
        guard let final = batches.last?.after else { return }
        let survivingTitles = Set(final.sectionTitles)
        var before = old
        for batch in batches {
            let update = batch.update
            for move in update.moveSections where survivingTitles.contains(before.title(ofSection: move.from)) {
                sectionMoves += 1
            }
            for section in update.deleteSections + update.reloadSections {
                if survivingTitles.contains(before.title(ofSection: section)) { sectionsDestroyed += 1 }
                for id in before.identifiers(inSection: section) where final.contains(id) { destroyed(id) }
            }
            for move in update.moveItems where final.contains(before.identifier(at: move.from)) { itemMoves += 1 }
            for path in update.deleteItems where final.contains(before.identifier(at: path)) { destroyed(before.identifier(at: path)) }
            reloads += update.reloadItems.count
            reconfigures += update.reconfigureItems.count
            before = batch.after
        }
    }

    private mutating func destroyed(_ id: ID) {
        itemsDestroyed += 1
        destroyedIDs.append(id)
    }

    package static func == (a: Self, b: Self) -> Bool {
        (a.sectionMoves, a.sectionsDestroyed, a.itemMoves, a.itemsDestroyed, a.reloads, a.reconfigures)
            == (b.sectionMoves, b.sectionsDestroyed, b.itemMoves, b.itemsDestroyed, b.reloads, b.reconfigures)
    }

    package var description: String {
        "section moves \(sectionMoves), sections destroyed \(sectionsDestroyed), item moves \(itemMoves), items destroyed \(itemsDestroyed)"
            + (destroyedIDs.isEmpty ? "" : " \(destroyedIDs.prefix(8))") + ", reloads \(reloads), reconfigures \(reconfigures)"
    }
}
