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
    /// Whole sections share the old or the new list's chunks, and the state finds
    /// identifiers through both lists' indexes (``StagedLookup``); a state that differs
    /// from one of the lists only in summaries shares that list's chunks and index. Either
    /// way only the chunks whose summaries change are copied.
    ///
    /// - Complexity: O(s + c + m) for s sections, c chunks and the m items of sections
    ///   built item by item (inserted sections before items move in, deleted ones after
    ///   items move out), plus the updates.
    @inlinable
    static func staged(
        state: Int, plan: StagePlan, nodes: SectionNodes, old: ListSnapshot, new: ListSnapshot, changes: ListChangeSet,
        updated: UpdatedPositions
    ) -> ListSnapshot {
        let layout = plan.layout
        let movedSources = plan.movedSources
        let updates = plan.updates
        let updateStage = plan.updateStage
        let positions = layout.positions[state]
        var order = [Int](repeating: -1, count: positions.count)
        var sectionCount = 0
        for node in positions.indices where positions[node] >= 0 {
            order[positions[node]] = node
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
        // Index loops, not `enumerated()`: `StagedSource` is generic (nested in
        // `ListSnapshot`), and where this runs unspecialized (the adapter's generic code),
        // each step of an enumeration looked up a tuple's metadata (3% of a PostgreSQL
        // client's time at 1,000 sections).
        for position in sources.indices where isBaseInOrder {
            switch sources[position] {
            case .old(let section): isBaseInOrder = baseIsOld && section == position
            case .new(let section): isBaseInOrder = !baseIsOld && section == position
            default: isBaseInOrder = false
            }
        }
        // Each updated item shows its new summary from the stage that shows the update on.
        // Its section's chunks come from one list, so it holds that list's summary already:
        // only the others are written (at a million items, each write copies a chunk, and
        // the first in a page the page, 64 chunks).
        var stagedPaths: [ItemPath] = []
        var showsNew: [Bool] = []            // per written path: the new summary, or the old
        var newPositions: [Int] = []
        var oldPositions: [Int] = []
        for index in updates.indices {
            let update = updates[index]
            let path = layout.location(of: update, inState: state)
            let showNew = updateStage[index] < state
            let holdsNew = switch sources[path.section] {
            case .new, .newInsertsOnly: true
            case .old, .oldWithoutMovedOut: false
            }
            guard showNew != holdsNew else { continue }
            stagedPaths.append(path)
            showsNew.append(showNew)
            if showNew {
                newPositions.append(updated.new[index])
            } else {
                oldPositions.append(updated.old[index])
            }
        }
        // Read in two sweeps (one per list), then put back in `stagedPaths` order.
        var newSummaries = new.summaries(atFlatPositions: newPositions).makeIterator()
        var oldSummaries = old.summaries(atFlatPositions: oldPositions).makeIterator()
        let stagedValues = showsNew.map { $0 ? newSummaries.next()! : oldSummaries.next()! }
        if isBaseInOrder {
            // The same items in the same places as the base (only summaries differ, as
            // before a last batch of updates): share its chunks and index, and copy only
            // the chunks whose summaries change.
            let table = base.chunks(settingSummaries: stagedValues, atFlatPositions: stagedPaths.map { base.starts[$0.section] + $0.item })
            return ListSnapshot(
                chunks: table, chunkStarts: base.chunkStarts, ordinalOfSerial: base.ordinalOfSerial,
                titles: base.titles, starts: base.starts, sectionChunks: base.sectionChunks,
                index: base.index, duplicates: new.duplicates
            )
        }

        // Whole sections share the old or new list's chunks; sections built item by item
        // get chunks of their own. The state finds identifiers through both lists' indexes
        // (see ``StagedLookup``), so nothing is indexed here.
        var chunks = ChunkTable<ID, Summary>.Builder(sharingSlices: true)
        var titles = ContiguousArray<String?>()
        var starts = ContiguousArray<Int>()
        var sectionChunks = ContiguousArray<Int>()
        var stateSectionOfOld = ContiguousArray<Int>(repeating: -1, count: old.numberOfSections)
        var stateSectionOfNew = ContiguousArray<Int>(repeating: -1, count: new.numberOfSections)
        var others: [ID: Int] = [:]
        titles.reserveCapacity(sectionCount)
        starts.reserveCapacity(sectionCount + 1)
        sectionChunks.reserveCapacity(sectionCount + 1)
        var count = 0
        starts.append(0)

        // Chunk starts as the chunks go in (shifted from the lists', counted for chunks
        // built here): no chunk's storage is read for them.
        var chunkStarts: ContiguousArray<Int> = [0]
        chunkStarts.reserveCapacity(max(old.chunks.count, new.chunks.count) + 16)
        func appendSection(of list: ListSnapshot, _ section: Int) {
            let range = list.sectionChunks[section] ..< list.sectionChunks[section + 1]
            chunks.append(contentsOf: list.chunks, range)
            list.appendChunkEnds(range, to: &chunkStarts)
            count += list.numberOfItems(inSection: section)
        }
        func appendItems(of list: ListSnapshot, at positions: some Sequence<Int>) {
            var ids = ContiguousArray<ID>()
            var summaries = ContiguousArray<Summary>()
            func flush() {
                guard !ids.isEmpty else { return }
                chunks.append(Chunk(serial: 0, ids: ids, summaries: summaries))
                chunkStarts.append(chunkStarts[chunkStarts.count - 1] + ids.count)
                ids = []
                summaries = []
            }
            for position in positions {
                let id = list.identifier(atFlatPosition: position)
                others[id] = count
                count += 1
                ids.append(id)
                summaries.append(list.summary(atFlatPosition: position))
                if ids.count == Chunk.capacity { flush() }
            }
            flush()
        }

        for source in sources {
            sectionChunks.append(chunks.count)
            switch source {
            case .old(let section):
                stateSectionOfOld[section] = titles.count
                appendSection(of: old, section)
                titles.append(old.titles[section])
            case .new(let section):
                stateSectionOfNew[section] = titles.count
                appendSection(of: new, section)
                titles.append(new.titles[section])
            case .newInsertsOnly(let section):
                appendItems(of: new, at: changes.itemInserts.sortedRange(ofSection: section).lazy.map {
                    new.starts[section] + changes.itemInserts[$0].item
                })
                titles.append(new.titles[section])
            case .oldWithoutMovedOut(let section):
                let leaving = movedSources[movedSources.sortedRange(ofSection: section)]
                var staying: [Int] = []
                var next = leaving.startIndex
                for item in 0 ..< old.numberOfItems(inSection: section) {
                    if next < leaving.endIndex && leaving[next].item == item {
                        next += 1
                        continue
                    }
                    staying.append(old.starts[section] + item)
                }
                appendItems(of: old, at: staying)
                titles.append(old.titles[section])
            }
            starts.append(count)
        }
        sectionChunks.append(chunks.count)
        let table = chunks.finish()
        var state = ListSnapshot(
            chunks: table, chunkStarts: chunkStarts, ordinalOfSerial: [], titles: titles, starts: starts,
            sectionChunks: sectionChunks, index: IdentifierIndex(capacity: 0),
            staged: StagedLookup(
                old: old, new: new, stateSectionOfOld: stateSectionOfOld, stateSectionOfNew: stateSectionOfNew, others: others
            ),
            duplicates: new.duplicates
        )
        // Copies only the chunks whose summaries change.
        state.setSummaries(stagedValues, atFlatPositions: stagedPaths.map { starts[$0.section] + $0.item })
        return state
    }
}

extension ListSnapshot {
    /// The flat positions of a change set's updated items in the old and the new list,
    /// parallel to its `itemUpdates`: worked out once for every state of a staged update.
    @usableFromInline
    struct UpdatedPositions {
        @usableFromInline let old: [Int]
        @usableFromInline let new: [Int]

        @inlinable
        init(changes: ListChangeSet, old: ListSnapshot, new: ListSnapshot) {
            self.old = changes.itemUpdates.map { old.starts[$0.from.section] + $0.from.item }
            self.new = changes.itemUpdates.map { new.starts[$0.to.section] + $0.to.item }
        }
    }
}
