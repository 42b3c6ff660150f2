/// An open-addressing hash index from identifiers to their positions in one flat array of
/// identifiers: what ``ListSnapshot/Builder`` indexes while entries arrive, to find
/// duplicates, before the snapshot's paged ``IdentifierIndex`` takes its slots over.
///
/// It stores only 32-bit positions (the identifiers themselves live once, in the snapshot),
/// with a load factor of at most one half: about 8 bytes per item at a million items,
/// against 24 or more for a `Dictionary<ID, Int>` that would copy every identifier.
/// Collisions are resolved by linear probing over a well-mixed hash: `hashValue` (seeded
/// SipHash) in general, and for `Int64` and `Int` identifiers, the common case of database
/// row ids, MurmurHash3's 64-bit finaliser over the value xor a random per-index seed,
/// about ten times cheaper than SipHash and as well spread over sequential ids.
///
/// Not public.
@usableFromInline
struct FlatIdentifierIndex: Sendable {
    /// The sentinel for a free slot.
    @usableFromInline static var empty: Int32 { -1 }

    /// Slot contents: a position in the identifier array, or ``empty``.
    @usableFromInline var slots: ContiguousArray<Int32>

    /// `slots.count - 1`; the slot count is a power of two.
    @usableFromInline var mask: Int

    /// The shift that takes a hash to its home slot (see ``IdentifierHash/home(_:shift:)``).
    @usableFromInline var homeShift: Int

    /// The seed of the integer hash, random per index.
    @usableFromInline let seed: UInt64

    /// Creates an empty index able to hold `count` positions without growing.
    @inlinable
    init(capacity count: Int) {
        let slotCount = IdentifierIndex.slotCount(forCapacity: count)
        slots = ContiguousArray(repeating: Self.empty, count: slotCount)
        mask = slotCount - 1
        homeShift = IdentifierHash.homeShift(slotCount: slotCount)
        seed = UInt64.random(in: .min ... .max)
    }

    /// The hash of `id` in this index (see ``IdentifierHash``).
    @inlinable @inline(__always)
    func hash<ID: Hashable>(_ id: ID) -> Int { IdentifierHash.hash(id, seed: seed) }

    /// The home slot of `id` in this index.
    @inlinable @inline(__always)
    func home<ID: Hashable>(of id: ID) -> Int { IdentifierHash.home(hash(id), shift: homeShift) }

