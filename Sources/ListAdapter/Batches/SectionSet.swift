/// A set of section numbers as a bit set: the safety step asks "is this section deleted,
/// inserted, touched?" once per change, and a bit test is far cheaper than hashing.
///
/// Not public. Runs on the calling queue; a value type.
struct SectionSet {
    private var words: [UInt64] = []

    init() {}

    init(_ sections: some Sequence<Int>) {
        for section in sections { insert(section) }
    }

    mutating func insert(_ section: Int) {
        let word = section >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        words[word] |= 1 << UInt64(section & 63)
    }

    func contains(_ section: Int) -> Bool {
        let word = section >> 6
        return word < words.count && words[word] & (1 << UInt64(section & 63)) != 0
    }

    /// The members, ascending.
    var sorted: [Int] {
        var members: [Int] = []
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                members.append(index << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return members
    }
}

extension Array where Element == ItemPath {
    /// Whether this array, sorted ascending, holds `path` (binary search).
    @usableFromInline
    func sortedContains(_ path: ItemPath) -> Bool {
        let index = firstIndex(notBelow: path)
        return index < count && self[index] == path
    }

    /// The range of this array, sorted ascending, whose paths are in `section`.
    @usableFromInline
    func sortedRange(ofSection section: Int) -> Range<Int> {
        sortedRange(of: ItemPath(section: section, item: .min) ..< ItemPath(section: section + 1, item: .min))
    }

    /// The range of this array, sorted ascending, whose paths fall in `bounds`.
    func sortedRange(of bounds: Range<ItemPath>) -> Range<Int> {
        firstIndex(notBelow: bounds.lowerBound) ..< firstIndex(notBelow: bounds.upperBound)
    }

    /// The index of the first path not below `path` (binary search of a sorted array).
    private func firstIndex(notBelow path: ItemPath) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
