extension ListChangeSet {
    /// Computes what changed from `old` to `new`: the package's pure diff.
    ///
    /// Sections are matched by title, items by identifier. An item whose summary differs
    /// is an update. Moves are minimal (see ``ListChangeSet``).
    ///
    /// ```swift
    /// let changes = ListChangeSet(from: before, to: after)
    /// changes.itemMoves.count   // kept items − Σ LIS over kept sections
    /// ```
    ///
    /// Runs on the calling queue and touches no shared state; the adapter calls it on its
    /// private queue.
    ///
    /// - Complexity: Expected O(n + m) hashing (none for a shared prefix and suffix) plus
    ///   O(k log k) for the longest increasing subsequences of the k items whose order
    ///   changed inside their section.
    ///
    /// - Parameters:
    ///   - old: the list before the change (the paths that deletes and move sources name).
    ///   - new: the list after it (the paths that inserts and move destinations name). Equal
    ///     lists give an empty change set.
    @inlinable
    public init<ID, Summary>(from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) {
        self.init()
        let sections = SectionMatching(from: old, to: new)
        self.sectionDeletes = sections.deletes
        self.sectionInserts = sections.inserts
        self.sectionMoves = sections.moves
        diffItems(from: old, to: new, sections: sections)
    }

    @inlinable
    mutating func diffItems<ID, Summary>(
        from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>, sections: SectionMatching
    ) {
        if old.starts == new.starts && old.titles == new.titles && old.hasSameItems(as: new) {
            diffSummariesOnly(from: old, to: new)
            return
        }
        let oldCount = old.count
        let newCount = new.count
        // Large lists: the flat columns, the walk and the per-section pass each run on two
        // threads (the sections split in two halves by item count).
        let parts = oldCount + newCount >= Self.partedDiffThreshold ? min(2, ProcessorCount.online) : 1
        var oldToNew = Self.unmatched(count: oldCount)
        var newToOld = Self.unmatched(count: newCount)
        // The walk reads both lists by flat position: lay them out flat once.
        var oldIdentifiers = ContiguousArray<ID>()
        var newIdentifiers = ContiguousArray<ID>()
        var oldSummaries = ContiguousArray<Summary>()
        var newSummaries = ContiguousArray<Summary>()
        // Each part writes its own variables.
        inParallelIfMany(parts) { part in
            if part == 0 || parts == 1 {
                (oldIdentifiers, oldSummaries) = old.flatColumns()
            }
            if part == 1 || parts == 1 {
                (newIdentifiers, newSummaries) = new.flatColumns()
            }
        }
        let sectionParts = Self.sectionHalves(of: new, parts: parts)
        oldIdentifiers.withUnsafeBufferPointer { oldIDs in
            newIdentifiers.withUnsafeBufferPointer { newIDs in
                oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                    newToOld.withUnsafeMutableBufferPointer { newToOld in
                        // Each part walks its own new sections; identifiers are unique, so
                        // no old position is matched by two parts.
                        inParallelIfMany(parts) { part in
                            Self.matchItems(
                                from: old, to: new, sections: sections, newSections: sectionParts[part],
                                oldIDs: oldIDs, newIDs: newIDs, oldToNew: oldToNew, newToOld: newToOld
                            )
                        }
                    }
                }
            }
        }
        // Deletes, in old order.
        for oldSection in 0 ..< old.numberOfSections {
            let start = old.starts[oldSection]
            for oldPosition in start ..< old.starts[oldSection + 1] where oldToNew[oldPosition] < 0 {
                itemDeletes.append(ItemPath(section: oldSection, item: oldPosition - start))
            }
        }
        // Inserts, moves and updates, section by section in new order, each part its own
        // sections into its own change set, joined in order.
        var pieces = [ListChangeSet](repeating: ListChangeSet(), count: parts)
        pieces.withUnsafeMutableBufferPointer { pieces in
            inParallelIfMany(parts) { part in
                pieces[part].placeItems(
                    from: old, to: new, sections: sections, newSections: sectionParts[part],
                    newToOld: newToOld, oldSummaries: oldSummaries, newSummaries: newSummaries
                )
            }
        }
        // Each piece's changes are in new order, and the pieces are consecutive sections.
        for piece in pieces {
            itemInserts += piece.itemInserts
            itemMoves += piece.itemMoves
            itemUpdates += piece.itemUpdates
        }
    }

    /// `count` positions, none matched yet (-1), in huge pages where large.
    @inlinable
    static func unmatched(count: Int) -> ContiguousArray<Int32> {
        ContiguousArray(uninitializedCount: count) { buffer, initialized in
            HugePages.advise(buffer)
            buffer.initialize(repeating: -1)
            initialized = count
        }
    }

    /// The item count (old and new together) from which a diff uses two threads.
    @inlinable static var partedDiffThreshold: Int { 1 << 18 }

    /// `new`'s sections split into `parts` (1 or 2) consecutive ranges of about equal item
    /// counts.
    @inlinable
    static func sectionHalves<ID, Summary>(of new: ListSnapshot<ID, Summary>, parts: Int) -> [Range<Int>] {
        let sectionCount = new.numberOfSections
        guard parts == 2 else { return [0 ..< sectionCount] }
        let middle = min(sectionCount, ListSnapshot<ID, Summary>.run(containing: new.count / 2, starts: new.starts, runs: sectionCount))
        return [0 ..< middle, middle ..< sectionCount]
    }

    /// Matches the items of `newSections` to old positions: walks each new section with a
    /// cursor into its old counterpart. An item equal to the one under the cursor matches
    /// unhashed (shared prefixes, suffixes and the long unchanged runs between edits); only
    /// the others go through the old snapshot's index. After a hashed match, the item
    /// following it in the old list is a second candidate: when it matches, the run
    /// continues there (the items skipped were deleted or moved away). Going section by
    /// section keeps reordered sections from defeating the cursor.
    @inlinable
    static func matchItems<ID, Summary>(
        from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>, sections: SectionMatching,
        newSections: Range<Int>, oldIDs: UnsafeBufferPointer<ID>, newIDs: UnsafeBufferPointer<ID>,
        oldToNew: UnsafeMutableBufferPointer<Int32>, newToOld: UnsafeMutableBufferPointer<Int32>
    ) {
        for newSection in newSections {
            let oldSection = sections.newToOld[newSection]
            var cursor = oldSection >= 0 ? old.starts[oldSection] : 0
            let cursorEnd = oldSection >= 0 ? old.starts[oldSection + 1] : 0
            var alternative = cursorEnd
            for newPosition in new.starts[newSection] ..< new.starts[newSection + 1] {
                let id = newIDs[newPosition]
                var oldPosition: Int
                if cursor < cursorEnd && oldIDs[cursor] == id {
                    oldPosition = cursor
                    cursor += 1
                } else if alternative < cursorEnd && oldIDs[alternative] == id {
                    oldPosition = alternative
                    cursor = alternative + 1
                    alternative = cursorEnd
                } else if let ahead = lookahead(for: id, from: cursor + 1, end: cursorEnd, in: oldIDs) {
                    // The items under the cursor were deleted or moved away: the run goes
                    // on just past them, found without hashing.
                    oldPosition = ahead
                    cursor = ahead + 1
                } else {
                    guard let found = old.flatPosition(of: id) else { continue }
                    oldPosition = found
                    alternative = found + 1
                }
                oldToNew[oldPosition] = Int32(truncatingIfNeeded: newPosition)
                newToOld[newPosition] = Int32(truncatingIfNeeded: oldPosition)
            }
        }
    }

    /// The position of `id` among the few old identifiers from `start` (before `end`), if
    /// there: after a deleted or moved-away item, the run usually continues one or two
    /// items on, and reading them is cheaper than a lookup in the index (cold cache lines).
    /// Identifiers are unique, so an equal one is the item's old position.
    @inlinable @inline(__always)
    static func lookahead<ID: Hashable>(for id: ID, from start: Int, end: Int, in oldIDs: UnsafeBufferPointer<ID>) -> Int? {
        var position = start
        let limit = Swift.min(end, start + 3)
        while position < limit {
            if oldIDs[position] == id { return position }
            position += 1
        }
        return nil
    }

    /// Appends the inserts, moves and updates of `newSections`, in new order: items with
    /// no old position are inserted; items from another section move; items kept in their
    /// section move unless in the section's longest increasing subsequence; items whose
    /// summary changed are updated.
    @inlinable
    mutating func placeItems<ID, Summary>(
        from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>, sections: SectionMatching,
        newSections: Range<Int>, newToOld: ContiguousArray<Int32>,
        oldSummaries: ContiguousArray<Summary>, newSummaries: ContiguousArray<Summary>
    ) {
        newToOld.withUnsafeBufferPointer { newToOld in
            oldSummaries.withUnsafeBufferPointer { oldSummaries in
                newSummaries.withUnsafeBufferPointer { newSummaries in
                    var stayers = ContiguousArray<Int>()
                    var stayerNewItem = ContiguousArray<Int>()
                    var isMember = ContiguousArray<Bool>()
                    for newSection in newSections {
                        let newStart = new.starts[newSection]
                        let newEnd = new.starts[newSection + 1]
                        let oldSection = sections.newToOld[newSection]
                        let oldStart = oldSection >= 0 ? old.starts[oldSection] : 0
                        let oldEnd = oldSection >= 0 ? old.starts[oldSection + 1] : 0
                        // One pass for inserts, cross-section moves and updates, noting
                        // whether the items that stayed kept their order (the common case:
                        // then none of them moves and no subsequence is needed).
                        var lastStayer = -1
                        var stayersIncreasing = true
                        let sectionMoves = itemMoves.count
                        for newPosition in newStart ..< newEnd {
                            let oldPosition = Int(newToOld[newPosition])
                            let newPath = ItemPath(section: newSection, item: newPosition - newStart)
                            if oldPosition < 0 {
                                itemInserts.append(newPath)
                                continue
                            }
                            if oldPosition >= oldStart && oldPosition < oldEnd {
                                if oldPosition <= lastStayer { stayersIncreasing = false }
                                lastStayer = oldPosition
                            } else {
                                itemMoves.append(ItemMove(from: old.path(atFlatPosition: oldPosition), to: newPath))
                            }
                            if oldSummaries[oldPosition] != newSummaries[newPosition] {
                                itemUpdates.append(ItemMove(from: old.path(atFlatPosition: oldPosition), to: newPath))
                            }
                        }
                        if stayersIncreasing { continue }
                        stayers.removeAll(keepingCapacity: true)
                        stayerNewItem.removeAll(keepingCapacity: true)
                        for newPosition in newStart ..< newEnd {
                            let oldPosition = Int(newToOld[newPosition])
                            if oldPosition >= oldStart && oldPosition < oldEnd {
                                stayers.append(oldPosition - oldStart)
                                stayerNewItem.append(newPosition - newStart)
                            }
                        }
                        isMember.removeAll(keepingCapacity: true)
                        isMember.append(contentsOf: repeatElement(false, count: stayers.count))
                        let kept = stayers.withUnsafeBufferPointer { values in
                            isMember.withUnsafeMutableBufferPointer { members in
                                LongestIncreasingSubsequence.mark(values, isMember: members)
                            }
                        }
                        if kept == stayers.count { continue }
                        let crossSectionMoves = itemMoves.count > sectionMoves
                        for position in stayers.indices where !isMember[position] {
                            itemMoves.append(ItemMove(
                                from: ItemPath(section: oldSection, item: stayers[position]),
                                to: ItemPath(section: newSection, item: stayerNewItem[position])
                            ))
                        }
                        // The section's moves in new order: its moves from other sections
                        // came first, each kind in order.
                        if crossSectionMoves { itemMoves[sectionMoves...].sort { $0.to < $1.to } }
                    }
                }
            }
        }
    }
}

