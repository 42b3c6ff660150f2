import ListAdapter
import ListAdapterTesting

/// Lists for the diff scenarios: n items in n/1000 sections, and seeded changes of them.
enum Lists {
    typealias Entry = ListEntry<Int64, Int64>

    static func base(count: Int) -> [Entry] {
        let perSection = max(1, count / 1_000)
        return (0 ..< count).map { Entry(id: Int64($0), section: "Day \($0 / perSection)", summary: 0) }
    }

    /// A 1% mixed change: 0.25% deleted, 0.25% inserted, 0.25% moved (within and across
    /// sections, some to the front of their section, which also moves a few sections),
    /// 0.25% updated.
    static func mixedChange(of entries: [Entry], seed: UInt64) -> [Entry] {
        var random = SeededGenerator(seed: seed)
        let count = entries.count
        let quarter = max(1, count / 400)
        let sectionCount = max(1, count / max(1, count / 1_000))
        var kept: [Entry] = []
        kept.reserveCapacity(count + quarter)
        var moved: [Entry] = []
        var doomed = Set<Int>()
        while doomed.count < quarter { doomed.insert(Int.random(in: 0 ..< count, using: &random)) }
        var touched = Set<Int>()
        while touched.count < 2 * quarter { touched.insert(Int.random(in: 0 ..< count, using: &random)) }
        var updateNext = true
        for (index, entry) in entries.enumerated() where !doomed.contains(index) {
            var entry = entry
            if touched.contains(index) {
                updateNext.toggle()
                if updateNext {
                    entry.summary += 1
                } else {
                    if Bool.random(using: &random) { entry.section = "Day \(Int.random(in: 0 ..< sectionCount, using: &random))" }
                    moved.append(entry)
                    continue
                }
            }
            kept.append(entry)
        }
        var extra = moved
        let firstNewID = (entries.map(\.id).max() ?? -1) + 1
        for offset in 0 ..< quarter {
            extra.append(Entry(id: firstNewID + Int64(offset), section: "Day \(Int.random(in: 0 ..< sectionCount, using: &random))", summary: 0))
        }
        var positions = extra.map { _ in Int.random(in: 0 ... kept.count, using: &random) }
        positions.sort()
        var result: [Entry] = []
        result.reserveCapacity(kept.count + extra.count)
        var next = 0
        for (index, entry) in kept.enumerated() {
            while next < positions.count && positions[next] == index {
                result.append(extra[next])
                next += 1
            }
            result.append(entry)
        }
        while next < extra.count {
            result.append(extra[next])
            next += 1
        }
        return result
    }

    /// Every item in a random place, sections included.
    static func shuffled(_ entries: [Entry], seed: UInt64) -> [Entry] {
        var random = SeededGenerator(seed: seed)
        let sectionCount = max(1, entries.count / max(1, entries.count / 1_000))
        var result = entries.map { entry in
            Entry(id: entry.id, section: "Day \(Int.random(in: 0 ..< sectionCount, using: &random))", summary: entry.summary)
        }
        result.shuffle(using: &random)
        return result
    }

    /// Moves a minimal diff must report: kept items outside their section's longest
    /// increasing subsequence, plus items that changed section. Computed here
    /// independently of the engine.
    static func minimalMoves(from old: ListSnapshot<Int64, Int64>, to new: ListSnapshot<Int64, Int64>) -> Int {
        var moves = 0
        for section in 0 ..< new.numberOfSections {
            let title = new.title(ofSection: section)
            var sequence: [Int] = []
            for id in new.identifiers(inSection: section) {
                guard let path = old.path(of: id) else { continue }
                if old.title(ofSection: path.section) == title { sequence.append(path.item) } else { moves += 1 }
            }
            moves += sequence.count - lisLength(sequence)
        }
        return moves
    }

    private static func lisLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }
}
