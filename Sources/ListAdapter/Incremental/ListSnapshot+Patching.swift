extension ListSnapshot {
    /// Applies `patch` and returns the patched snapshot with the change set from this one
    /// to it, computed from the patch alone: no diff of the whole list.
    ///
    /// The snapshot's flat order must be the list's order, that is, each section's rows
    /// are contiguous in list order (a list ordered by its section first). The patched list
    /// must keep that: `nil` when a row lands inside another section's rows (the caller
    /// then reloads the whole list), when a row would duplicate an untouched one, or when
    /// the patch's gaps are not ascending and in range.
    ///
    /// The change set is what ``ListChangeSet/init(from:to:)`` reports for the same two
    /// lists, with minimal moves: inside each kept section the rows that stay form a
    /// longest increasing subsequence, found among the k touched rows and the untouched
    /// ones around them in O(k²) (see ``IncrementalMoves``).
    ///
    /// Pure; runs on the calling queue (the adapter calls it on its private queue).
    ///
    /// - Complexity: O(n) memory moves (copying the arrays and shifting the index), plus
    ///   O(k log n + k²) for k touched rows; no hashing of untouched rows.
    // Specialised for the common identifier and summary types (an unspecialised copy of a
    // million identifiers goes through value witnesses, several times slower); calls from
    // generic code dispatch to these at run time.
    @_specialize(where ID == Int64, Summary == Int64)
    @_specialize(where ID == Int64, Summary == NoSummary)
    @_specialize(where ID == Int64, Summary == Int64?)
    @_specialize(where ID == Int64, Summary == Double)
    @_specialize(where ID == Int64, Summary == String)
    @_specialize(where ID == Int, Summary == Int)
    @_specialize(where ID == String, Summary == Int64)
    @_specialize(where ID == String, Summary == NoSummary)
    @_specialize(where ID == String, Summary == String)
    public func applying(_ patch: ListSnapshotPatch<ID, Summary>) -> (snapshot: ListSnapshot, changes: ListChangeSet)? {
        let untouched = untouchedRows(excluding: patch.touched)
        let removed = untouched.removed
        var oldPositionOf: [ID: Int] = [:]
        oldPositionOf.reserveCapacity(removed.count)
        for position in removed { oldPositionOf[identifiers[position]] = position }
        // Validate: ascending gaps in range, no identifier twice, none duplicating an untouched row.
        var rowIDs = Set<ID>()
        var previousGap = 0
        for row in patch.rows {
            guard row.gap >= previousGap, row.gap <= untouched.count, rowIDs.insert(row.id).inserted else { return nil }
            previousGap = row.gap
            if oldPositionOf[row.id] == nil, flatPosition(of: row.id) != nil { return nil }
        }
        guard var built = PatchedArrays(self, untouched: untouched, rows: patch.rows) else { return nil }
        let next = ListSnapshot(
            identifiers: built.identifiers, summaries: built.summaries, titles: built.titles, starts: built.starts,
            index: patchedIndex(untouched: untouched, rows: patch.rows, newPositions: built.rowPositions, newIdentifiers: &built.identifiers),
            duplicates: DuplicateIdentifiers()
        )
        let changes = IncrementalChanges(
            old: self, new: next, untouched: untouched, rows: patch.rows,
            rowPositions: built.rowPositions, oldPositionOf: oldPositionOf
        ).changeSet
        return (next, changes)
    }

    /// The index of the patched list: this index with the touched rows removed, the
    /// untouched positions shifted past the edits, and the new rows inserted; rebuilt
    /// instead when the patched list would fill it more than half.
    private func patchedIndex(
        untouched: UntouchedRows, rows: [ListSnapshotPatch<ID, Summary>.Row], newPositions: [Int],
        newIdentifiers: inout ContiguousArray<ID>
    ) -> IdentifierIndex {
        let newCount = untouched.count + rows.count
        if newCount * 2 > index.slots.count {
            return newIdentifiers.withUnsafeBufferPointer { IdentifierIndex.build(over: $0).0 }
        }
        // The slots of the removed rows, found in this (unchanged) index.
        let removedSlots = identifiers.withUnsafeBufferPointer { old in
            untouched.removed.compactMap { index.slot(holding: $0, in: old) }
        }
        // Shift breakpoints in old positions: after each removed row, one less; from the
        // untouched row a new row is inserted before, one more.
        var events: [(position: Int, delta: Int32)] = untouched.removed.map { ($0 + 1, -1) }
        for row in rows where row.gap < untouched.count {
            events.append((untouched.position(ofRank: row.gap), 1))
        }
        events.sort { $0.position < $1.position }
        var breakpoints: [Int32] = []
        var shifts: [Int32] = []
        var total: Int32 = 0
        for event in events {
            total += event.delta
            if let last = breakpoints.last, Int(last) == event.position {
                shifts[shifts.count - 1] = total
            } else {
                breakpoints.append(Int32(event.position))
                shifts.append(total)
            }
        }
        // One pass: every position shifted, the removed rows' slots emptied; then the
        // entries after each emptied slot are re-placed (they all name rows of the new list).
        var patched = index.shifted(breakpoints: breakpoints, shifts: shifts, emptying: removedSlots)
        newIdentifiers.withUnsafeBufferPointer { identifiers in
            for slot in removedSlots { patched.replaceCluster(after: slot, in: identifiers) }
            for position in newPositions { _ = patched.insert(position, in: identifiers) }
        }
        return patched
    }
}

