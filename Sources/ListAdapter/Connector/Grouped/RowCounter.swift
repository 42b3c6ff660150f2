/// Counts of rows held at numbered slots, with prefix sums in O(log n): a Fenwick tree.
/// ``GroupedRowUpdate`` uses it to know where a row is while moves shift the others.
///
/// A value type used on one queue at a time.
struct RowCounter {
    private var tree: ContiguousArray<Int>

    /// `count` slots holding one row each. O(n).
    init(onePerSlot count: Int) {
        tree = ContiguousArray(repeating: 0, count: count + 1)
        for index in stride(from: 1, through: count, by: 1) {
            tree[index] += 1
            let parent = index + (index & -index)
            if parent <= count { tree[parent] += tree[index] }
        }
    }

    /// Adds `delta` rows at `slot`. O(log n).
    mutating func add(_ delta: Int, at slot: Int) {
        var index = slot + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The rows held at slots before `slot`. O(log n).
    func rows(before slot: Int) -> Int {
        var index = slot
        var sum = 0
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}
