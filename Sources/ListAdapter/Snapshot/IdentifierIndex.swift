/// An open-addressing hash index from identifiers to their places in a snapshot: each slot
/// holds a packed place, the serial of the item's chunk and its offset there (see
/// ``ItemChunk``), in 32 bits.
///
/// The identifiers live once, in the chunks; a lookup probes from the identifier's home
/// slot and compares it with the identifier at each place it meets. The load factor is at
/// most one half when built (about 8 bytes per item at a million items) and at most three
/// quarters while patches add to it; a removed item leaves a *removed* marker that probes
/// pass over and inserts reuse.
///
/// The slots are split into pages of 1,024 (4 KB), each copy-on-write on its own: a patch
/// of a snapshot copies the pages it writes, not the 8 MB of a million-item index. A
/// patch that takes a row out of a chunk rewrites the places of the rows after it in that
/// chunk (about 64 slots, on as many pages): smaller pages keep that copy small (at 16 KB
/// a page it was 2 MB a patch), at the price of a longer table of pages (2,048 at a
/// million items).
///
/// A patch does not write the pages: its writes go to a small *overlay* of slots, read
/// before the pages, and folded into them once it holds ``overlayLimit`` slots. Writing a
/// page means copying the table of page references first (2,048 at a million items: as
/// many retains, and as many releases when the older index goes), which was most of a
/// patch's cost in memory; with the overlay, a run of about 30 one-row patches pays it
/// once.
///
/// Not public: ``ListSnapshot`` owns one and answers ``ListSnapshot/path(of:)`` with it.
@usableFromInline
struct IdentifierIndex: Sendable {
    /// The marker of a slot never used.
    @inlinable static var empty: UInt32 { .max }
    /// The marker of a slot whose item was removed.
    @inlinable static var removed: UInt32 { .max - 1 }
    #if LISTADAPTER_SMALL_SIZES
    // The fuzz build (Fuzz/build.sh): pages of 16 slots and an overlay folded at 16, so
    // that short lists have index pages and patches fold.
    @inlinable static var pageBits: Int { 4 }
    @inlinable static var overlayLimit: Int { 16 }
    #else
    /// log2 of the slots per page, for indexes with at least that many slots.
    @inlinable static var pageBits: Int { 10 }
    /// The overlay's size at which a patch folds it into the pages.
    @inlinable static var overlayLimit: Int { 2_048 }
    #endif

    /// The slots, by page. A page is a slice: the pages of an index built in one go are
    /// slices of one array (nothing copied into pages), and a page written while shared is
    /// copied alone. Read and written through its buffer, at offsets within the page.
    @usableFromInline var pages: ContiguousArray<ArraySlice<UInt32>>
    /// `slotCount - 1`; the slot count is a power of two.
    @usableFromInline let mask: Int
    /// The shift that takes a hash to its home slot (see ``IdentifierHash/home(_:shift:)``).
    @usableFromInline let homeShift: Int
    /// log2 of the slots per page.
    @usableFromInline let pageShift: Int
    /// The seed of the integer hash.
    @usableFromInline let seed: UInt64
    /// Slots not empty (items and removed markers).
    @usableFromInline var used: Int
    /// Slots written by patches since the last fold, newer than the pages.
    @usableFromInline var overlay: [Int: UInt32] = [:]

    /// The slot count for an index that holds `count` items at most half full.
    @inlinable
    static func slotCount(forCapacity count: Int) -> Int {
        var slotCount = 8
        while slotCount < count * 2 { slotCount &<<= 1 }
        return slotCount
    }

    /// Creates an empty index able to hold `count` items at most half full.
    @inlinable
    init(capacity count: Int, seed: UInt64 = .random(in: .min ... .max)) {
        let slotCount = Self.slotCount(forCapacity: count)
        let shift = min(Self.pageBits, slotCount.trailingZeroBitCount)
        // A buffer per page up front (`repeating:` would share one, and the first writes
        // would all copy).
        pages = ContiguousArray((0 ..< slotCount >> shift).lazy.map { _ in ContiguousArray(repeating: Self.empty, count: 1 << shift)[...] })
        mask = slotCount - 1
        homeShift = IdentifierHash.homeShift(slotCount: slotCount)
        pageShift = shift
        self.seed = seed
        used = 0
    }

