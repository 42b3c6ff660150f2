extension ListUpdate {
    /// The batches of ``BatchingPolicy/keepingIdentity``: the fewest batches in which no
    /// item present in both lists loses its cell (see ``BatchingPolicy``).
    ///
    /// The plan: ``StageLayout`` gives the structural stages (one to three) and the order
    /// of sections between them; within a stage, every touched section holds its old items
    /// before and its new items after, so item operations keep the change set's item
    /// indexes and only section indexes are translated. Each stage's operations go through
    /// ``BatchUpdate/init(safelyApplying:updateStyle:)``, which by construction finds
    /// nothing to turn into deletes and inserts. Updated items are then shown in a stage
    /// that neither moves them nor their section and leaves their path as it is (for a
    /// reconfigure) or where UIKit's reload decomposition lands on their new path (for a
    /// reload); those no stage can take get a last batch of their own.
    ///
    /// Runs on the calling queue; pure.
    ///
    /// - Complexity: O(S + c log c) for S sections and c changes, plus O(n) per
    ///   intermediate state (block copies of identifiers and summaries and a pass over the
    ///   identifier index), with at most three intermediate states.
    @inlinable
    static func stagedBatches(
        changes: ListChangeSet, old: ListSnapshot<ID, Summary>, new: ListSnapshot<ID, Summary>, updateStyle: UpdateStyle
    ) -> [ListBatch<ID, Summary>] {
        let nodes = SectionNodes(changes: changes, oldCount: old.numberOfSections, newCount: new.numberOfSections)
        if StageLayout.minimalStageCount(nodes) == 1 {
            // One batch may do: the single-batch step's batch is it when it keeps every cell.
            var keptEveryCell = true
            let update = BatchUpdate(safelyApplying: changes, updateStyle: updateStyle, keptEveryCell: &keptEveryCell)
            if keptEveryCell { return [ListBatch(update: update, after: new)] }
        }
        let plan = StagePlan(changes: changes, nodes: nodes, updateStyle: updateStyle)
        let stages = plan.stages
        var batches: [ListBatch<ID, Summary>] = []
        batches.reserveCapacity(stages.count)
        let updated = ListSnapshot.UpdatedPositions(changes: changes, old: old, new: new)
        for (stage, update) in stages.enumerated() {
            // A stage left without operations (possible only in degenerate plans) is
            // folded into the next one: its after state is then never shown.
            if stage == stages.count - 1 {
                batches.append(ListBatch(update: update, after: new))
            } else if !update.isEmpty {
                let after = ListSnapshot.staged(
                    state: stage + 1, plan: plan, nodes: nodes, old: old, new: new, changes: changes, updated: updated
                )
                batches.append(ListBatch(update: update, after: after))
            }
        }
        return batches
    }
}

/// The non-generic part of staging: the chosen ``StageLayout``, every stage's operations
/// (updates included, plus a last stage of updates no other stage could show), and the
/// stage that shows each update.
///
/// Not public. Runs on the calling queue; a value type.
@usableFromInline
struct StagePlan {
    @usableFromInline let layout: StageLayout
    /// Move sources of the change set, sorted.
    @usableFromInline let movedSources: [ItemPath]
    @usableFromInline let updates: [StagedItemUpdate]
    /// Per update, the stage that shows it (``StageLayout/stageCount`` for the last,
    /// updates-only stage).
    @usableFromInline private(set) var updateStage: [Int]
    /// The operations of every stage, sorted.
    @usableFromInline private(set) var stages: [BatchUpdate]

    @usableFromInline
    init(changes: ListChangeSet, nodes: SectionNodes, updateStyle: UpdateStyle) {
        movedSources = changes.itemMoves.map(\.from).sorted()
        let movedSources = movedSources
        updates = changes.itemUpdates.map { update in
            StagedItemUpdate(
                update: update, oldNode: update.from.section, newNode: nodes.node(ofNew: update.to.section),
                isMoved: movedSources.sortedContains(update.from)
            )
        }
        // The layout whose stages can show the most updates (all, usually).
        var best: StageLayout?
        var bestPlaced = -1
        for choice in StageLayout.choices(nodes) {
            let candidate = StageLayout(nodes: nodes, choice: choice)
            let placed = updates.count { candidate.stableStage(for: $0, nodes: nodes) != nil }
            if placed > bestPlaced {
                best = candidate
                bestPlaced = placed
            }
            if placed == updates.count { break }
        }
        let layout = best!
        self.layout = layout
        stages = (0 ..< layout.stageCount).map { stage in
            BatchUpdate(safelyApplying: layout.changes(ofStage: stage, from: changes, nodes: nodes))
        }
        // Show each update in a stage that keeps its cell where it is; the rest last.
        updateStage = [Int](repeating: layout.stageCount, count: updates.count)
        var adjustments: [ReloadAdjustment] = []
        if updateStyle == .reload {
            adjustments = stages.map {
                ReloadAdjustment(
                    sectionDeletes: $0.deleteSections, sortedItemDeletes: $0.deleteItems,
                    sectionInserts: $0.insertSections, sortedItemInserts: $0.insertItems
                )
            }
        }
        var pending: [ItemPath] = []
        for (index, update) in updates.enumerated() {
            switch updateStyle {
            case .reconfigure:
                if let stage = layout.stableStage(for: update, nodes: nodes) {
                    updateStage[index] = stage
                    stages[stage].reconfigureItems.append(layout.location(of: update, inState: stage))
                    continue
                }
            case .reload:
                if let stage = layout.reloadStage(for: update, nodes: nodes, adjustments: adjustments) {
                    updateStage[index] = stage
                    stages[stage].reloadItems.append(layout.location(of: update, inState: stage))
                    continue
                }
            }
            pending.append(update.update.to)
        }
        for stage in stages.indices {
            stages[stage].reconfigureItems.sort()
            stages[stage].reloadItems.sort()
        }
        if !pending.isEmpty {
            pending.sort()
            stages.append(updateStyle == .reload ? BatchUpdate(reloadItems: pending) : BatchUpdate(reconfigureItems: pending))
        }
    }
}

