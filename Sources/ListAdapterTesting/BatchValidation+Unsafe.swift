import ListAdapter

/// Step 7: combinations UIKit's validation lets through but that crash, corrupt memory or
/// are unverified (`uikit-batch-updates.md`, sections c and f). Each check names the failure
/// it stands for.
///
/// The structural checks (moved sections) come from `UICollectionView` reports; they are
/// applied to both view kinds, because one batch must be safe for both.
extension BatchValidation {
    /// Runs the unsafe checks in a fixed order: duplicates, reconfigures, no-op section
    /// moves, inserts into moved sections, other item operations inside moved sections, and
    /// reconfigures past the new counts.
    func checkUnsafeCombinations(_ sections: SectionMapping) throws(BatchRejection) {
        try checkDuplicates()
        try checkReconfigureCombinations()
        if !sections.movesFrom.isEmpty {
            try checkNoOpSectionMoves(sections)
            try checkInsertsIntoMovedSections(sections)
            try checkOperationsInMovedSections(sections)
        }
        try checkReconfiguresAgainstDataSource()
    }

    /// R17: a collection view counts a duplicate delete or insert twice. When the counts
    /// still added up, the batch reached the animation stage, where the duplicate corrupts
    /// memory (IGListKit #689). A table view coalesced them in step 1.
    private func checkDuplicates() throws(BatchRejection) {
        guard kind == .collection else { return }
        for (index, delete) in deletes.enumerated().dropFirst() where deletes[index - 1] == delete {
            throw .unsafe(.duplicateDelete, messages.duplicate(delete, action: "deleted"))
        }
        for (index, insert) in inserts.enumerated().dropFirst() where inserts[index - 1] == insert {
            throw .unsafe(.duplicateInsert, messages.duplicate(insert, action: "inserted"))
        }
    }

    /// A reconfigure combined with a delete, move or reload of the same path is unverified.
    private func checkReconfigureCombinations() throws(BatchRejection) {
        guard !reconfigures.isEmpty else { return }
        let deleted = Set(callerDeletes.lazy.filter { !$0.isSection })
        let moved = Set(moves.lazy.filter { !$0.isSection }.map(\.from))
        let reloaded = Set(reloads.lazy.filter { !$0.isSection })
        for path in reconfigures {
            let operand = UpdatePath(path)
            let action =
                deleted.contains(operand) ? "delete"
                : moved.contains(operand) ? "move"
                : reloaded.contains(operand) ? "reload" : nil
            if let action {
                throw .unsafe(.reconfigureUnverified, messages.reconfigureUnverified(path, combinedWith: action))
            }
        }
    }

    /// A section moved onto its own index plus an item move out of it crashes with
    /// `request for index path for global index …` (openradar 48941906).
    private func checkNoOpSectionMoves(_ sections: SectionMapping) throws(BatchRejection) {
        for move in moves where !move.isSection {
            if let sectionMove = sections.movesFrom[move.from.section],
                sectionMove.from.section == sectionMove.to.section, move.to.section != move.from.section
            {
                throw .unsafe(.noOpSectionMoveWithItemMoveOut, messages.noOpSectionMove(move.from.section, itemMove: move))
            }
        }
    }

    /// An item insert, or a reload's insert half, into a section-move destination corrupts
    /// the heap (openradar 26021018, IGListKit #691).
    private func checkInsertsIntoMovedSections(_ sections: SectionMapping) throws(BatchRejection) {
        let reloadOrigins = Dictionary(reloadInserts.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let callerInsertSet = Set(callerInserts)
        for insert in inserts where !insert.isSection {
            guard let sectionMove = sections.movesTo[insert.section] else { continue }
            let operation =
                if !callerInsertSet.contains(insert), let reload = reloadOrigins[insert] {
                    "the insert half of the reload of \(messages.operand(reload)), at (\(insert)),"
                } else {
                    "insert of \(messages.operand(insert))"
                }
            throw .unsafe(.itemInsertIntoMovedSection, messages.insertIntoMovedSection(operation, sectionMove: sectionMove))
        }
    }

    /// Any other item operation inside a moved section: "heap corruptions, exceptions, and
    /// animation/snapshot bugs" (IGListKit).
    private func checkOperationsInMovedSections(_ sections: SectionMapping) throws(BatchRejection) {
        let callerDeleteSet = Set(callerDeletes)
        for delete in deletes where !delete.isSection {
            guard let sectionMove = sections.movesFrom[delete.section] else { continue }
            let action = callerDeleteSet.contains(delete) ? "delete" : "reload"
            throw .unsafe(.itemOperationInMovedSection, messages.operationInMovedSection(
                "\(action) of \(messages.operand(delete))", sectionMove: sectionMove))
        }
        for move in moves where !move.isSection {
            guard let sectionMove = sections.movesFrom[move.from.section] ?? sections.movesTo[move.to.section] else {
                continue
            }
            throw .unsafe(.itemOperationInMovedSection, messages.operationInMovedSection(
                "move of \(messages.row) (\(move.from)) -> (\(move.to))", sectionMove: sectionMove))
        }
    }

    /// UIKit resolves a reconfigure at its pre-update path by asking the cell provider, which
    /// reads the data source after the update: the path must exist there.
    private func checkReconfiguresAgainstDataSource() throws(BatchRejection) {
        for path in reconfigures
        where !(0 ..< newSectionCount).contains(path.section) || !(0 ..< newCounts[path.section]).contains(path.item) {
            throw .unsafe(.reconfigureOutsideDataSource, messages.reconfigureOutsideDataSource(path))
        }
    }
}
