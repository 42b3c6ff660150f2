/// Patching an index in place, for ``ListSnapshot/applying(_:)``: removing a few
/// positions, shifting the rest past the edits, inserting a few.
extension IdentifierIndex {
    /// Removes `position` (whose identifier is `identifiers[position]`), with backward-shift
    /// deletion so that linear probing needs no tombstones.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    mutating func remove<ID: Hashable>(_ position: Int, in identifiers: UnsafeBufferPointer<ID>) {
        var slot = hash(identifiers[position]) & mask
        while true {
            let stored = slots[slot]
            if stored == Self.empty { return }
            if Int(stored) == position { break }
            slot = (slot &+ 1) & mask
        }
        var hole = slot
        var next = (hole &+ 1) & mask
        while slots[next] != Self.empty {
            let home = hash(identifiers[Int(slots[next])]) & mask
            // The entry at `next` may fill the hole unless its home lies cyclically in (hole, next].
            let homeIsBetween = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !homeIsBetween {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        slots[hole] = Self.empty
    }

    /// Adds `shifts[i]` to every stored position `p` with `breakpoints[i] <= p <
    /// breakpoints[i + 1]`; positions below `breakpoints[0]` stay.
    ///
    /// - Complexity: O(slot count × log b).
    @inlinable
    mutating func shiftPositions(breakpoints: [Int32], shifts: [Int32]) {
        guard let first = breakpoints.first else { return }
        breakpoints.withUnsafeBufferPointer { breakpoints in
            shifts.withUnsafeBufferPointer { shifts in
                slots.withUnsafeMutableBufferPointer { slots in
                    for slot in slots.indices {
                        let stored = slots[slot]
                        if stored < first { continue }      // also skips empty slots (-1)
                        var low = 0
                        var high = breakpoints.count
                        while high - low > 1 {
                            let middle = (low + high) / 2
                            if breakpoints[middle] <= stored { low = middle } else { high = middle }
                        }
                        slots[slot] = stored &+ shifts[low]
                    }
                }
            }
        }
    }
}
