/// Patching an index for ``ListSnapshot/applying(_:)``: a copy with every position shifted
/// past the edits and the removed rows' slots emptied, made in one pass over the slots,
/// then the few clusters the removals opened re-placed, and the new rows inserted.
extension IdentifierIndex {
    /// The slot that holds `position` (whose identifier is `identifiers[position]`), if any.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    func slot<ID: Hashable>(holding position: Int, in identifiers: UnsafeBufferPointer<ID>) -> Int? {
        var slot = hash(identifiers[position]) & mask
        while true {
            let stored = slots[slot]
            if stored == Self.empty { return nil }
            if Int(stored) == position { return slot }
            slot = (slot &+ 1) & mask
        }
    }

    /// A copy in which `shifts[i]` is added to every stored position `p` with
    /// `breakpoints[i] <= p < breakpoints[i + 1]` (positions below `breakpoints[0]` stay),
    /// and the slots in `emptied` are empty. The copy's probe chains are broken after each
    /// emptied slot until ``replaceCluster(after:in:)`` mends them.
    ///
    /// - Complexity: O(slot count × log b) in one pass.
    @inlinable
    func shifted(breakpoints: [Int32], shifts: [Int32], emptying emptied: [Int]) -> IdentifierIndex {
        var copy = self
        let count = slots.count
        let first = breakpoints.first ?? .max
        copy.slots = ContiguousArray(unsafeUninitializedCapacity: count) { target, initialized in
            slots.withUnsafeBufferPointer { source in
                breakpoints.withUnsafeBufferPointer { breakpoints in
                    shifts.withUnsafeBufferPointer { shifts in
                        for slot in 0 ..< count {
                            let stored = source[slot]
                            if stored < first {                 // also empty slots (-1)
                                target[slot] = stored
                                continue
                            }
                            var low = 0
                            var high = breakpoints.count
                            while high - low > 1 {
                                let middle = (low + high) / 2
                                if breakpoints[middle] <= stored { low = middle } else { high = middle }
                            }
                            target[slot] = stored &+ shifts[low]
                        }
                    }
                }
            }
            for slot in emptied { target[slot] = Self.empty }
            initialized = count
        }
        return copy
    }

    /// Re-places every entry of the cluster after the emptied `slot` (up to the next empty
    /// slot), so that each is again reachable from its home: deletion by re-insertion.
    ///
    /// - Complexity: O(cluster length), expected O(1).
    @inlinable
    mutating func replaceCluster<ID: Hashable>(after slot: Int, in identifiers: UnsafeBufferPointer<ID>) {
        var next = (slot &+ 1) & mask
        while slots[next] != Self.empty {
            let position = Int(slots[next])
            slots[next] = Self.empty
            _ = insert(position, in: identifiers)
            next = (next &+ 1) & mask
        }
    }
}
