/// The bulk index build for large lists, in two passes over the identifiers' hashes and no
/// counting pass: scatter into buckets by home slot, then insert bucket by bucket, each
/// bucket's probes in a window of the slots that stays in a core's cache.
///
/// Inserting a million identifiers at their home slots in list order touches the 8 MB of
/// slots at random: a cache miss an insert, and another to read the identifier already in
/// a slot a probe meets. Here the first pass hashes each identifier once and appends an
/// 8-byte entry (the hash's top 32 bits, which hold the home slot, and the item's place)
/// to its bucket (`2^bucketBits` buckets of at least 16,384 slots; few enough that the
/// scatter's writes stay sequential streams). Each bucket has room, per part, for its
/// expected share and a margin; an entry past that room waits in an overflow list. The
/// second pass inserts the buckets in order: a probe compares 16-bit tags (the low bits
/// of the entry's hash bits, kept beside the slots) and reads an identifier only when
/// they are equal.
///
/// Two threads share the work: each scatters half of the chunks to its own part of every
/// bucket, then each fills half of the slots (its buckets). A probe that would run past
/// its half's end, and every overflowed entry, is inserted after both threads are done.
/// Which of two equal identifiers is indexed is not defined: the caller only asks whether
/// there were any.
///
/// A builder that scatters while its chunks fill (``HashScatter``) hands its buckets to
/// the second pass alone: ``insertScattered(chunks:slotCount:parts:overflow:entries:)``.
extension IdentifierIndex {
    /// The slots of an index of `chunks` (`count` items, serial = offset in `chunks`) in
    /// `slotCount` slots (a power of two, at most 2^32), and whether an identifier
    /// appeared more than once (then the slots index one of its occurrences). `room`, the
    /// entries each part's region of a bucket holds before the rest overflow, is for
    /// tests.
    ///
    /// - Complexity: O(n) expected, in `parts` (1 or 2) threads.
    @inlinable
    static func scatteredSlots<ID, Summary>(
        chunks: UnsafeBufferPointer<ItemChunk<ID, Summary>>, count: Int, slotCount: Int, seed: UInt64, parts: Int,
        room: Int? = nil
    ) -> (slots: ContiguousArray<UInt32>, hasDuplicates: Bool) {
        let bucketBits = scatterBucketBits(slotCount: slotCount)
        let bucketCount = 1 << bucketBits
        let chunkSplit = (0 ... parts).map { $0 * chunks.count / parts }
        // Each part's room in each bucket: its expected share (items spread evenly over
        // the homes) and a margin of several standard deviations.
        let perPart = (count + parts - 1) / parts
        let expected = perPart / bucketCount
        let room = room ?? expected + expected / 8 + 64
        let regions = parts * bucketCount
        let entries = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: regions * room)
        HugePages.advise(entries)
        let fill = UnsafeMutableBufferPointer<Int>.allocate(capacity: regions)
        fill.initialize(repeating: 0)
        var overflow = [[UInt64]](repeating: [], count: parts)
        defer {
            entries.deallocate()
            fill.deallocate()
        }
        // Pass 1: each part appends its chunks' entries to its region of each bucket
        // (region `bucket * parts + part`), and its own overflow list.
        overflow.withUnsafeMutableBufferPointer { overflow in
            inParallelIfMany(parts) { part in
                let row = part * bucketCount
                for serial in chunkSplit[part] ..< chunkSplit[part + 1] {
                    chunks[serial].ids.withUnsafeBufferPointer { ids in
                        for offset in ids.indices {
                            let entry = scatterEntry(
                                hash: IdentifierHash.hash(ids[offset], seed: seed),
                                place: ItemChunk<ID, Summary>.place(serial: UInt32(truncatingIfNeeded: serial), offset: offset)
                            )
                            let bucket = scatterPrefix(of: entry, bits: bucketBits)
                            let filled = fill[row &+ bucket]
                            if filled < room {
                                entries[(bucket &* parts &+ part) &* room &+ filled] = entry
                                fill[row &+ bucket] = filled &+ 1
                            } else {
                                overflow[part].append(entry)
                            }
                        }
                    }
                }
            }
        }
        // Pass 2.
        let readOnlyEntries = UnsafeBufferPointer(entries)
        return insertScattered(chunks: chunks, slotCount: slotCount, parts: parts, overflow: overflow) { bucket, body in
            for part in 0 ..< parts {
                let region = bucket * parts + part
                body(UnsafeBufferPointer(rebasing: readOnlyEntries[(region * room) ..< (region * room + fill[part * bucketCount + bucket])]))
            }
        }
    }

    /// log2 of the buckets of a build into `slotCount` slots: at most 256 buckets, each of
    /// at least 16,384 slots.
    @inlinable
    static func scatterBucketBits(slotCount: Int) -> Int {
        max(0, min(HashScatter.bucketBits, slotCount.trailingZeroBitCount - 14))
    }

    /// The 8-byte entry of an item in the scatter: the top 32 bits of its hash (its home
    /// slot in any index of at most 2^32 slots, and its bucket), then its packed place.
    @inlinable @inline(__always)
    static func scatterEntry(hash: Int, place: UInt32) -> UInt64 {
        UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000 | UInt64(place)
    }

    /// The top `bits` bits (0 through 32) of an entry's hash: its bucket of `bits` bits, or
    /// its home slot in an index of `2^bits` slots (``IdentifierHash/home(_:shift:)``).
    @inlinable @inline(__always)
    static func scatterPrefix(of entry: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: entry &>> 32) &>> (32 &- bits)
    }

    /// Pass 2 of the bulk build: the slots of an index of `chunks` in `slotCount` slots
    /// (a power of two, at most 2^32) from scattered entries (see ``scatterEntry(hash:place:)``),
    /// and whether an identifier appeared more than once. `entries(bucket, body)` calls
    /// `body` with each run of entries of `bucket` (of ``scatterBucketBits(slotCount:)``
    /// bits), from `parts` threads at once; `overflow` holds entries of any bucket.
    ///
    /// - Complexity: O(n) expected, in `parts` (1 or 2) threads.
    @inlinable
    static func insertScattered<ID, Summary>(
        chunks: UnsafeBufferPointer<ItemChunk<ID, Summary>>, slotCount: Int, parts: Int, overflow: [[UInt64]],
        entries: (_ bucket: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Void) -> Void
    ) -> (slots: ContiguousArray<UInt32>, hasDuplicates: Bool) {
        precondition(slotCount <= 1 << 32, "home slots are read from 32 bits of the hash")
        let mask = slotCount - 1
        let slotBits = slotCount.trailingZeroBitCount
        let bucketBits = scatterBucketBits(slotCount: slotCount)
        let bucketShift = slotBits - bucketBits
        let bucketCount = 1 << bucketBits
        let tags = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: slotCount)
        HugePages.advise(tags)
        defer { tags.deallocate() }
        var deferred = [[UInt64]](repeating: [], count: parts)
        var duplicate = [Bool](repeating: false, count: parts)
        var repeated = false
        let slots = ContiguousArray<UInt32>(uninitializedCount: slotCount) { slots, initialized in
            HugePages.advise(slots)
            /// Inserts `entry` probing from its home up to `end` (exclusive; `nil` wraps
            /// around); false when the probe reached `end`. Sets `duplicate` when the
            /// identifier is there already.
            func insert(_ entry: UInt64, end: Int?, duplicate: inout Bool) -> Bool {
                let high = UInt32(truncatingIfNeeded: entry &>> 32)
                let place = UInt32(truncatingIfNeeded: entry)
                let tag = UInt16(truncatingIfNeeded: high)
                var slot = scatterPrefix(of: entry, bits: slotBits)
                while true {
                    let stored = slots[slot]
                    if stored == empty {
                        slots[slot] = place
                        tags[slot] = tag
                        return true
                    }
                    if tags[slot] == tag, identifier(at: stored, in: chunks) == identifier(at: place, in: chunks) {
                        duplicate = true
                        return true
                    }
                    slot = (slot &+ 1) & mask
                    if slot == end { return false }
                }
            }
            deferred.withUnsafeMutableBufferPointer { deferred in
                duplicate.withUnsafeMutableBufferPointer { duplicate in
                    inParallelIfMany(parts) { part in
                        let firstBucket = part * bucketCount / parts
                        let endBucket = (part + 1) * bucketCount / parts
                        let end = (endBucket << bucketShift) & mask       // the next part's first slot (0: the first part's)
                        UnsafeMutableBufferPointer(rebasing: slots[(firstBucket << bucketShift) ..< (endBucket << bucketShift)]).initialize(repeating: empty)
                        for bucket in firstBucket ..< endBucket {
                            entries(bucket) { run in
                                for entry in run where !insert(entry, end: end, duplicate: &duplicate[part]) {
                                    deferred[part].append(entry)
                                }
                            }
                        }
                    }
                }
            }
            // The deferred probes, then the overflowed entries, wrapping.
            repeated = duplicate.contains(true)
            for list in deferred + overflow {
                for entry in list { _ = insert(entry, end: nil, duplicate: &repeated) }
            }
            initialized = slotCount
        }
        return (slots, repeated)
    }
}