/// An item update as the staging sees it: its paths, its section nodes, and whether the
/// change set moves it.
@usableFromInline
struct StagedItemUpdate {
    @usableFromInline let update: ItemMove
    @usableFromInline let oldNode: Int
    @usableFromInline let newNode: Int
    @usableFromInline let isMoved: Bool

    @usableFromInline
    init(update: ItemMove, oldNode: Int, newNode: Int, isMoved: Bool) {
        self.update = update
        self.oldNode = oldNode
        self.newNode = newNode
        self.isMoved = isMoved
    }
}

extension StageLayout {
    /// Where the updated item is in `state`.
    @usableFromInline
    func location(of update: StagedItemUpdate, inState state: Int) -> ItemPath {
        location(oldNode: update.oldNode, old: update.update.from, newNode: update.newNode, new: update.update.to, inState: state)
    }

    /// Whether stage `stage` may refresh the item's cell: it neither moves the item nor
    /// its section (an item operation in a moved section is unsafe on
    /// `UICollectionView`; a reconfigure or reload combined with a move of the same item
    /// is unverified or unsafe).
    private func mayShow(_ update: StagedItemUpdate, inStage stage: Int, nodes: SectionNodes) -> Bool {
        if update.isMoved && itemStage[update.oldNode] == stage { return false }
        let node = holdsNewItems(update.oldNode, inState: stage) ? update.newNode : update.oldNode
        return !moves(node, inStage: stage, nodes: nodes)
    }

    /// The first stage that leaves the item's path unchanged and may show it: where a
    /// reconfigure, resolved at the pre-update path against the after state, finds it.
    @usableFromInline
    func stableStage(for update: StagedItemUpdate, nodes: SectionNodes) -> Int? {
        for stage in 0 ..< stageCount where mayShow(update, inStage: stage, nodes: nodes) {
            if location(of: update, inState: stage) == location(of: update, inState: stage + 1) { return stage }
        }
        return nil
    }

    /// The first stage that may show the item where UIKit's decomposition of a reload
    /// (delete at the old path, insert at the path adjusted by the stage's deletes and
    /// inserts, moves ignored) inserts it at its real path.
    @usableFromInline
    func reloadStage(for update: StagedItemUpdate, nodes: SectionNodes, adjustments: [ReloadAdjustment]) -> Int? {
        for stage in 0 ..< stageCount where mayShow(update, inStage: stage, nodes: nodes) {
            let before = location(of: update, inState: stage)
            if adjustments[stage].insertPath(forReloadAt: before) == location(of: update, inState: stage + 1) { return stage }
        }
        return nil
    }

    /// The structural operations of `stage` (no updates), in the stage's own indexes.
    ///
    /// - Complexity: O(S + c) for S sections and c changes.
    @usableFromInline
    func changes(ofStage stage: Int, from changes: ListChangeSet, nodes: SectionNodes) -> ListChangeSet {
        let before = positions[stage]
        let after = positions[stage + 1]
        var result = ListChangeSet()
        for node in 0 ..< nodes.count where sectionStage[node] == stage {
            switch nodes.kind[node] {
            case .deleted: result.sectionDeletes.append(before[node])
            case .inserted: result.sectionInserts.append(after[node])
            case .moved: result.sectionMoves.append(SectionMove(from: before[node], to: after[node]))
            case .anchor: break
            }
        }
        result.sectionDeletes.sort()
        result.sectionInserts.sort()
        result.sectionMoves.sort { $0.to < $1.to }
        // Items deleted with their section need no operation of their own; items inserted
        // with theirs neither.
        for path in changes.itemDeletes where itemStage[path.section] == stage && nodes.kind[path.section] != .deleted {
            result.itemDeletes.append(ItemPath(section: before[path.section], item: path.item))
        }
        for path in changes.itemInserts {
            let node = nodes.node(ofNew: path.section)
            if itemStage[node] == stage && nodes.kind[node] != .inserted {
                result.itemInserts.append(ItemPath(section: after[node], item: path.item))
            }
        }
        for move in changes.itemMoves where itemStage[move.from.section] == stage {
            let to = nodes.node(ofNew: move.to.section)
            result.itemMoves.append(ItemMove(
                from: ItemPath(section: before[move.from.section], item: move.from.item),
                to: ItemPath(section: after[to], item: move.to.item)
            ))
        }
        return result
    }
}
