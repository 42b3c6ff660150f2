/// A run of at most ``capacity`` consecutive items of one section: the unit a snapshot
/// stores its items in, and the unit a patch copies.
///
/// A snapshot is a table of chunks in list order. Two snapshots share every chunk a change
/// did not touch (the arrays are copy-on-write), so a patch writes the chunks it touches
/// and the chunk table, never the whole list. A chunk never spans two sections, so a
/// section is a range of chunks and a list with its sections reordered is the same chunks
/// in another order.
///
/// Each chunk has a *serial*, unique within a snapshot and the snapshots patched from it:
/// the identifier index stores an item's place as its chunk's serial and its offset in the
/// chunk (``IdentifierIndex``), so moving chunks, or shifting the items after an edit
/// into other chunks, rewrites no index slot outside the touched chunks.
///
/// Not public.
@usableFromInline
struct ItemChunk<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    #if LISTADAPTER_SMALL_SIZES
    // The fuzz build (Fuzz/build.sh): chunks of 8, so that the fuzzers' lists of a hundred
    // items cross as many chunk boundaries as an app's long lists do.
    @inlinable static var capacity: Int { 8 }
    @inlinable static var offsetBits: UInt32 { 3 }
    #else
    /// The most items a chunk holds; a chunk a patch fills past it is split.
    @inlinable static var capacity: Int { 128 }
    /// Bits of a packed place that hold the offset in the chunk.
    @inlinable static var offsetBits: UInt32 { 7 }
    #endif
    /// The largest serial a packed place can carry (the two largest 32-bit values are
    /// the index's empty and removed markers).
    @inlinable static var serialLimit: Int { (1 << (32 - Int(offsetBits))) - 2 }

    /// The chunk's serial (see the type's comment).
    @usableFromInline var serial: UInt32
    /// Identifiers, in list order. Any write forgets the fingerprint.
    @usableFromInline var ids: ContiguousArray<ID> {
        didSet { fingerprint = 0 }
    }
    /// Summaries, parallel to `ids`. Any write forgets the fingerprint.
    @usableFromInline var summaries: ContiguousArray<Summary> {
        didSet { fingerprint = 0 }
    }
    /// The ``ChunkFingerprint`` of `ids` and `summaries`, or 0 when not known.
    @usableFromInline var fingerprint: UInt64

    /// A chunk of these items; with `fingerprinted`, its fingerprint is made (for the
    /// types ``ChunkFingerprint`` applies to).
    @inlinable
    init(serial: UInt32, ids: ContiguousArray<ID>, summaries: ContiguousArray<Summary>, fingerprinted: Bool = false) {
        self.serial = serial
        self.ids = ids
        self.summaries = summaries
        fingerprint = fingerprinted ? ChunkFingerprint.of(ids: ids, summaries: summaries) : 0
    }

    /// Whether this chunk and `other` certainly hold the same items (equal fingerprints
    /// of the same size; see ``ChunkFingerprint``). `false` says nothing.
    @inlinable @inline(__always)
    func hasSameFingerprint(as other: ItemChunk) -> Bool {
        fingerprint != 0 && fingerprint == other.fingerprint && ids.count == other.ids.count
    }

    /// The packed place of the item at `offset` in the chunk of serial `serial`.
    @inlinable @inline(__always)
    static func place(serial: UInt32, offset: Int) -> UInt32 {
        serial &<< offsetBits | UInt32(truncatingIfNeeded: offset)
    }

    /// The serial of packed place `place`.
    @inlinable @inline(__always)
    static func serial(ofPlace place: UInt32) -> Int { Int(place &>> offsetBits) }

    /// The offset of packed place `place`.
    @inlinable @inline(__always)
    static func offset(ofPlace place: UInt32) -> Int { Int(place & ((1 &<< offsetBits) &- 1)) }
}
