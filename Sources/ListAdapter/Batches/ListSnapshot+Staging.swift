extension ListSnapshot {
    /// Where the items of one section of an intermediate state come from.
    @usableFromInline
    enum StagedSource {
        /// An old section's items, unchanged.
        case old(Int)
        /// A new section's items.
        case new(Int)
        /// A new (inserted) section's own new items, before others move in.
        case newInsertsOnly(Int)
        /// A deleted section's items once those that survive have moved out.
        case oldWithoutMovedOut(Int)
    }

    /// The list between two batches of a staged update: state `state` of `layout`, with
    /// each updated item's new summary from the stage that shows it on.
    ///
    /// Sections are copied from the old or the new list as blocks. The identifier index
    /// is not rebuilt: the index of whichever list supplies more of the items is copied
    /// and its positions rewritten (a position that left points at position 0, which a
    /// lookup passes over as a mismatch), and the few items it lacks are inserted.
    ///
    /// - Complexity: O(n + slots of the copied index), with hashing only for items outside
    ///   the blocks of the list whose index is reused.
    @inlinable
    static func staged(
        state: Int, plan: StagePlan, nodes: SectionNodes, old: ListSnapshot, new: ListSnapshot, changes: ListChangeSet
    ) -> ListSnapshot {
        let layout = plan.layout
        let movedSources = plan.movedSources
        let updates = plan.updates
        let updateStage = plan.updateStage
        let positions = layout.positions[state]
        var order = [Int](repeating: -1, count: positions.count)
        var sectionCount = 0
        for (node, position) in positions.enumerated() where position >= 0 {
            order[position] = node
            sectionCount += 1
        }
        // Sections whose items do not change hold the same identifiers on both sides: they
        // are copied from whichever list lends its index (decided by the others).
        var fromOld = 0
        var fromNew = 0
        for position in 0 ..< sectionCount {
            let node = order[position]
            guard layout.itemStage[node] >= 0 || nodes.kind[node] == .inserted || nodes.kind[node] == .deleted else { continue }
            if nodes.kind[node] == .inserted || layout.holdsNewItems(node, inState: state) {
                fromNew += nodes.newIndex[node] >= 0 ? new.numberOfItems(inSection: nodes.newIndex[node]) : 0
            } else {
                fromOld += old.numberOfItems(inSection: node)
            }
        }
        let baseIsOld = fromOld > fromNew
        var sources: [StagedSource] = []
        sources.reserveCapacity(sectionCount)
        for position in 0 ..< sectionCount {
            let node = order[position]
            let changed = layout.holdsNewItems(node, inState: state)
            let unchanged = layout.itemStage[node] < 0
            let source: StagedSource
            switch nodes.kind[node] {
            case .anchor, .moved:
                source = changed || (unchanged && !baseIsOld) ? .new(nodes.newIndex[node]) : .old(node)
            case .deleted: source = changed ? .oldWithoutMovedOut(node) : .old(node)
            case .inserted:
                source = changed || unchanged ? .new(nodes.newIndex[node]) : .newInsertsOnly(nodes.newIndex[node])
            }
            sources.append(source)
        }
        let base = baseIsOld ? old : new
        // Each updated item shows its new summary from the stage that shows the update on.
        func patchSummaries(_ summaries: inout ContiguousArray<Summary>, starts: ContiguousArray<Int>) {
            for (index, update) in updates.enumerated() {
                let path = layout.location(of: update, inState: state)
                let summary = updateStage[index] < state ? new.summary(at: update.update.to) : old.summary(at: update.update.from)
                summaries[starts[path.section] + path.item] = summary
            }
        }
        var isBaseInOrder = sources.count == base.numberOfSections
        for (position, source) in sources.enumerated() where isBaseInOrder {
            switch source {
            case .old(let section): isBaseInOrder = baseIsOld && section == position
            case .new(let section): isBaseInOrder = !baseIsOld && section == position
            default: isBaseInOrder = false
            }
        }
        if isBaseInOrder {
            // The same items in the same places as the base (only summaries differ, as
            // before a last batch of updates): share its storage.
            var summaries = base.summaries
            patchSummaries(&summaries, starts: base.starts)
            return ListSnapshot(
                identifiers: base.identifiers, summaries: summaries, titles: base.titles, starts: base.starts,
                index: base.index, duplicates: new.duplicates
            )
        }

        var identifiers = ContiguousArray<ID>()
        var summaries = ContiguousArray<Summary>()
        var titles = ContiguousArray<String?>()
        var starts = ContiguousArray<Int>()
        let estimate = max(old.count, new.count)
        identifiers.reserveCapacity(estimate)
        summaries.reserveCapacity(estimate)
        titles.reserveCapacity(sectionCount)
        starts.reserveCapacity(sectionCount + 1)
        starts.append(0)
        // Base position -> position in this state; 0 for items this state lacks.
        var remap = ContiguousArray<Int32>(repeating: 0, count: base.count)
        var outsideBase: [Int] = []

        func appendBlock(of list: ListSnapshot, section: Int, isBase: Bool) {
            let range = list.starts[section] ..< list.starts[section + 1]
            let start = identifiers.count
            if isBase {
                remap.withUnsafeMutableBufferPointer { remap in
                    var target = Int32(truncatingIfNeeded: start)
                    for position in range {
                        remap[position] = target
                        target &+= 1
                    }
                }
            }
            identifiers.append(contentsOf: list.identifiers[range])
            summaries.append(contentsOf: list.summaries[range])
            if !isBase {
                for offset in 0 ..< range.count { locate(start + offset) }
            }
        }
        func appendItem(of list: ListSnapshot, at position: Int) {
            identifiers.append(list.identifiers[position])
            summaries.append(list.summaries[position])
            locate(identifiers.count - 1)
        }
        func locate(_ position: Int) {
            if let basePosition = base.flatPosition(of: identifiers[position]) {
                remap[basePosition] = Int32(truncatingIfNeeded: position)
            } else {
                outsideBase.append(position)
            }
        }

        for source in sources {
            switch source {
            case .old(let section):
                appendBlock(of: old, section: section, isBase: baseIsOld)
                titles.append(old.titles[section])
            case .new(let section):
                appendBlock(of: new, section: section, isBase: !baseIsOld)
                titles.append(new.titles[section])
            case .newInsertsOnly(let section):
                for index in changes.itemInserts.sortedRange(ofSection: section) {
                    appendItem(of: new, at: new.starts[section] + changes.itemInserts[index].item)
                }
                titles.append(new.titles[section])
            case .oldWithoutMovedOut(let section):
                let leaving = movedSources[movedSources.sortedRange(ofSection: section)]
                var next = leaving.startIndex
                for item in 0 ..< old.numberOfItems(inSection: section) {
                    if next < leaving.endIndex && leaving[next].item == item {
                        next += 1
                        continue
                    }
                    appendItem(of: old, at: old.starts[section] + item)
                }
                titles.append(old.titles[section])
            }
            starts.append(identifiers.count)
        }
        patchSummaries(&summaries, starts: starts)

        var index: IdentifierIndex
        if identifiers.isEmpty {
            index = IdentifierIndex(capacity: 0)
        } else if (base.count + outsideBase.count) * 2 > base.index.slots.count {
            index = identifiers.withUnsafeBufferPointer { IdentifierIndex.build(over: $0).0 }
        } else {
            index = base.index
            remap.withUnsafeBufferPointer { index.remapPositions($0) }
            identifiers.withUnsafeBufferPointer { identifiers in
                for position in outsideBase { _ = index.insert(position, in: identifiers) }
            }
        }
        return ListSnapshot(
            identifiers: identifiers, summaries: summaries, titles: titles, starts: starts,
            index: index, duplicates: new.duplicates
        )
    }
}
