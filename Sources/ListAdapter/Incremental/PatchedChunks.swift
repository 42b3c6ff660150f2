/// The chunk table of a patched snapshot: the chunks a patch touches (those holding a
/// removed row or the untouched row a new row goes next to) are rebuilt, region by region
/// of consecutive touched chunks; every other chunk is shared with the old snapshot.
///
/// A rebuilt region takes its old chunks' serials in order, so an untouched row that keeps
/// its chunk and offset keeps its index slot; the index is patched for the rows whose
/// place changed, the removed rows and the new ones.
///
/// - Complexity: O(k log n + c + r) for k patch rows, c chunks and r rows in the touched
///   chunks (at most 128 each).
struct PatchedChunks<ID: Hashable & Sendable, Summary: Equatable & Sendable> {
    typealias Snapshot = ListSnapshot<ID, Summary>
    typealias Chunk = ItemChunk<ID, Summary>
    typealias Row = ListSnapshotPatch<ID, Summary>.Row

    /// The patched chunk table (once built).
    var chunks = ChunkTable<ID, Summary>()
    /// The patched chunk starts, as in ``ListSnapshot``: clean runs shifted, rebuilt
    /// chunks counted (no chunk's storage is read).
    var chunkStarts: ContiguousArray<Int> = [0]
    private var builder = ChunkTable<ID, Summary>.Builder()
    /// Each chunk's section title, as a number: an old section's index, or past those, the
    /// index in ``newTitles`` plus the old section count.
    var chunkTitles = ContiguousArray<Int32>()
    /// Titles of rows that no old section has.
    var newTitles: [String?] = []
    /// Each serial's ordinal in the patched table: written for the rebuilt chunks and for
    /// clean runs that shifted (a region rebuilt into more or fewer chunks), so a patch
    /// that keeps the chunk count does not visit every chunk.
    var ordinalOfSerial: ContiguousArray<Int32>
    /// For each patch row, its new chunk ordinal and offset.
    var rowPlaces: [(chunk: Int, offset: Int)]
    /// Untouched rows whose place changed: identifier, old place, new place.
    var movedPlaces: [(id: ID, old: UInt32, new: UInt32)] = []

    /// An item of a rebuilt region: an untouched row (with its old place) or a patch row.
    private struct Item {
        var id: ID
        var summary: Summary
        var title: Int32
        var oldPlace: UInt32?
        var row: Int?
    }

    /// `nil` when the chunk serials would run out (the caller reloads, which renumbers).
    init?(_ old: Snapshot, untouched: Snapshot.UntouchedRows, rows: [Row]) {
        ordinalOfSerial = old.ordinalOfSerial
        rowPlaces = Array(repeating: (0, 0), count: rows.count)
        let oldChunkCount = old.chunks.count
        // Titles as numbers (see `chunkTitles`): each old chunk's section, each row's.
        var oldChunkTitles = ContiguousArray<Int32>()
        oldChunkTitles.reserveCapacity(oldChunkCount)
        for section in 0 ..< old.numberOfSections {
            oldChunkTitles.append(contentsOf: repeatElement(Int32(section), count: old.sectionChunks[section + 1] - old.sectionChunks[section]))
        }
        // A row's title is most often its neighbours' section: look there first, then
        // through the titles (no table of every title per patch).
        let untouchedCount = untouched.count
        var rowTitles = [Int32]()
        rowTitles.reserveCapacity(rows.count)
        func titleNumber(of row: Row) -> Int32 {
            for rank in [row.gap - 1, row.gap] where rank >= 0 && rank < untouchedCount {
                let section = old.section(containing: untouched.position(ofRank: rank))
                if old.titles[section] == row.section { return Int32(section) }
            }
            if let section = old.titles.firstIndex(of: row.section) { return Int32(section) }
            if let known = newTitles.firstIndex(of: row.section) { return Int32(old.numberOfSections + known) }
            newTitles.append(row.section)
            return Int32(old.numberOfSections + newTitles.count - 1)
        }
        for row in rows { rowTitles.append(titleNumber(of: row)) }
        // The chunks the patch touches, and the chunk each row goes into.
        var dirtyList: [Int] = []
        for position in untouched.removed { dirtyList.append(old.chunk(containing: position)) }
        var rowChunk = [Int](repeating: -1, count: rows.count)
        var number = 0
        while number < rows.count {
            let gap = rows[number].gap
            var end = number
            while end < rows.count && rows[end].gap == gap { end += 1 }
            let previous = gap > 0 ? old.chunk(containing: untouched.position(ofRank: gap - 1)) : -1
            let next = gap < untouchedCount ? old.chunk(containing: untouched.position(ofRank: gap)) : -1
            // A leading run of rows of the previous row's section joins its chunk (so rows
            // appended to a section's end do not form chunks of their own); the rest go
            // before the next untouched row, in its chunk. Patch order is kept either way.
            var joinsPrevious = previous >= 0
            for row in number ..< end {
                if joinsPrevious && (next < 0 || rowTitles[row] == oldChunkTitles[previous]) {
                    rowChunk[row] = previous
                } else {
                    joinsPrevious = false
                    rowChunk[row] = next >= 0 ? next : oldChunkCount - 1
                }
            }
            number = end
        }
        for chunk in rowChunk where chunk >= 0 && chunk < oldChunkCount { dirtyList.append(chunk) }
        dirtyList.sort()

        builder.reserveCapacity(oldChunkCount + rows.count)
        chunkStarts.reserveCapacity(oldChunkCount + rows.count + 1)
        chunkTitles.reserveCapacity(oldChunkCount + rows.count)
        var removedIndex = 0
        var nextRow = 0
        var ordinal = 0
        if oldChunkCount == 0 {
            // An empty list: the rows are the whole list.
            guard rebuild(region: 0 ..< 0, of: old, oldChunkTitles: oldChunkTitles, untouched: untouched,
                          removedIndex: &removedIndex, rows: rows, rowTitles: rowTitles, rowRange: 0 ..< rows.count) else { return nil }
            chunks = builder.finish()
            return
        }
        var nextDirty = 0
        while ordinal < oldChunkCount {
            while nextDirty < dirtyList.count && dirtyList[nextDirty] < ordinal { nextDirty += 1 }
            let cleanEnd = nextDirty < dirtyList.count ? dirtyList[nextDirty] : oldChunkCount
            if cleanEnd > ordinal {
                // A run of chunks the patch does not touch: shared, copied in bulk.
                let shift = builder.count - ordinal
                if shift != 0 {
                    for moved in ordinal ..< cleanEnd { ordinalOfSerial[Int(old.chunks.serial(at: moved))] = Int32(truncatingIfNeeded: moved + shift) }
                }
                builder.append(contentsOf: old.chunks, ordinal ..< cleanEnd)
                old.appendChunkEnds(ordinal ..< cleanEnd, to: &chunkStarts)
                chunkTitles.append(contentsOf: oldChunkTitles[ordinal ..< cleanEnd])
                ordinal = cleanEnd
                continue
            }
            var end = ordinal
            while nextDirty < dirtyList.count && dirtyList[nextDirty] <= end {
                if dirtyList[nextDirty] == end { end += 1 }
                nextDirty += 1
            }
            var rowEnd = nextRow
            while rowEnd < rows.count && rowChunk[rowEnd] < end { rowEnd += 1 }
            guard rebuild(region: ordinal ..< end, of: old, oldChunkTitles: oldChunkTitles, untouched: untouched,
                          removedIndex: &removedIndex, rows: rows, rowTitles: rowTitles, rowRange: nextRow ..< rowEnd) else { return nil }
            nextRow = rowEnd
            ordinal = end
        }
        chunks = builder.finish()
    }

