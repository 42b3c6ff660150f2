/// Step 6 of UIKit's end-of-batch processing: the section count (R14) and the per-section
/// item counts (R15), reported as R16 in the modern message style.
extension BatchValidation {
    /// The section mapping of a batch that passed R14 (section a of the rules).
    struct SectionMapping {
        /// Whether every section keeps its index (no section operation); the arrays are then
        /// left empty, so a batch of item operations costs nothing per section here.
        var isIdentity: Bool
        /// Per old section, its new index; -1 when deleted. Empty for the identity.
        var oldToNew: [Int]
        /// Per new section, its old index; -1 when inserted (a reload's insert half
        /// included), which exempts it from R15. Empty for the identity.
        var newToOld: [Int]
        /// Section moves by source and by destination.
        var movesFrom: [Int: UpdateMove]
        var movesTo: [Int: UpdateMove]

        /// The new index of old section `old`; -1 when it is deleted.
        func newIndex(ofOld old: Int) -> Int { isIdentity ? old : oldToNew[old] }

        /// The old index of new section `new`; -1 when it is inserted.
        func oldIndex(ofNew new: Int) -> Int { isIdentity ? new : newToOld[new] }
    }

    /// R14: S′ = S + inserted − deleted, counting the reloads' halves (so a reload's pair
    /// cancels). Returns the section mapping when the count holds.
    func checkSectionCount() throws(BatchRejection) -> SectionMapping {
        let inserted = inserts.lazy.filter(\.isSection).count
        let deleted = deletes.lazy.filter(\.isSection).count
        if oldSectionCount + inserted - deleted != newSectionCount {
            throw countFailure(.r14, messages.sectionCount(
                after: newSectionCount, before: oldSectionCount, inserted: inserted, deleted: deleted))
        }
        return mapSections()
    }

    /// Inserted sections and move destinations take their fixed new slots; the remaining
    /// slots are filled in ascending order by the old sections neither deleted nor moved.
    func mapSections() -> SectionMapping {
        let oldSectionCount = oldCounts.count
        let newSectionCount = newCounts.count
        var movesFrom: [Int: UpdateMove] = [:]
        var movesTo: [Int: UpdateMove] = [:]
        for move in moves where move.isSection {
            movesFrom[move.from.section] = move
            movesTo[move.to.section] = move
        }
        if deletedSections.isEmpty && insertedSections.isEmpty && movesFrom.isEmpty {
            // No section operation: every section keeps its index (R14 made the counts equal).
            return SectionMapping(isIdentity: true, oldToNew: [], newToOld: [], movesFrom: movesFrom, movesTo: movesTo)
        }
        let unassigned = -2
        var newToOld = [Int](repeating: unassigned, count: newSectionCount)
        var oldToNew = [Int](repeating: -1, count: oldSectionCount)
        var isFixedOrGone = [Bool](repeating: false, count: oldSectionCount)
        for section in deletedSections { isFixedOrGone[section] = true }
        for section in insertedSections { newToOld[section] = -1 }
        for move in movesFrom.values {
            newToOld[move.to.section] = move.from.section
            oldToNew[move.from.section] = move.to.section
            isFixedOrGone[move.from.section] = true
        }
        var old = 0
        for new in 0 ..< newSectionCount where newToOld[new] == unassigned {
            while old < oldSectionCount && isFixedOrGone[old] { old += 1 }
            // Only a collection view's uncoalesced duplicates can leave a slot without an
            // old section here; such a batch is rejected as unsafe (R17) before mapping.
            guard old < oldSectionCount else {
                newToOld[new] = -1
                continue
            }
            newToOld[new] = old
            oldToNew[old] = new
            old += 1
        }
        return SectionMapping(isIdentity: false, oldToNew: oldToNew, newToOld: newToOld, movesFrom: movesFrom, movesTo: movesTo)
    }

    /// R15, for each new section t with an old counterpart s:
    /// N[t] = O[s] + ins[t] − del[s] + in[t] − out[s]. The insert and delete counts include
    /// the reloads' halves; a move counts as in and out only when it crosses sections under
    /// the mapping (map(from.section) ≠ to.section), as a table view counts it.
    func checkItemCounts(_ sections: SectionMapping) throws(BatchRejection) {
        let oldCounts = oldCounts
        let newCounts = newCounts
        let newSectionCount = newCounts.count
        let oldSectionCount = oldCounts.count
        var inserted = [Int](repeating: 0, count: newSectionCount)
        var deleted = [Int](repeating: 0, count: oldSectionCount)
        var movedIn = [Int](repeating: 0, count: newSectionCount)
        var movedOut = [Int](repeating: 0, count: oldSectionCount)
        for insert in inserts where !insert.isSection { inserted[insert.section] += 1 }
        for delete in deletes where !delete.isSection { deleted[delete.section] += 1 }
        for move in moves where !move.isSection && sections.newIndex(ofOld: move.from.section) != move.to.section {
            movedOut[move.from.section] += 1
            movedIn[move.to.section] += 1
        }
        // A while loop: this is the one per-section loop of a batch, and debug builds pay
        // for a range iterator on every step.
        var new = 0
        while new < newSectionCount {
            defer { new += 1 }
            let old = sections.oldIndex(ofNew: new)
            guard old >= 0 else { continue }
            let expected = oldCounts[old] + inserted[new] - deleted[old] + movedIn[new] - movedOut[old]
            if newCounts[new] != expected {
                throw countFailure(.r15, messages.itemCount(
                    section: new, after: newCounts[new], before: oldCounts[old],
                    inserted: inserted[new], deleted: deleted[old],
                    movedIn: movedIn[new], movedOut: movedOut[old]))
            }
        }
    }

    /// A count failure: the legacy R14/R15 text, or R16 with the iOS 16.4 text.
    private func countFailure(_ rule: UIKitRule, _ legacyMessage: String) -> BatchRejection {
        switch style {
        case .legacy:
            return .invalid(rule, legacyMessage)
        case .modern:
            return .invalid(.r16, messages.invalidBatch(
                before: oldCounts, after: newCounts, deletes: deletes, moves: moves, inserts: inserts))
        }
    }
}
