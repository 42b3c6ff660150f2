/// Steps 3–5 of UIKit's end-of-batch processing: the delete, insert and move passes.
extension BatchValidation {
    // MARK: Step 3: deletes

    /// Checks every delete against the old counts, descending.
    ///
    /// Each delete is first compared with the move sources, in move order: a section delete
    /// equal to a section move's source raises R5; an item move out of the deleted section
    /// raises R6 on a collection view and is unsafe on a table view (which falls back to
    /// `reloadData`); an item delete equal to an item move's source raises R5. Bounds come
    /// next (R2–R4). A section delete sorts before the item deletes inside it and silently
    /// drops them, unchecked.
    mutating func deletePass() throws(BatchRejection) {
        var firstMoveFromSection: [Int: Int] = [:]
        var itemMoveSources: Set<UpdatePath> = []
        for (index, move) in moves.enumerated() {
            if firstMoveFromSection[move.from.section] == nil { firstMoveFromSection[move.from.section] = index }
            if !move.isSection { itemMoveSources.insert(move.from) }
        }
        var kept: [UpdatePath] = []
        kept.reserveCapacity(deletes.count)
        for delete in deletes {
            if delete.isSection {
                if let index = firstMoveFromSection[delete.section] {
                    let move = moves[index]
                    if move.isSection {
                        throw .invalid(.r5, messages.deleteAndMoveSection(delete.section))
                    }
                    if kind == .collection {
                        throw .invalid(.r6, messages.moveFromDeletedSection(delete.section))
                    }
                    throw .unsafe(.moveFromDeletedSection, messages.tableMoveFromDeletedSection(move))
                }
                guard (0 ..< oldSectionCount).contains(delete.section) else {
                    throw .invalid(.r2, messages.deleteSectionOutOfBounds(delete.section, sectionCount: oldSectionCount))
                }
                deletedSections.insert(delete.section)
            } else {
                if deletedSections.contains(delete.section) { continue }
                if itemMoveSources.contains(delete) {
                    throw .invalid(.r5, messages.deleteAndMoveItem(delete))
                }
                guard (0 ..< oldSectionCount).contains(delete.section) else {
                    throw .invalid(.r3, messages.deleteItemSectionOutOfBounds(delete, sectionCount: oldSectionCount))
                }
                let count = oldCounts[delete.section]
                guard (0 ..< count).contains(delete.item) else {
                    throw .invalid(.r4, messages.deleteItemOutOfBounds(delete, itemCount: count))
                }
            }
            kept.append(delete)
        }
        deletes = kept
    }

    // MARK: Step 4: inserts

    /// Checks every insert against the new counts, ascending.
    ///
    /// Each insert is first compared with the move destinations, in move order: a section
    /// insert equal to a section move's destination raises R10; an item move into the
    /// inserted section raises R11 on a collection view and is unsafe on a table view; an
    /// item insert equal to an item move's destination raises R10. Bounds come next
    /// (R7–R9). A section insert sorts after the item inserts inside it, so those are
    /// checked before the section insert drops them.
    mutating func insertPass() throws(BatchRejection) {
        var firstMoveToSection: [Int: Int] = [:]
        var itemMoveDestinations: Set<UpdatePath> = []
        for (index, move) in moves.enumerated() {
            if firstMoveToSection[move.to.section] == nil { firstMoveToSection[move.to.section] = index }
            if !move.isSection { itemMoveDestinations.insert(move.to) }
        }
        for insert in inserts {
            if insert.isSection {
                if let index = firstMoveToSection[insert.section] {
                    let move = moves[index]
                    if move.isSection {
                        throw .invalid(.r10, messages.insertAndMoveSection(insert.section))
                    }
                    if kind == .collection {
                        throw .invalid(.r11, messages.moveIntoInsertedSection(insert.section))
                    }
                    throw .unsafe(.moveIntoInsertedSection, messages.tableMoveIntoInsertedSection(move))
                }
                guard (0 ..< newSectionCount).contains(insert.section) else {
                    throw .invalid(.r7, messages.insertSectionOutOfBounds(insert.section, sectionCount: newSectionCount))
                }
                insertedSections.insert(insert.section)
            } else {
                if itemMoveDestinations.contains(insert) {
                    throw .invalid(.r10, messages.insertAndMoveItem(insert))
                }
                guard (0 ..< newSectionCount).contains(insert.section) else {
                    throw .invalid(.r8, messages.insertItemSectionOutOfBounds(insert, sectionCount: newSectionCount))
                }
                let count = newCounts[insert.section]
                guard (0 ..< count).contains(insert.item) else {
                    throw .invalid(.r9, messages.insertItemOutOfBounds(insert, itemCount: count))
                }
            }
        }
        if !insertedSections.isEmpty {
            inserts.removeAll { !$0.isSection && insertedSections.contains($0.section) }
        }
    }

    // MARK: Step 5: moves

    /// Checks every move, ascending by source: bounds (R12), then against the later moves:
    /// an exact duplicate is dropped, a shared source is a fan-out and a shared destination a
    /// fan-in (R13).
    mutating func movePass() throws(BatchRejection) {
        // Dropping every exact duplicate up front is equivalent to UIKit dropping each when
        // the first copy is checked: the copies are identical, so they pass and fail alike.
        moves = moves.uniqued()
        // The next later move with the same destination, found in one backward sweep.
        var nextSameDestination = [Int](repeating: -1, count: moves.count)
        var lastSeen: [UpdatePath: Int] = [:]
        for index in moves.indices.reversed() {
            nextSameDestination[index] = lastSeen[moves[index].to] ?? -1
            lastSeen[moves[index].to] = index
        }
        for (index, move) in moves.enumerated() {
            try checkBounds(of: move)
            // Moves sort by source, so a later move with the same source is the next one.
            let sameSource = index + 1 < moves.count && moves[index + 1].from == move.from ? index + 1 : -1
            let sameDestination = nextSameDestination[index]
            if sameSource >= 0 && (sameDestination < 0 || sameSource < sameDestination) {
                throw .invalid(.r13, messages.fanOut(move, moves[sameSource]))
            }
            if sameDestination >= 0 {
                throw .invalid(.r13, messages.fanIn(move, moves[sameDestination]))
            }
        }
    }

    /// R12.
    private func checkBounds(of move: UpdateMove) throws(BatchRejection) {
        if move.isSection {
            guard (0 ..< oldSectionCount).contains(move.from.section) else {
                throw .invalid(.r12, messages.moveSectionSourceOutOfBounds(move, sectionCount: oldSectionCount))
            }
            guard (0 ..< newSectionCount).contains(move.to.section) else {
                throw .invalid(.r12, messages.moveSectionDestinationOutOfBounds(move, sectionCount: newSectionCount))
            }
            return
        }
        guard (0 ..< oldSectionCount).contains(move.from.section) else {
            throw .invalid(.r12, messages.moveItemSourceSectionOutOfBounds(move, sectionCount: oldSectionCount))
        }
        let oldCount = oldCounts[move.from.section]
        guard (0 ..< oldCount).contains(move.from.item) else {
            throw .invalid(.r12, messages.moveItemSourceOutOfBounds(move, itemCount: oldCount))
        }
        guard (0 ..< newSectionCount).contains(move.to.section) else {
            throw .invalid(.r12, messages.moveItemDestinationSectionOutOfBounds(move, sectionCount: newSectionCount))
        }
        let newCount = newCounts[move.to.section]
        guard (0 ..< newCount).contains(move.to.item) else {
            throw .invalid(.r12, messages.moveItemDestinationOutOfBounds(move, itemCount: newCount))
        }
    }
}
