/// Comparing one column of two snapshots whose chunks line up: chunk by chunk, read in
/// place, and for large lists over the machine's cores.
///
/// Two unchanged lists of a million items hold 16 MB of identifiers and summaries each.
/// Read chunk by chunk through a key path, one core took 6.5-8.5 ms (a key path
/// projection per chunk, and its arrays retained and released); read in place and split
/// over two cores, about 2-4 ms. Pages both tables share still cost nothing.
extension ListSnapshot {
    /// Which of a chunk's arrays to compare.
    @usableFromInline
    enum Column: Sendable {
        case identifiers, summaries
    }

    /// Lists with at least this many items are compared in parts, one per core (up to 4).
    @inlinable static var partedComparisonThreshold: Int { 1 << 18 }

    /// The ordinals of the chunks whose `column` differs from `other`'s chunk of the same
    /// ordinal, in order; with `firstOnly`, at most one per part (enough to say "differs").
    ///
    /// Runs on the calling thread; parts of a large comparison run on Dispatch's worker
    /// threads and are joined before it returns.
    ///
    /// - Precondition: `chunkStarts == other.chunkStarts`.
    /// - Complexity: O(n) at worst; pages both tables share are skipped.
    @inlinable
    func differingChunks(_ column: Column, from other: ListSnapshot, firstOnly: Bool) -> [Int] {
        let chunkCount = chunks.count
        let parts = count >= Self.partedComparisonThreshold ? min(4, ProcessorCount.online) : 1
        guard parts > 1, chunkCount >= parts else {
            return chunksDiffering(column, from: other, ordinals: 0 ..< chunkCount, firstOnly: firstOnly)
        }
        let found = UnsafeMutableBufferPointer<[Int]>.allocate(capacity: parts)
        found.initialize(repeating: [])
        defer { found.deinitialize().deallocate() }
        // Each part writes its own slot, and the join comes before they are read.
        let part = (chunkCount + parts - 1) / parts
        inParallel(parts) { index in
            let ordinals = min(chunkCount, index * part) ..< min(chunkCount, (index + 1) * part)
            found[index] = self.chunksDiffering(column, from: other, ordinals: ordinals, firstOnly: firstOnly)
        }
        return Array(found.joined())
    }

    /// ``differingChunks(_:from:firstOnly:)`` over `ordinals`, on the calling thread: page
    /// by page (a page both tables share is skipped), each chunk read in place.
    @inlinable
    func chunksDiffering(_ column: Column, from other: ListSnapshot, ordinals: Range<Int>, firstOnly: Bool) -> [Int] {
        var found: [Int] = []
        guard !ordinals.isEmpty else { return found }
        let idsAreIntegers = ID.self is any FixedWidthInteger.Type
        let summariesAreIntegers = Summary.self is any FixedWidthInteger.Type
        var ordinal = ordinals.lowerBound
        while ordinal < ordinals.upperBound {
            let page = Int(chunks.pageOfOrdinal[ordinal])
            let otherPage = Int(other.chunks.pageOfOrdinal[ordinal])
            let start = chunks.pageStarts[page]
            let otherStart = other.chunks.pageStarts[otherPage]
            let end = min(ordinals.upperBound, chunks.pageStarts[page + 1], otherStart + other.chunks.pages[otherPage].count)
            let stop: Bool = chunks.pages[page].withUnsafeBufferPointer { mine in
                other.chunks.pages[otherPage].withUnsafeBufferPointer { theirs in
                    if start == otherStart && mine.baseAddress == theirs.baseAddress { return false }
                    for current in ordinal ..< end {
                        let left = mine.baseAddress! + (current - start)
                        let right = theirs.baseAddress! + (current - otherStart)
                        if left.pointee.hasSameFingerprint(as: right.pointee) { continue }
                        let equal = switch column {
                        case .identifiers: fastEqual(left.pointee.ids, right.pointee.ids, isInteger: idsAreIntegers)
                        case .summaries: fastEqual(left.pointee.summaries, right.pointee.summaries, isInteger: summariesAreIntegers)
                        }
                        if equal { continue }
                        found.append(current)
                        if firstOnly { return true }
                    }
                    return false
                }
            }
            if stop { break }
            ordinal = end
        }
        return found
    }

    /// Whether `column` holds equal elements in the same flat order in both snapshots:
    /// chunk by chunk where the chunks line up, flat otherwise.
    ///
    /// - Complexity: O(n) at worst.
    @inlinable
    func hasSame(_ column: Column, as other: ListSnapshot) -> Bool {
        guard count == other.count else { return false }
        guard chunkStarts == other.chunkStarts else {
            switch column {
            case .identifiers: return fastEqual(flatIdentifiers(), other.flatIdentifiers())
            case .summaries: return fastEqual(flatSummaries(), other.flatSummaries())
            }
        }
        return differingChunks(column, from: other, firstOnly: true).isEmpty
    }
}