/// `body(0)`, or ``inParallel(_:_:)`` for more than one part.
@inlinable
func inParallelIfMany(_ parts: Int, _ body: (Int) -> Void) {
    if parts <= 1 { body(0) } else { inParallel(parts, body) }
}

/// Element-wise equality, by `memcmp` for integer elements (where equal bits mean equal
/// values), which the C library vectorises; by `==` otherwise. Pass `isInteger` when
/// comparing many arrays, to test the element type once.
@inlinable
func fastEqual<Element: Equatable>(
    _ lhs: ContiguousArray<Element>, _ rhs: ContiguousArray<Element>,
    isInteger: Bool = Element.self is any FixedWidthInteger.Type
) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard isInteger else { return lhs == rhs }
    return lhs.withUnsafeBytes { left in
        rhs.withUnsafeBytes { right in
            left.count == 0 || left.baseAddress == right.baseAddress
                || bytesEqual(left.baseAddress!, right.baseAddress!, count: left.count)
        }
    }
}

extension ListChangeSet {
    /// The fast path for two lists with the same identifiers in the same sections: only
    /// summaries can differ.
    @inlinable
    mutating func diffSummariesOnly<ID, Summary>(from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) {
        // Same items in the same places: compare chunk by chunk where the chunks line up
        // (shared or equal chunks cost nothing), flat otherwise.
        if old.chunkStarts == new.chunkStarts {
            var section = 0
            for ordinal in new.differingChunks(.summaries, from: old, firstOnly: false) {
                let oldSummaries = old.chunks[ordinal].summaries
                let newSummaries = new.chunks[ordinal].summaries
                let start = new.chunkStarts[ordinal]
                for offset in newSummaries.indices where oldSummaries[offset] != newSummaries[offset] {
                    let position = start + offset
                    while new.starts[section + 1] <= position { section += 1 }
                    let path = ItemPath(section: section, item: position - new.starts[section])
                    itemUpdates.append(ItemMove(from: path, to: path))
                }
            }
            return
        }
        let oldSummaries = old.flatSummaries()
        let newSummaries = new.flatSummaries()
        if fastEqual(oldSummaries, newSummaries) { return }
        var section = 0
        for position in 0 ..< newSummaries.count where oldSummaries[position] != newSummaries[position] {
            while new.starts[section + 1] <= position { section += 1 }
            let path = ItemPath(section: section, item: position - new.starts[section])
            itemUpdates.append(ItemMove(from: path, to: path))
        }
    }
}

