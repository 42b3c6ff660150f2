/// When a move writes more than its own row: the bound on key growth.
///
/// Keys grow when a person keeps inserting at one spot (a digit per six or so insertions).
/// When the key a move would write is longer than ``maximumKeyLength``, the move instead
/// rewrites a window of neighbouring rows (``initialRadius`` rows each side of the moved
/// row) with short, evenly spread keys between the window's outer neighbours, doubling the
/// radius while those neighbours are too close for short keys (the spread keys would be
/// longer than half of ``maximumKeyLength``). The radius never exceeds ``maximumRadius``,
/// so a move never writes more than ``maximumRowsWritten`` rows. When even the widest
/// window's neighbours are too close (a spot that has taken more rows than a window
/// holds), the move writes that window only if it shortens the key by half the limit, and
/// otherwise the longer key. Correctness never depends on a rebalance: it only keeps keys
/// short.
///
/// ```swift
/// let policy = OrderKeyRebalancePolicy()
/// // The keys of the rows above the drop point (nearest first) and below it.
/// let plan = try policy.plan(before: ["VV", "V"], after: ["W"])
/// // plan.keys == ["Vk"]: one row written.
/// ```
///
/// Thread safety: a value type whose methods are pure; use it on any queue.
public struct OrderKeyRebalancePolicy: Sendable, Hashable {
    /// The longest key a move writes without trying a rebalance (12 by default).
    public var maximumKeyLength: Int
    /// Rows rewritten on each side of the moved row by a first rebalance (8 by default).
    public var initialRadius: Int
    /// The most rows a move writes: its own and at most ``maximumRadius`` each side
    /// (1,024 by default: 511 each side).
    public var maximumRowsWritten: Int

    /// The default policy: keys up to 12 digits, windows from 8 rows each side, at most
    /// 1,024 rows written by one move.
    ///
    /// - Parameters:
    ///   - maximumKeyLength: the longest key, in digits, a move writes without trying a
    ///     rebalance; at least 2, 12 by default.
    ///   - initialRadius: rows rewritten on each side of the moved row by a first
    ///     rebalance; at least 1, 8 by default.
    ///   - maximumRowsWritten: the most rows one move writes, its own included; at least
    ///     `2 * initialRadius + 1`, 1,024 by default. Out-of-range values trap.
    public init(maximumKeyLength: Int = 12, initialRadius: Int = 8, maximumRowsWritten: Int = 1_024) {
        precondition(maximumKeyLength >= 2, "OrderKeyRebalancePolicy: maximumKeyLength must be at least 2")
        precondition(initialRadius >= 1, "OrderKeyRebalancePolicy: initialRadius must be at least 1")
        precondition(maximumRowsWritten >= 2 * initialRadius + 1, "OrderKeyRebalancePolicy: maximumRowsWritten must fit the initial window")
        self.maximumKeyLength = maximumKeyLength
        self.initialRadius = initialRadius
        self.maximumRowsWritten = maximumRowsWritten
    }

    /// The widest window's rows on each side of the moved row.
    public var maximumRadius: Int { (maximumRowsWritten - 1) / 2 }

    /// How many neighbour keys on each side ``plan(before:after:)`` needs: the widest
    /// window's rows and its outer neighbour.
    public var neighbourLimit: Int { maximumRadius + 1 }

    /// The key for a move that writes one row between `lower` and `upper` (`nil`: the
    /// section's end), or `nil` when it would be longer than ``maximumKeyLength`` and the
    /// neighbours must be read for ``plan(before:after:)``. Pure; any queue.
    ///
    /// - Throws: ``OrderKeyError`` for an invalid or out-of-order bound.
    ///
    /// - Parameters:
    ///   - lower: the key of the row above, or `nil` at the section's start.
    ///   - upper: the key of the row below, or `nil` at the section's end.
    /// - Returns: the key to write, or `nil` when it would be too long.
    public func singleKey(between lower: String?, and upper: String?) throws(OrderKeyError) -> String? {
        let key = try OrderKey.key(between: lower, and: upper)
        return key.utf8.count <= maximumKeyLength ? key : nil
    }

