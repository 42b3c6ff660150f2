/// Longest strictly increasing subsequence, the heart of minimal moves: the kept elements
/// that need no move are exactly one longest increasing subsequence of their old
/// positions listed in new order; all others move.
@usableFromInline
enum LongestIncreasingSubsequence {
    /// Marks, in `isMember`, the elements of one longest strictly increasing subsequence
    /// of `values`, and returns its length.
    ///
    /// `isMember` must have `values.count` elements; they are all overwritten.
    ///
    /// - Complexity: O(k log k) for k values, O(1) when `values` is already increasing.
    @inlinable
    static func mark(_ values: UnsafeBufferPointer<Int>, isMember: UnsafeMutableBufferPointer<Bool>) -> Int {
        let count = values.count
        if count == 0 { return 0 }
        var increasing = true
        for position in 1 ..< count where values[position - 1] >= values[position] {
            increasing = false
            break
        }
        if increasing {
            for position in 0 ..< count { isMember[position] = true }
            return count
        }
        // Patience sorting: tails[l] is the position of the smallest value ending an
        // increasing subsequence of length l + 1; predecessor links rebuild one of them.
        var tails = ContiguousArray<Int>()
        tails.reserveCapacity(64)
        var predecessor = ContiguousArray<Int>(repeating: -1, count: count)
        for position in 0 ..< count {
            let value = values[position]
            // Nearly sorted input, the common case, mostly extends the longest run.
            if let last = tails.last, values[last] < value {
                predecessor[position] = last
                tails.append(position)
                continue
            }
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { predecessor[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        for position in 0 ..< count { isMember[position] = false }
        var position = tails[tails.count - 1]
        while position >= 0 {
            isMember[position] = true
            position = predecessor[position]
        }
        return tails.count
    }
}
