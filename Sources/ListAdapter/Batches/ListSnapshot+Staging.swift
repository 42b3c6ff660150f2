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
    /// Sections are copied from the old or the new list as blocks, and the state indexed
    /// anew; a state that differs from one of the lists only in summaries shares that
    /// list's chunks and index and copies only the chunks whose summaries change.
    ///
    /// - Complexity: O(n) expected.
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
        var isBaseInOrder = sources.count == base.numberOfSections
        for (position, source) in sources.enumerated() where isBaseInOrder {
            switch source {
            case .old(let section): isBaseInOrder = baseIsOld && section == position
            case .new(let section): isBaseInOrder = !baseIsOld && section == position
            default: isBaseInOrder = false
            }
        }
        // Each updated item shows its new summary from the stage that shows the update on.
        func stagedSummaries() -> [(path: ItemPath, summary: Summary)] {
            updates.enumerated().map { index, update in
                let path = layout.location(of: update, inState: state)
                let summary = updateStage[index] < state ? new.summary(at: update.update.to) : old.summary(at: update.update.from)
                return (path, summary)
            }
        }
        if isBaseInOrder {
            // The same items in the same places as the base (only summaries differ, as
            // before a last batch of updates): share its chunks and index, and copy only
            // the chunks whose summaries change.
            var staged = base
            for (path, summary) in stagedSummaries() {
                let position = base.starts[path.section] + path.item
                let ordinal = base.chunk(containing: position)
                staged.chunks[ordinal].summaries[position - base.chunkStarts[ordinal]] = summary
            }
            return ListSnapshot(
                chunks: staged.chunks, chunkStarts: base.chunkStarts, ordinalOfSerial: base.ordinalOfSerial,
                titles: base.titles, starts: base.starts, sectionChunks: base.sectionChunks,
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

        func appendBlock(of list: ListSnapshot, section: Int) {
            for ordinal in list.sectionChunks[section] ..< list.sectionChunks[section + 1] {
                identifiers.append(contentsOf: list.chunks[ordinal].ids)
                summaries.append(contentsOf: list.chunks[ordinal].summaries)
            }
        }
        func appendItem(of list: ListSnapshot, at position: Int) {
            identifiers.append(list.identifier(atFlatPosition: position))
            summaries.append(list.summary(atFlatPosition: position))
        }

        for source in sources {
            switch source {
            case .old(let section):
                appendBlock(of: old, section: section)
                titles.append(old.titles[section])
            case .new(let section):
                appendBlock(of: new, section: section)
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
        for (path, summary) in stagedSummaries() { summaries[starts[path.section] + path.item] = summary }
        // Every state holds each identifier at most once.
        return ListSnapshot(
            flatIdentifiers: identifiers, summaries: summaries, titles: titles, starts: starts,
            duplicates: new.duplicates
        )!
    }
}