    /// Decides what a move writes, given the keys of the rows around the place it drops
    /// into (the moved row itself excluded), nearest first: `before` the rows above it,
    /// `after` the rows below it, each up to ``neighbourLimit`` keys. Fewer keys than that
    /// on a side means the section ends there. Pure; any queue.
    ///
    /// - Returns: one key when the key between the nearest neighbours is short enough;
    ///   otherwise the narrowest window (from ``initialRadius``, doubling) whose outer
    ///   neighbours leave room for short keys; past ``maximumRadius``, the long key.
    /// - Complexity: O(rows written × key length) for a window, plus O(log(radius)) trial spreads.
    /// - Throws: ``OrderKeyError`` for an invalid key or keys out of order.
    ///
    /// - Parameters:
    ///   - before: the keys of the rows above the drop point, nearest first; empty at the
    ///     section's start.
    ///   - after: the keys of the rows below it, nearest first; empty at the section's end.
    public func plan(before: [String], after: [String]) throws(OrderKeyError) -> OrderKeyPlan {
        let lower = before.first, upper = after.first
        let key = try OrderKey.key(between: lower, and: upper)
        if key.utf8.count <= maximumKeyLength { return OrderKeyPlan(rewrittenBefore: 0, keys: [key]) }
        let shortLength = max(1, maximumKeyLength / 2)
        var radius = initialRadius
        while true {
            let below = min(radius, before.count), above = min(radius, after.count)
            // The window's outer neighbours; `nil` where the window reaches the section's end
            // (the side has fewer keys than the limit, so the section really ends).
            let outerLower = below < before.count ? before[below] : nil
            let outerUpper = above < after.count ? after[above] : nil
            let keys = try OrderKey.keys(count: below + 1 + above, between: outerLower, and: outerUpper)
            if keys.allSatisfy({ $0.utf8.count <= shortLength }) {
                return OrderKeyPlan(rewrittenBefore: below, keys: keys)
            }
            let fullyOpen = outerLower == nil && outerUpper == nil
            if radius >= maximumRadius || fullyOpen {
                // The widest window still helps when it saves half the limit's digits: keys
                // near a spot that takes row after row then grow with the log of their
                // number, not one digit per six insertions.
                let longest = keys.lazy.map(\.utf8.count).max() ?? 0
                if longest + shortLength <= key.utf8.count { return OrderKeyPlan(rewrittenBefore: below, keys: keys) }
                break
            }
            radius = min(radius * 2, maximumRadius)
        }
        return OrderKeyPlan(rewrittenBefore: 0, keys: [key])
    }
}

/// What a move writes: the moved row's key, and the keys of the neighbours a rebalance
/// rewrites.
///
/// Thread safety: a value type; use it on any queue.
public struct OrderKeyPlan: Sendable, Hashable {
    /// How many rows above the moved row get new keys: the nearest
    /// ``rewrittenBefore`` of the `before` keys given to the policy.
    public var rewrittenBefore: Int
    /// Every key written, ascending: the rewritten rows above (farthest first), the moved
    /// row, the rewritten rows below (nearest first).
    public var keys: [String]

    /// Creates a plan.
    ///
    /// - Parameters:
    ///   - rewrittenBefore: how many of `keys` belong to rows above the moved row; less than
    ///     `keys.count` (it traps otherwise).
    ///   - keys: every key written, ascending, the moved row's included.
    public init(rewrittenBefore: Int, keys: [String]) {
        precondition(rewrittenBefore < keys.count, "OrderKeyPlan: the moved row's key is missing")
        self.rewrittenBefore = rewrittenBefore
        self.keys = keys
    }

    /// How many rows below the moved row get new keys.
    public var rewrittenAfter: Int { keys.count - rewrittenBefore - 1 }
    /// The moved row's new key.
    public var movedKey: String { keys[rewrittenBefore] }
    /// How many rows the move writes.
    public var rowsWritten: Int { keys.count }
    /// Whether the move rewrites neighbours too.
    public var isRebalance: Bool { keys.count > 1 }
}
