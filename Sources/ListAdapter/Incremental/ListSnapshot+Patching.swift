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
    /// ones around them in O(k²) (see `IncrementalMoves`).
    ///
    /// Pure; runs on the calling queue (the adapter calls it on its private queue).
    ///
    /// The patched snapshot shares every chunk and index page the patch does not touch: the
    /// work is proportional to the touched rows (and the at most 128 rows of each chunk
    /// they touch), plus the chunk and section tables, not to the list.
    ///
    /// - Complexity: O(k log n + k² + c + s) for k touched rows, c = n / 128 chunks and s
    ///   sections; no hashing of untouched rows outside touched chunks. Rarely, when the
    ///   index fills past three quarters, O(n) to index the list anew.
    ///
    /// - Parameter patch: the change, stated against this snapshot's untouched rows.
    /// - Returns: the patched snapshot and the change set from this snapshot to it, or `nil`
    ///   when the patch does not apply (the caller then loads the whole list).
    // Specialised for the common identifier and summary types; calls from generic code
    // dispatch to these at run time.
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
        // An intermediate state of a staged update has no index of its own to patch.
        guard staged == nil else { return nil }
        let untouched = untouchedRows(excluding: patch.touched)
        let removed = untouched.removed
        var oldPositionOf: [ID: Int] = [:]
        oldPositionOf.reserveCapacity(removed.count)
        for position in removed { oldPositionOf[identifier(atFlatPosition: position)] = position }
        // Validate: ascending gaps in range, no identifier twice, none duplicating an untouched row.
        var rowIDs = Set<ID>()
        var previousGap = 0
        for row in patch.rows {
            guard row.gap >= previousGap, row.gap <= untouched.count, rowIDs.insert(row.id).inserted else { return nil }
            previousGap = row.gap
            if oldPositionOf[row.id] == nil, flatPosition(of: row.id) != nil { return nil }
        }
        guard let built = PatchedChunks(self, untouched: untouched, rows: patch.rows) else { return nil }
        // Sections are runs of one title over the chunks; a title in two runs means
        // interleaving (the rows of a section no longer contiguous).
        var titles = ContiguousArray<String?>()
        var sectionChunks = ContiguousArray<Int>()
        var seen = [Bool](repeating: false, count: numberOfSections + built.newTitles.count)
        for (ordinal, title) in built.chunkTitles.enumerated() where ordinal == 0 || title != built.chunkTitles[ordinal - 1] {
            let number = Int(title)
            guard !seen[number] else { return nil }
            seen[number] = true
            titles.append(number < numberOfSections ? self.titles[number] : built.newTitles[number - numberOfSections])
            sectionChunks.append(ordinal)
        }
        sectionChunks.append(built.chunks.count)
        let chunkStarts = built.chunkStarts
        var starts = ContiguousArray<Int>()
        starts.reserveCapacity(sectionChunks.count)
        for ordinal in sectionChunks { starts.append(chunkStarts[ordinal]) }
        let ordinalOfSerial = built.ordinalOfSerial
        let rowPositions = built.rowPlaces.map { chunkStarts[$0.chunk] + $0.offset }
        let rowPlaces = built.rowPlaces.map { Chunk.place(serial: built.chunks.serial(at: $0.chunk), offset: $0.offset) }
        guard let index = patchedIndex(removed: removed, moved: built.movedPlaces, rows: patch.rows, rowPlaces: rowPlaces)
            ?? IdentifierIndex.build(over: built.chunks, count: chunkStarts[chunkStarts.count - 1]) else { return nil }
        let next = ListSnapshot(
            chunks: built.chunks, chunkStarts: chunkStarts, ordinalOfSerial: ordinalOfSerial, titles: titles,
            starts: starts, sectionChunks: sectionChunks, index: index, duplicates: DuplicateIdentifiers()
        )
        let changes = IncrementalChanges(
            old: self, new: next, untouched: untouched, rows: patch.rows,
            rowPositions: rowPositions, oldPositionOf: oldPositionOf
        ).changeSet
        return (next, changes)
    }

    /// This index patched: the removed rows' slots marked removed, the untouched rows whose
    /// place changed rewritten, the new rows inserted, all in its overlay (no page copied
    /// until the overlay is folded in).
    /// `nil` when the index would fill past three quarters (the caller indexes anew).
    private func patchedIndex(
        removed: [Int], moved: [(id: ID, old: UInt32, new: UInt32)], rows: [ListSnapshotPatch<ID, Summary>.Row],
        rowPlaces: [UInt32]
    ) -> IdentifierIndex? {
        guard index.hasRoom(for: rows.count) else { return nil }
        // Find every slot first, in the unchanged index (old places are unique there), then write.
        var writes: [(slot: Int, value: UInt32)] = []
        writes.reserveCapacity(removed.count + moved.count)
        for position in removed {
            let ordinal = chunk(containing: position)
            let offset = position - chunkStarts[ordinal]
            let chunk = chunks[ordinal]
            let place = Chunk.place(serial: chunk.serial, offset: offset)
            guard let slot = index.slot(holding: place, hash: index.hash(chunk.ids[offset])) else { return nil }
            writes.append((slot, IdentifierIndex.removed))
        }
        for change in moved {
            guard let slot = index.slot(holding: change.old, hash: index.hash(change.id)) else { return nil }
            writes.append((slot, change.new))
        }
        var patched = index
        for write in writes { patched.overlayValue(write.value, at: write.slot) }
        for (number, row) in rows.enumerated() { patched.insert(rowPlaces[number], hash: patched.hash(row.id), overlaid: true) }
        patched.foldOverlay()
        return patched
    }
}