/// How the sections of two snapshots correspond: matched by title, with the minimal set
/// of moves (kept sections outside one longest increasing subsequence).
@usableFromInline
struct SectionMatching: Sendable {
    /// For each old section, its new index, or -1 when deleted.
    @usableFromInline var oldToNew: ContiguousArray<Int>
    /// For each new section, its old index, or -1 when inserted.
    @usableFromInline var newToOld: ContiguousArray<Int>
    /// For each new section, whether it is a kept section that moves.
    @usableFromInline var isMoved: ContiguousArray<Bool>
    @usableFromInline var deletes: [Int] = []
    @usableFromInline var inserts: [Int] = []
    @usableFromInline var moves: [SectionMove] = []

    @inlinable
    init<ID, Summary>(from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) {
        let oldCount = old.numberOfSections
        let newCount = new.numberOfSections
        oldToNew = ContiguousArray(repeating: -1, count: oldCount)
        newToOld = ContiguousArray(repeating: -1, count: newCount)
        isMoved = ContiguousArray(repeating: false, count: newCount)
        if old.titles == new.titles {
            for section in 0 ..< oldCount {
                oldToNew[section] = section
                newToOld[section] = section
            }
            return
        }
        var oldIndexOfTitle: [String?: Int] = [:]
        oldIndexOfTitle.reserveCapacity(oldCount)
        for section in 0 ..< oldCount { oldIndexOfTitle[old.titles[section]] = section }
        var keptOld = ContiguousArray<Int>()
        var keptNew = ContiguousArray<Int>()
        for section in 0 ..< newCount {
            if let oldSection = oldIndexOfTitle[new.titles[section]] {
                newToOld[section] = oldSection
                oldToNew[oldSection] = section
                keptOld.append(oldSection)
                keptNew.append(section)
            } else {
                inserts.append(section)
            }
        }
        for section in 0 ..< oldCount where oldToNew[section] < 0 { deletes.append(section) }
        var isMember = ContiguousArray(repeating: false, count: keptOld.count)
        _ = keptOld.withUnsafeBufferPointer { values in
            isMember.withUnsafeMutableBufferPointer { members in
                LongestIncreasingSubsequence.mark(values, isMember: members)
            }
        }
        for position in keptOld.indices where !isMember[position] {
            moves.append(SectionMove(from: keptOld[position], to: keptNew[position]))
            isMoved[keptNew[position]] = true
        }
    }
}
