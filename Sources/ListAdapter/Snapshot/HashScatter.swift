/// The first pass of the bulk index build (see ``IdentifierIndex/scatteredSlots(chunks:count:slotCount:seed:parts:room:)``),
/// done while a builder's chunks fill rather than after: each identifier hashed once, as
/// its chunk is sealed (its identifiers still in the cache), and its 8-byte entry appended
/// to one of 256 buckets by the top 8 bits of its hash.
///
/// Homes are the hash's top bits (``IdentifierHash/home(_:shift:)``), so a bucket is a
/// run of home slots in an index of any size: the entries can be grouped before the
/// list's length, and so the index's size, is known. ``IdentifierIndex/build(chunks:count:scatter:)``
/// then has only the second pass left.
///
/// Worth it where the appends run on a thread of their own beside the producer of the
/// entries (a database scan): the hashing moves off the path the caller waits on. A value
/// type; not public.
@usableFromInline
struct HashScatter: Sendable {
    /// log2 of the buckets.
    @inlinable static var bucketBits: Int { 8 }

    /// The entries, by bucket: the top 32 bits of the hash, then the packed place.
    @usableFromInline var buckets: ContiguousArray<ContiguousArray<UInt64>>
    /// The seed of the hash; the index built from these entries takes it over.
    @usableFromInline let seed: UInt64
    /// The entries added.
    @usableFromInline var count = 0

    /// An empty scatter, each bucket with room for its share of `expectedCount` entries.
    @inlinable
    init(expectedCount: Int, seed: UInt64 = .random(in: .min ... .max)) {
        let share = expectedCount >> Self.bucketBits
        let room = share + share / 8 + 16
        buckets = ContiguousArray((0 ..< 1 << Self.bucketBits).lazy.map { _ in
            var bucket = ContiguousArray<UInt64>()
            bucket.reserveCapacity(room)
            return bucket
        })
        self.seed = seed
    }

    /// Adds the entries of a chunk of serial `serial` holding `ids`.
    ///
    /// - Complexity: O(`ids.count`), amortised.
    @inlinable
    mutating func add<ID: Hashable, Summary>(_ ids: UnsafeBufferPointer<ID>, serial: UInt32, of _: ItemChunk<ID, Summary>.Type) {
        let seed = self.seed
        buckets.withUnsafeMutableBufferPointer { buckets in
            for offset in ids.indices {
                let entry = IdentifierIndex.scatterEntry(
                    hash: IdentifierHash.hash(ids[offset], seed: seed),
                    place: ItemChunk<ID, Summary>.place(serial: serial, offset: offset)
                )
                buckets[IdentifierIndex.scatterPrefix(of: entry, bits: Self.bucketBits)].append(entry)
            }
        }
        count &+= ids.count
    }

    /// Calls `body` with the entries of each of this scatter's buckets that make up bucket
    /// `bucket` of `bucketBits` bits (at most ``bucketBits``).
    @inlinable
    func forEachRun(inBucket bucket: Int, of bucketBits: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Void) {
        let shift = Self.bucketBits - bucketBits
        for own in bucket << shift ..< (bucket + 1) << shift {
            buckets[own].withUnsafeBufferPointer(body)
        }
    }
}
