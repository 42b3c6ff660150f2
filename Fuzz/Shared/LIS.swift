/// Longest strictly increasing subsequence lengths, written here (not the library's), so
/// that the move-count oracle does not trust the code it checks.
enum LIS {
    /// The textbook O(k²) recurrence.
    static func quadratic(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for index in values.indices {
            for earlier in 0 ..< index where values[earlier] < values[index] {
                best[index] = max(best[index], best[earlier] + 1)
            }
        }
        return best.max() ?? 0
    }

    /// Smallest tails by binary search, O(k log k); checked against ``quadratic(_:)``
    /// on every sequence of up to 256 values, used alone above that.
    static func length(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tails[mid] < value { lo = mid + 1 } else { hi = mid }
            }
            if lo == tails.count { tails.append(value) } else { tails[lo] = value }
        }
        if values.count <= 256 {
            let slow = quadratic(values)
            if slow != tails.count { fail("fuzzer's own LIS disagrees: \(tails.count) vs \(slow) for \(values)") }
        }
        return tails.count
    }
}
