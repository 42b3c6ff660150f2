/// Building a snapshot's index in one go from its chunks.
///
/// The first build of a list indexes every item, a hash insert each: at a million items
/// the largest part of a build. Small lists insert each identifier at its home slot in
/// chunk order; lists of ``parallelBuildThreshold`` items or more are scattered into
/// buckets by home slot and indexed on two threads (see
/// ``scatteredSlots(chunks:count:slotCount:seed:parts:room:)``).
///
/// Items are indexed by their final places (chunk serial and offset), so nothing is
/// converted afterwards, and the slot array becomes the pages without a copy.
extension IdentifierIndex {
    /// The item count from which ``build(chunks:count:)`` partitions the work and uses
    /// two threads.
    @inlinable static var parallelBuildThreshold: Int { 1 << 17 }

    /// The index of every item of `chunks`, each chunk's serial being its offset in
    /// `chunks`; `nil` when an identifier appears more than once. `scatter`, when it holds
    /// every item of `chunks` (a builder scattered them as they arrived), leaves only the
    /// second pass of the bulk build to do.
    ///
    /// - Complexity: O(n) expected; about half of it on a second thread when `count` is
    ///   at least ``parallelBuildThreshold`` or `scatter` holds the items.
    @inlinable
    static func build<ID, Summary>(
        chunks: ContiguousArray<ItemChunk<ID, Summary>>, count: Int, scatter: HashScatter? = nil
    ) -> IdentifierIndex? {
        let slotCount = slotCount(forCapacity: count)
        if let scatter, scatter.count == count, count > 0 {
            let bucketBits = scatterBucketBits(slotCount: slotCount)
            let (slots, repeated) = chunks.withUnsafeBufferPointer { chunks in
                insertScattered(chunks: chunks, slotCount: slotCount, parts: min(2, ProcessorCount.online), overflow: []) { bucket, body in
                    scatter.forEachRun(inBucket: bucket, of: bucketBits, body)
                }
            }
            return repeated ? nil : IdentifierIndex(slicing: slots, seed: scatter.seed, used: count)
        }
        let seed = UInt64.random(in: .min ... .max)
        if count >= parallelBuildThreshold {
            let (slots, repeated) = chunks.withUnsafeBufferPointer { chunks in
                scatteredSlots(chunks: chunks, count: count, slotCount: slotCount, seed: seed, parts: min(2, ProcessorCount.online))
            }
            return repeated ? nil : IdentifierIndex(slicing: slots, seed: seed, used: count)
        }
        // A small list: each identifier inserted at its home slot, in chunk order.
        var repeated = false
        let mask = slotCount - 1
        let homeShift = IdentifierHash.homeShift(slotCount: slotCount)
        let slots = ContiguousArray<UInt32>(uninitializedCount: slotCount) { slots, initialized in
            slots.initialize(repeating: empty)
            initialized = slotCount
            chunks.withUnsafeBufferPointer { chunks in
                for serial in chunks.indices {
                    chunks[serial].ids.withUnsafeBufferPointer { ids in
                        for offset in ids.indices where !repeated {
                            let id = ids[offset]
                            let place = ItemChunk<ID, Summary>.place(serial: UInt32(truncatingIfNeeded: serial), offset: offset)
                            var slot = IdentifierHash.home(IdentifierHash.hash(id, seed: seed), shift: homeShift)
                            while true {
                                let stored = slots[slot]
                                if stored == empty {
                                    slots[slot] = place
                                    break
                                }
                                if identifier(at: stored, in: chunks) == id {
                                    repeated = true
                                    break
                                }
                                slot = (slot &+ 1) & mask
                            }
                        }
                    }
                    if repeated { return }
                }
            }
        }
        return repeated ? nil : IdentifierIndex(slicing: slots, seed: seed, used: count)
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
        homeShift = IdentifierHash.homeShift(slotCount: slotCount)
        pageShift = shift
        self.seed = seed
        self.used = used
    }
}
