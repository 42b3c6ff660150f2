/// An open-addressing hash index from identifiers to their positions in a snapshot's
/// identifier array.
///
/// It stores only 32-bit positions (the identifiers themselves live once, in the snapshot),
/// with a load factor of at most one half: about 8 bytes per item at a million items,
/// against 24 or more for a `Dictionary<ID, Int>` that would copy every identifier.
/// Collisions are resolved by linear probing over the well-mixed `hashValue`.
///
/// Not public: ``ListSnapshot`` owns one and answers ``ListSnapshot/path(of:)`` with it.
@usableFromInline
struct IdentifierIndex: Sendable {
    /// The sentinel for a free slot.
    @usableFromInline static var empty: Int32 { -1 }

    /// Slot contents: a position in the identifier array, or ``empty``.
    @usableFromInline var slots: ContiguousArray<Int32>

    /// `slots.count - 1`; the slot count is a power of two.
    @usableFromInline var mask: Int

    /// Creates an empty index able to hold `count` positions without growing.
    @inlinable
    init(capacity count: Int) {
        var slotCount = 8
        while slotCount < count * 2 { slotCount &<<= 1 }
        slots = ContiguousArray(repeating: Self.empty, count: slotCount)
        mask = slotCount - 1
    }

    /// Returns the position of `id`, if the index holds it.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    func position<ID: Hashable>(of id: ID, in identifiers: UnsafeBufferPointer<ID>) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var slot = id.hashValue & mask
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
        return slots.withUnsafeMutableBufferPointer { slots in
            var slot = id.hashValue & mask
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
