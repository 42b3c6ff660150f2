/// Building a snapshot's index in one go from its chunks.
///
/// The first build of a list indexes every item, a hash insert each: at a million items
/// the largest part of a build. Small lists insert each identifier at its home slot in
/// chunk order; lists of ``parallelBuildThreshold`` items or more are partitioned by home
/// slot and indexed on two threads (see ``partitionedSlots(chunks:count:slotCount:seed:parts:)``).
///
/// Items are indexed by their final places (chunk serial and offset), so nothing is
/// converted afterwards, and the slot array becomes the pages without a copy.
extension IdentifierIndex {
    /// The item count from which ``build(chunks:count:)`` partitions the work and uses
    /// two threads.
    @inlinable static var parallelBuildThreshold: Int { 1 << 17 }

    /// The index of every item of `chunks`, each chunk's serial being its offset in
    /// `chunks`, with the places of identifiers seen earlier in chunk order (duplicates,
    /// not indexed), ascending.
    ///
    /// - Complexity: O(n) expected; about half of it on a second thread when `count` is
    ///   at least ``parallelBuildThreshold``.
    @inlinable
    static func build<ID, Summary>(chunks: ContiguousArray<ItemChunk<ID, Summary>>, count: Int) -> (IdentifierIndex, [UInt32]) {
        let slotCount = slotCount(forCapacity: count)
        let seed = UInt64.random(in: .min ... .max)
        if count >= parallelBuildThreshold {
            let (slots, found) = chunks.withUnsafeBufferPointer { chunks in
                partitionedSlots(chunks: chunks, count: count, slotCount: slotCount, seed: seed, parts: min(2, ProcessorCount.online))
            }
            let duplicates = found.sorted()
            return (IdentifierIndex(slicing: slots, seed: seed, used: count - duplicates.count), duplicates)
        }
        let parts = 1
        var outcomes = [BulkInsertOutcome](repeating: BulkInsertOutcome(), count: parts)
        // Every slot is initialised: each part initialises its range first.
        let slotArray = ContiguousArray<UInt32>(unsafeUninitializedCapacity: slotCount) { slots, initialized in
            chunks.withUnsafeBufferPointer { chunks in
                outcomes.withUnsafeMutableBufferPointer { outcomes in
                    // Each part reads the chunks and writes only its range of slots and its
                    // own outcome; the join comes before anything reads them.
                    inParallelIfMany(parts) { part in
                        let range = (part * slotCount / parts) ..< ((part + 1) * slotCount / parts)
                        outcomes[part] = insertPart(chunks, into: slots, range: range, seed: seed)
                    }
                }
                // The deferred probes, in part order (each part's in chunk order), wrapping.
                let mask = slotCount - 1
                for part in outcomes.indices {
                    for place in outcomes[part].deferred {
                        let id = identifier(at: place, in: chunks)
                        var slot = IdentifierHash.hash(id, seed: seed) & mask
                        while true {
                            let stored = slots[slot]
                            if stored == empty {
                                slots[slot] = place
                                break
                            }
                            if identifier(at: stored, in: chunks) == id {
                                outcomes[part].duplicates.append(place)
                                break
                            }
                            slot = (slot &+ 1) & mask
                        }
                    }
                }
            }
            initialized = slotCount
        }
        var duplicates = outcomes.flatMap(\.duplicates)
        duplicates.sort()
        let index = IdentifierIndex(slicing: slotArray, seed: seed, used: count - duplicates.count)
        return (index, duplicates)
    }

    /// Fills `range` of `slots`: initialises it empty, then inserts every identifier of
    /// `chunks` whose home slot is in `range`, in chunk order.
    @inlinable
    static func insertPart<ID, Summary>(
        _ chunks: UnsafeBufferPointer<ItemChunk<ID, Summary>>, into slots: UnsafeMutableBufferPointer<UInt32>,
        range: Range<Int>, seed: UInt64
    ) -> BulkInsertOutcome {
        UnsafeMutableBufferPointer(rebasing: slots[range]).initialize(repeating: empty)
        var outcome = BulkInsertOutcome()
        let mask = slots.count - 1
        let (low, high) = (range.lowerBound, range.upperBound)
        for serial in chunks.indices {
            chunks[serial].ids.withUnsafeBufferPointer { ids in
                for offset in ids.indices {
                    let id = ids[offset]
                    var slot = IdentifierHash.hash(id, seed: seed) & mask
                    guard slot >= low && slot < high else { continue }
                    let place = ItemChunk<ID, Summary>.place(serial: UInt32(truncatingIfNeeded: serial), offset: offset)
                    while true {
                        let stored = slots[slot]
                        if stored == empty {
                            slots[slot] = place
                            break
                        }
                        if identifier(at: stored, in: chunks) == id {
                            outcome.duplicates.append(place)
                            break
                        }
                        slot &+= 1
                        if slot == high {
                            outcome.deferred.append(place)
                            break
                        }
                    }
                }
            }
        }
        return outcome
    }

    /// The identifier at packed place `place` of `chunks` (serial = offset in `chunks`).
    @inlinable @inline(__always)
    static func identifier<ID, Summary>(at place: UInt32, in chunks: UnsafeBufferPointer<ItemChunk<ID, Summary>>) -> ID {
        chunks[ItemChunk<ID, Summary>.serial(ofPlace: place)].ids.withUnsafeBufferPointer {
            $0[ItemChunk<ID, Summary>.offset(ofPlace: place)]
        }
    }

    /// An index whose pages are slices of `slots` (a power-of-two count), `used` of them
    /// holding places: no slot is copied.
    ///
    /// - Complexity: O(pages).
    @inlinable
    init(slicing slots: ContiguousArray<UInt32>, seed: UInt64, used: Int) {
        let slotCount = slots.count
        let shift = min(Self.pageBits, slotCount.trailingZeroBitCount)
        var pages = ContiguousArray<ArraySlice<UInt32>>()
        pages.reserveCapacity(slotCount >> shift)
        for page in 0 ..< slotCount >> shift {
            pages.append(slots[(page << shift) ..< ((page + 1) << shift)])
        }
        self.pages = pages
        mask = slotCount - 1
        pageShift = shift
        self.seed = seed
        self.used = used
    }
}

/// What one part of a bulk index build leaves for the sequential step: the places of the
/// duplicates it found, and of the items whose probe ran past its slots.
@usableFromInline
struct BulkInsertOutcome: Sendable {
    @usableFromInline var duplicates: [UInt32] = []
    @usableFromInline var deferred: [UInt32] = []

    @inlinable
    init() {}
}
