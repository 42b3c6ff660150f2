/// The bulk index build for large lists: partitioned by home slot, so that every probe
/// stays in a window of the slots small enough for a core's cache.
///
/// Inserting a million identifiers at their home slots in list order touches the 8 MB of
/// slots at random: a cache miss an insert, and another to read the identifier already in
/// a slot a probe meets, most of a build's time. Here each identifier's hash and place are
/// first scattered into buckets by home slot (`2^bucketBits` buckets, each covering 4,096
/// slots), then the buckets are inserted in order: a bucket's probes stay in its 32 KB
/// window. Beside the slots, a scratch array holds each filled slot's tag (the hash's high
/// 32 bits): a probe compares tags and reads an identifier only when they are equal (a
/// duplicate, or one pair in 2^32).
///
/// Two threads share the work: each scatters half of the chunks, then each fills half of
/// the slots (its buckets). Within a bucket, the first half's entries come before the
/// second's, each in chunk order, and equal identifiers share a bucket, so the first
/// occurrence is kept. A probe that would run past its half's end is deferred and
/// inserted after both threads are done.
extension IdentifierIndex {
    /// The slots of an index of `chunks` (`count` items, serial = offset in `chunks`) in
    /// `slotCount` slots (a power of two), and the places of later occurrences of an
    /// identifier (duplicates, not indexed), in any order.
    ///
    /// - Complexity: O(n) expected, in `parts` (1 or 2) threads.
    @inlinable
    static func partitionedSlots<ID, Summary>(
        chunks: UnsafeBufferPointer<ItemChunk<ID, Summary>>, count: Int, slotCount: Int, seed: UInt64, parts: Int
    ) -> (ContiguousArray<UInt32>, [UInt32]) {
        let mask = slotCount - 1
        let slotBits = slotCount.trailingZeroBitCount
        let bucketBits = max(1, min(12, slotBits - 12))
        let bucketShift = slotBits - bucketBits
        let bucketCount = 1 << bucketBits
        let chunkSplit = (0 ... parts).map { $0 * chunks.count / parts }
        // Per part and bucket, how many of the part's items have their home there; then
        // where the part's entries of each bucket start (bucket-major, part-minor).
        let fill = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts * bucketCount)
        fill.initialize(repeating: 0)
        let bucketStarts = UnsafeMutableBufferPointer<Int>.allocate(capacity: bucketCount + 1)
        let entryHashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
        let entryPlaces = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count)
        let tags = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: slotCount)
        defer {
            fill.deallocate()
            bucketStarts.deallocate()
            entryHashes.deallocate()
            entryPlaces.deallocate()
            tags.deallocate()
        }
        // Each part writes only its row of `fill` here.
        inParallelIfMany(parts) { part in
            let row = part * bucketCount
            for serial in chunkSplit[part] ..< chunkSplit[part + 1] {
                chunks[serial].ids.withUnsafeBufferPointer { ids in
                    for id in ids { fill[row + (IdentifierHash.hash(id, seed: seed) & mask) >> bucketShift] += 1 }
                }
            }
        }
        var running = 0
        for bucket in 0 ..< bucketCount {
            bucketStarts[bucket] = running
            for part in 0 ..< parts {
                let counted = fill[part * bucketCount + bucket]
                fill[part * bucketCount + bucket] = running
                running += counted
            }
        }
        bucketStarts[bucketCount] = running
        // Each part scatters its chunks' entries to its own ranges of the entry arrays.
        inParallelIfMany(parts) { part in
            let row = part * bucketCount
            for serial in chunkSplit[part] ..< chunkSplit[part + 1] {
                chunks[serial].ids.withUnsafeBufferPointer { ids in
                    for offset in ids.indices {
                        let hash = IdentifierHash.hash(ids[offset], seed: seed)
                        let target = fill[row + (hash & mask) >> bucketShift]
                        fill[row + (hash & mask) >> bucketShift] = target + 1
                        entryHashes[target] = UInt64(truncatingIfNeeded: hash)
                        entryPlaces[target] = ItemChunk<ID, Summary>.place(serial: UInt32(truncatingIfNeeded: serial), offset: offset)
                    }
                }
            }
        }
        // Each part fills its half of the slots (its buckets), and writes its own outcome.
        var outcomes = [BulkInsertOutcome](repeating: BulkInsertOutcome(), count: parts)
        let slots = ContiguousArray<UInt32>(unsafeUninitializedCapacity: slotCount) { slots, initialized in
            outcomes.withUnsafeMutableBufferPointer { outcomes in
                /// Inserts entry `entry` probing from its home up to `end` (exclusive; `nil`
                /// wraps around); false when the probe reached `end`.
                func insert(_ entry: Int, part: Int, end: Int?) -> Bool {
                    let hash = entryHashes[entry]
                    let place = entryPlaces[entry]
                    let tag = UInt32(truncatingIfNeeded: hash >> 32)
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let stored = slots[slot]
                        if stored == empty {
                            slots[slot] = place
                            tags[slot] = tag
                            return true
                        }
                        if tags[slot] == tag, identifier(at: stored, in: chunks) == identifier(at: place, in: chunks) {
                            outcomes[part].duplicates.append(place)
                            return true
                        }
                        slot = (slot &+ 1) & mask
                        if slot == end { return false }
                    }
                }
                inParallelIfMany(parts) { part in
                    let firstBucket = part * bucketCount / parts
                    let endBucket = (part + 1) * bucketCount / parts
                    let end = (endBucket << bucketShift) & mask       // the next part's first slot (0: the first part's)
                    UnsafeMutableBufferPointer(rebasing: slots[(firstBucket << bucketShift) ..< (endBucket << bucketShift)]).initialize(repeating: empty)
                    for entry in bucketStarts[firstBucket] ..< bucketStarts[endBucket] where !insert(entry, part: part, end: end) {
                        outcomes[part].deferred.append(UInt32(truncatingIfNeeded: entry))
                    }
                }
                // The deferred probes, in part order (each part's in bucket order), wrapping.
                for part in 0 ..< parts {
                    for entry in outcomes[part].deferred { _ = insert(Int(entry), part: part, end: nil) }
                }
            }
            initialized = slotCount
        }
        return (slots, outcomes.flatMap(\.duplicates))
    }
}