    /// The index of a flat index's items, each position `p` stored as `places[p]`: the
    /// same slots (same seed, so the same homes), no rehashing.
    ///
    /// - Complexity: O(slot count).
    @inlinable
    init(converting flat: FlatIdentifierIndex, places: UnsafeBufferPointer<UInt32>) {
        let slotCount = flat.slots.count
        let shift = min(Self.pageBits, slotCount.trailingZeroBitCount)
        let pageSize = 1 << shift
        var pages = ContiguousArray<ArraySlice<UInt32>>()
        pages.reserveCapacity(slotCount >> shift)
        var used = 0
        flat.slots.withUnsafeBufferPointer { slots in
            for page in 0 ..< slotCount >> shift {
                let base = page << shift
                pages.append(ContiguousArray(uninitializedCount: pageSize) { target, initialized in
                    for offset in 0 ..< pageSize {
                        let stored = slots[base + offset]
                        if stored < 0 {
                            target[offset] = Self.empty
                        } else {
                            target[offset] = places[Int(stored)]
                            used += 1
                        }
                    }
                    initialized = pageSize
                }[...])
            }
        }
        self.pages = pages
        mask = slotCount - 1
        homeShift = IdentifierHash.homeShift(slotCount: slotCount)
        pageShift = shift
        seed = flat.seed
        self.used = used
    }

    /// The number of slots.
    @inlinable
    var slotCount: Int { mask + 1 }

    /// The hash of `id` in this index.
    @inlinable @inline(__always)
    func hash<ID: Hashable>(_ id: ID) -> Int { IdentifierHash.hash(id, seed: seed) }

    /// The home slot of a hash in this index.
    @inlinable @inline(__always)
    func home(_ hash: Int) -> Int { IdentifierHash.home(hash, shift: homeShift) }

    /// The content of `slot`.
    @inlinable @inline(__always)
    func value(at slot: Int) -> UInt32 {
        if !overlay.isEmpty, let overlaid = overlay[slot] { return overlaid }
        return pages[slot &>> pageShift].withUnsafeBufferPointer { $0[slot & ((1 &<< pageShift) &- 1)] }
    }

    /// Sets the content of `slot` in its page, copying the page first if another index
    /// shares it. For building: the overlay must be empty.
    @inlinable @inline(__always)
    mutating func setValue(_ value: UInt32, at slot: Int) {
        assert(overlay.isEmpty, "a page written under the overlay would be shadowed by it")
        pages[slot &>> pageShift].withUnsafeMutableBufferPointer { $0[slot & ((1 &<< pageShift) &- 1)] = value }
    }

    /// Sets the content of `slot` in the overlay (for patching: no page is copied).
    @inlinable
    mutating func overlayValue(_ value: UInt32, at slot: Int) {
        overlay[slot] = value
    }

    /// Writes the overlay into the pages and empties it, once it holds `limit` slots or
    /// more (copying the table of pages once, and each page written).
    ///
    /// - Complexity: O(overlay size + pages written) when it folds.
    @inlinable
    mutating func foldOverlay(atLeast limit: Int = IdentifierIndex.overlayLimit) {
        guard overlay.count >= limit, !overlay.isEmpty else { return }
        let overlay = self.overlay
        self.overlay = [:]
        for (slot, value) in overlay { setValue(value, at: slot) }
    }

    /// Whether `additional` more inserts keep the index at most three quarters used.
    @inlinable
    func hasRoom(for additional: Int) -> Bool {
        (used + additional) * 4 <= slotCount * 3
    }

    /// Stores `place` for an identifier of hash `hash` that the index does not hold, in
    /// the first empty or removed slot of its probe sequence: in the pages, or in the
    /// overlay (`overlaid`, for patches).
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    mutating func insert(_ place: UInt32, hash: Int, overlaid: Bool = false) {
        var slot = home(hash)
        while true {
            let stored = value(at: slot)
            if stored == Self.empty {
                used += 1
                break
            }
            if stored == Self.removed { break }
            slot = (slot &+ 1) & mask
        }
        if overlaid { overlayValue(place, at: slot) } else { setValue(place, at: slot) }
    }

    /// The slot holding exactly `place`, probing from the home of `hash`.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    func slot(holding place: UInt32, hash: Int) -> Int? {
        var slot = home(hash)
        while true {
            let stored = value(at: slot)
            if stored == place { return slot }
            if stored == Self.empty { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// The bytes the slots occupy (the overlay, at most ``overlayLimit`` slots, aside).
    @inlinable
    var byteCount: Int { slotCount * MemoryLayout<UInt32>.stride }
}

extension IdentifierIndex {
    /// The index of every item of `chunks` (`count` items, identifiers unique), built by
    /// inserting each; `nil` for chunks of serials past what a place can carry.
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    static func build<ID, Summary>(over chunks: ChunkTable<ID, Summary>, count: Int) -> IdentifierIndex? {
        var index = IdentifierIndex(capacity: count)
        for chunk in chunks {
            guard Int(chunk.serial) <= ItemChunk<ID, Summary>.serialLimit else { return nil }
            for offset in chunk.ids.indices {
                index.insert(ItemChunk<ID, Summary>.place(serial: chunk.serial, offset: offset), hash: index.hash(chunk.ids[offset]))
            }
        }
        return index
    }
}