    /// Rebuilds the old chunks `region` with the rows `rowRange` merged in: appends the new
    /// chunks (cut at title changes and at the capacity, sizes balanced) and notes the
    /// places that change. `false` when serials run out.
    private mutating func rebuild(
        region: Range<Int>, of old: Snapshot, oldChunkTitles: ContiguousArray<Int32>, untouched: Snapshot.UntouchedRows,
        removedIndex: inout Int, rows: [Row], rowTitles: [Int32], rowRange: Range<Int>
    ) -> Bool {
        let removed = untouched.removed
        var items: [Item] = []
        var nextRow = rowRange.lowerBound
        if let first = region.first {
            var rank = untouched.rank(ofPosition: old.chunkStarts[first])
            for ordinal in region {
                let chunk = old.chunks[ordinal]
                let start = old.chunkStarts[ordinal]
                for offset in chunk.ids.indices {
                    if removedIndex < removed.count && removed[removedIndex] == start + offset {
                        removedIndex += 1
                        continue
                    }
                    while nextRow < rowRange.upperBound && rows[nextRow].gap <= rank {
                        let row = rows[nextRow]
                        items.append(Item(id: row.id, summary: row.summary, title: rowTitles[nextRow], oldPlace: nil, row: nextRow))
                        nextRow += 1
                    }
                    items.append(Item(
                        id: chunk.ids[offset], summary: chunk.summaries[offset], title: oldChunkTitles[ordinal],
                        oldPlace: Chunk.place(serial: chunk.serial, offset: offset), row: nil
                    ))
                    rank += 1
                }
            }
        }
        while nextRow < rowRange.upperBound {
            let row = rows[nextRow]
            items.append(Item(id: row.id, summary: row.summary, title: rowTitles[nextRow], oldPlace: nil, row: nextRow))
            nextRow += 1
        }
        // Serials: the region's own first, in order, then new ones.
        var serials = region.map { old.chunks.serial(at: $0) }
        serials.reverse()
        for serial in serials { ordinalOfSerial[Int(serial)] = -1 }
        var runStart = 0
        while runStart < items.count {
            var runEnd = runStart + 1
            while runEnd < items.count && items[runEnd].title == items[runStart].title { runEnd += 1 }
            let length = runEnd - runStart
            let pieces = (length + Chunk.capacity - 1) / Chunk.capacity
            var pieceStart = runStart
            for piece in 0 ..< pieces {
                let size = length / pieces + (piece < length % pieces ? 1 : 0)
                let serial: UInt32
                if let reused = serials.popLast() {
                    serial = reused
                } else {
                    guard ordinalOfSerial.count < Chunk.serialLimit else { return false }
                    serial = UInt32(ordinalOfSerial.count)
                    ordinalOfSerial.append(-1)
                }
                var ids = ContiguousArray<ID>()
                var summaries = ContiguousArray<Summary>()
                ids.reserveCapacity(size)
                summaries.reserveCapacity(size)
                for (offset, item) in items[pieceStart ..< pieceStart + size].enumerated() {
                    ids.append(item.id)
                    summaries.append(item.summary)
                    let place = Chunk.place(serial: serial, offset: offset)
                    if let row = item.row {
                        rowPlaces[row] = (builder.count, offset)
                    } else if let oldPlace = item.oldPlace, oldPlace != place {
                        movedPlaces.append((item.id, oldPlace, place))
                    }
                }
                ordinalOfSerial[Int(serial)] = Int32(truncatingIfNeeded: builder.count)
                builder.append(Chunk(serial: serial, ids: ids, summaries: summaries, fingerprinted: true))
                chunkStarts.append(chunkStarts[chunkStarts.count - 1] + size)
                chunkTitles.append(items[runStart].title)
                pieceStart += size
            }
            runStart = runEnd
        }
        return true
    }
}