/// The arrays of a patched snapshot, built by copying runs of untouched rows between the
/// edits (memory-speed copies) and appending the new rows.
struct PatchedArrays<ID: Hashable & Sendable, Summary: Equatable & Sendable> {
    var identifiers = ContiguousArray<ID>()
    var summaries = ContiguousArray<Summary>()
    var titles = ContiguousArray<String?>()
    var starts = ContiguousArray<Int>()
    /// The flat position each patch row got, in patch order (ascending).
    var rowPositions: [Int] = []
    private var runCounts: [Int] = []

    /// `nil` when a section title would form two separate runs (rows of one section no
    /// longer contiguous).
    init?(_ old: ListSnapshot<ID, Summary>, untouched: ListSnapshot<ID, Summary>.UntouchedRows, rows: [ListSnapshotPatch<ID, Summary>.Row]) {
        let newCount = untouched.count + rows.count
        identifiers.reserveCapacity(newCount)
        summaries.reserveCapacity(newCount)
        rowPositions.reserveCapacity(rows.count)
        let removed = untouched.removed
        var position = 0        // next old flat position to consider
        var removedIndex = 0    // next entry of `removed` at or after `position`
        var rank = 0            // untouched rows copied so far
        func copyUntouched(upTo target: Int) {
            while rank < target {
                if removedIndex < removed.count, removed[removedIndex] == position {
                    position += 1
                    removedIndex += 1
                    continue
                }
                let limit = removedIndex < removed.count ? removed[removedIndex] : old.count
                let end = min(limit, position + (target - rank))
                identifiers.append(contentsOf: old.identifiers[position ..< end])
                summaries.append(contentsOf: old.summaries[position ..< end])
                var section = old.section(containing: position)
                var start = position
                while start < end {
                    let sectionEnd = min(end, old.starts[section + 1])
                    appendRun(old.titles[section], count: sectionEnd - start)
                    start = sectionEnd
                    section += 1
                }
                rank += end - position
                position = end
            }
        }
        for row in rows {
            copyUntouched(upTo: row.gap)
            rowPositions.append(identifiers.count)
            identifiers.append(row.id)
            summaries.append(row.summary)
            appendRun(row.section, count: 1)
        }
        copyUntouched(upTo: untouched.count)
        // Sections are runs of one title; a title in two runs means interleaving.
        var seen = Set<String?>()
        seen.reserveCapacity(titles.count)
        for title in titles where !seen.insert(title).inserted { return nil }
        starts.reserveCapacity(titles.count + 1)
        var start = 0
        starts.append(0)
        for count in runCounts {
            start += count
            starts.append(start)
        }
    }

    private mutating func appendRun(_ title: String?, count: Int) {
        if count == 0 { return }
        if let last = titles.last, last == title {
            runCounts[runCounts.count - 1] += count
        } else {
            titles.append(title)
            runCounts.append(count)
        }
    }
}
