/// Reading and writing many summaries at once, chunk by chunk.
///
/// A staged update reads the old and new summaries of every updated item and writes them
/// into the states between its batches: at a million items with 1% of them updated, one
/// chunk lookup (a binary search over 7,813 chunk starts) and one chunk copy per item cost
/// more than the rest of the staging. Sorted by position, the reads and writes walk the
/// chunks once, reading in place, and each touched chunk is copied once.
extension ListSnapshot {
    /// The summaries at flat `positions`, in the order given.
    ///
    /// - Precondition: every position is in `0 ..< count`.
    /// - Complexity: O(k log k + k log c) for k positions over c chunks.
    @inlinable
    func summaries(atFlatPositions positions: [Int]) -> [Summary] {
        // No positions: no write into the shared empty storage (see `init(uninitializedCount:)`).
        if positions.isEmpty { return [] }
        let order = Self.ascendingOrder(of: positions)
        return [Summary](unsafeUninitializedCapacity: positions.count) { buffer, initialized in
            var ordinal = 0
            for index in order {
                let position = positions[index]
                ordinal = chunk(containing: position, atOrAfter: ordinal)
                (buffer.baseAddress! + index).initialize(to: chunks.summary(atOrdinal: ordinal, offset: position - chunkStarts[ordinal]))
            }
            initialized = positions.count
        }
    }

    /// Writes `summaries[i]` at flat position `positions[i]` for every `i` (for a position
    /// given twice, the later write wins). Each touched chunk is copied once, or not at
    /// all where this snapshot holds it alone.
    ///
    /// - Precondition: `summaries.count == positions.count`; every position is in
    ///   `0 ..< count`.
    /// - Complexity: O(k log k + k log c) plus a copy of each touched chunk (and page).
    @inlinable
    mutating func setSummaries(_ summaries: [Summary], atFlatPositions positions: [Int]) {
        precondition(summaries.count == positions.count, "one summary per position")
        for (ordinal, group) in chunkGroups(of: positions) {
            let start = chunkStarts[ordinal]
            chunks[ordinal].summaries.withUnsafeMutableBufferPointer { chunk in
                for index in group { chunk[positions[index] - start] = summaries[index] }
            }
        }
    }

    /// This snapshot's chunk table with `summaries[i]` at flat position `positions[i]` for
    /// every `i` (for a position given twice, the later write wins): a new table that
    /// takes every run of unwritten chunks as a slice of this one's pages and copies only
    /// the chunks written. Where writes touch most pages (an intermediate state of a
    /// staged update, showing old summaries for a few thousand items of a million),
    /// ``setSummaries(_:atFlatPositions:)`` would copy nearly every page. Serials and
    /// chunk sizes are unchanged, so the snapshot's chunk starts and serial table still
    /// describe the result.
    ///
    /// - Precondition: `summaries.count == positions.count`; every position is in
    ///   `0 ..< count`.
    /// - Complexity: O(k log k + k log c) plus a copy of each written chunk and one slice
    ///   per run of unwritten chunks.
    @inlinable
    func chunks(settingSummaries summaries: [Summary], atFlatPositions positions: [Int]) -> ChunkTable<ID, Summary> {
        precondition(summaries.count == positions.count, "one summary per position")
        var table = ChunkTable<ID, Summary>.Builder(sharingSlices: true)
        var unwritten = 0                      // the first chunk not yet in `table`
        for (ordinal, group) in chunkGroups(of: positions) {
            let start = chunkStarts[ordinal]
            table.append(contentsOf: chunks, unwritten ..< ordinal)
            var chunk = chunks[ordinal]
            chunk.summaries.withUnsafeMutableBufferPointer { written in
                for index in group { written[positions[index] - start] = summaries[index] }
            }
            table.append(chunk)
            unwritten = ordinal + 1
        }
        table.append(contentsOf: chunks, unwritten ..< chunks.count)
        return table.finish()
    }

    /// The chunks `positions` fall in, ascending, each with the indexes (into `positions`)
    /// of the positions in it, ascending by position, equal positions in the order given.
    ///
    /// - Complexity: O(k log k + k log c) for k positions and c chunks.
    @inlinable
    func chunkGroups(of positions: [Int]) -> [(ordinal: Int, indexes: ArraySlice<Int>)] {
        let order = Self.ascendingOrder(of: positions)
        var groups: [(ordinal: Int, indexes: ArraySlice<Int>)] = []
        var next = 0
        var ordinal = 0
        while next < order.count {
            ordinal = chunk(containing: positions[order[next]], atOrAfter: ordinal)
            let end = chunkStarts[ordinal + 1]
            var last = next
            while last < order.count && positions[order[last]] < end { last += 1 }
            groups.append((ordinal, order[next ..< last]))
            next = last
        }
        return groups
    }

    /// The chunk holding `position`, searching from chunk `ordinal` on (which must start
    /// at or before `position`): a few steps ahead first, then by binary search.
    @inlinable
    func chunk(containing position: Int, atOrAfter ordinal: Int) -> Int {
        var low = ordinal
        for _ in 0 ..< 4 {
            if chunkStarts[low + 1] > position { return low }
            low += 1
        }
        return Self.run(containing: position, starts: chunkStarts, runs: chunks.count, from: low)
    }

    /// The indexes of `positions` in ascending order of position, equal positions in the
    /// order given.
    @inlinable
    static func ascendingOrder(of positions: [Int]) -> [Int] {
        var order = Array(positions.indices)
        var isSorted = true
        for index in positions.indices.dropFirst() where positions[index - 1] > positions[index] {
            isSorted = false
            break
        }
        if !isSorted { order.sort { (positions[$0], $0) < (positions[$1], $1) } }
        return order
    }
}