    /// Returns the position of `id`, if the index holds it.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    func position<ID: Hashable>(of id: ID, in identifiers: UnsafeBufferPointer<ID>) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var slot = home(of: id)
            while true {
                let stored = slots[slot]
                if stored == Self.empty { return nil }
                if identifiers[Int(stored)] == id { return Int(stored) }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Inserts `position` (whose identifier is `identifiers[position]`) unless an equal
    /// identifier is already indexed; returns the position already indexed in that case.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    mutating func insert<ID: Hashable>(_ position: Int, in identifiers: UnsafeBufferPointer<ID>) -> Int? {
        let id = identifiers[position]
        let mask = self.mask
        let home = home(of: id)
        return slots.withUnsafeMutableBufferPointer { slots in
            var slot = home
            while true {
                let stored = slots[slot]
                if stored == Self.empty {
                    slots[slot] = Int32(truncatingIfNeeded: position)
                    return nil
                }
                if identifiers[Int(stored)] == id { return Int(stored) }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Inserts `position` like ``insert(_:in:)``, first doubling the slot array (and
    /// rehashing what it holds) when it is half full: for an index built while the
    /// identifiers arrive. `stored` is how many positions the index holds.
    ///
    /// - Complexity: Amortised O(1) expected.
    @inlinable
    mutating func insertGrowing<ID: Hashable>(_ position: Int, stored: Int, in identifiers: UnsafeBufferPointer<ID>) -> Int? {
        if (stored + 1) * 2 > slots.count {
            var grown = FlatIdentifierIndex(capacity: stored + 1)
            for slot in slots where slot != Self.empty {
                _ = grown.insert(Int(slot), in: identifiers)
            }
            self = grown
        }
        return insert(position, in: identifiers)
    }

    /// Builds the index of `identifiers` in one go and returns it with the positions of
    /// the identifiers already present earlier in the array (duplicates), ascending.
    ///
    /// Large arrays are inserted partition by partition of the slot array (a counting
    /// sort of positions by the top bits of their home slot), so that the probes of
    /// consecutive inserts touch neighbouring slots instead of missing the cache on
    /// every insert. Within a partition positions keep list order, and equal identifiers
    /// share a home slot, so the first occurrence of a duplicate is still the one kept.
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    static func build<ID: Hashable>(over identifiers: UnsafeBufferPointer<ID>) -> (FlatIdentifierIndex, [Int]) {
        let count = identifiers.count
        var index = FlatIdentifierIndex(capacity: count)
        var duplicates: [Int] = []
        let mask = index.mask
        let slotBits = mask.nonzeroBitCount
        let partitionBits = max(0, min(12, slotBits - 13))
        if partitionBits == 0 {
            for position in 0 ..< count where index.insert(position, in: identifiers) != nil {
                duplicates.append(position)
            }
            return (index, duplicates)
        }
        let shift = slotBits - partitionBits
        let partitionCount = 1 << partitionBits
        // Every element of these temporaries is written before it is read: no zero fill.
        var homes = ContiguousArray<Int32>(uninitializedCount: count) { _, initialized in initialized = count }
        var starts = ContiguousArray<Int>(repeating: 0, count: partitionCount + 1)
        homes.withUnsafeMutableBufferPointer { homes in
            starts.withUnsafeMutableBufferPointer { starts in
                for position in 0 ..< count {
                    let home = index.home(of: identifiers[position])
                    homes[position] = Int32(truncatingIfNeeded: home)
                    starts[(home >> shift) + 1] += 1
                }
                for partition in 0 ..< partitionCount { starts[partition + 1] += starts[partition] }
            }
        }
        // Positions and their home slots, grouped by partition, read back sequentially.
        var orderedPositions = ContiguousArray<Int32>(uninitializedCount: count) { _, initialized in initialized = count }
        var orderedHomes = ContiguousArray<Int32>(uninitializedCount: count) { _, initialized in initialized = count }
        homes.withUnsafeBufferPointer { homes in
            orderedPositions.withUnsafeMutableBufferPointer { positions in
                orderedHomes.withUnsafeMutableBufferPointer { orderedHomes in
                    var fill = starts
                    for position in 0 ..< count {
                        let home = homes[position]
                        let partition = Int(home) >> shift
                        let target = fill[partition]
                        positions[target] = Int32(truncatingIfNeeded: position)
                        orderedHomes[target] = home
                        fill[partition] = target + 1
                    }
                }
            }
        }
        index.slots.withUnsafeMutableBufferPointer { slots in
            orderedPositions.withUnsafeBufferPointer { positions in
                orderedHomes.withUnsafeBufferPointer { orderedHomes in
                    for next in 0 ..< count {
                        let stored32 = positions[next]
                        let position = Int(stored32)
                        var slot = Int(orderedHomes[next])
                        while true {
                            let stored = slots[slot]
                            if stored == Self.empty {
                                slots[slot] = stored32
                                break
                            }
                            if identifiers[Int(stored)] == identifiers[position] {
                                duplicates.append(position)
                                break
                            }
                            slot = (slot &+ 1) & mask
                        }
                    }
                }
            }
        }
        duplicates.sort()
        return (index, duplicates)
    }

    /// Rewrites every stored position through `newPosition`, without rehashing.
    ///
    /// - Complexity: O(slot count).
    @inlinable
    mutating func remapPositions(_ newPosition: UnsafeBufferPointer<Int32>) {
        slots.withUnsafeMutableBufferPointer { slots in
            for slot in slots.indices where slots[slot] != Self.empty {
                slots[slot] = newPosition[Int(slots[slot])]
            }
        }
    }

    /// The bytes the slot array occupies.
    @inlinable
    var byteCount: Int { slots.count * MemoryLayout<Int32>.stride }
}
