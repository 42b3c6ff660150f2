import ListAdapter
import ListAdapterTesting

/// Seeded random pairs of snapshots with every kind of change mixed: deletes, inserts,
/// moves inside and across sections, summary updates, and sections appearing, vanishing
/// and reordering.
enum RandomListPairs {
    typealias Snapshot = ListSnapshot<Int, Int>

    static func pair(seed: UInt64, maxItems: Int = 2_000, maxSections: Int = 30) -> (old: Snapshot, new: Snapshot) {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: 0 ... maxItems, using: &random)
        let sectionCount = Int.random(in: 0 ... maxSections, using: &random)
        var titles = (0 ... sectionCount).map { "S\($0)" }
        var old: [ListEntry<Int, Int>] = (0 ..< count).map { id in
            ListEntry(id: id, section: sectionCount == 0 ? nil : titles.randomElement(using: &random), summary: 0)
        }
        old.shuffle(using: &random)
        // How hard this case changes things, each from none to a lot.
        let deleteRate = Double.random(in: 0 ... 0.4, using: &random)
        let insertRate = Double.random(in: 0 ... 0.4, using: &random)
        let moveRate = Double.random(in: 0 ... 0.3, using: &random)
        let sectionChangeRate = Double.random(in: 0 ... 0.3, using: &random)
        let updateRate = Double.random(in: 0 ... 0.3, using: &random)
        var new = old.filter { _ in Double.random(in: 0 ..< 1, using: &random) >= deleteRate }
        // Sections vanish and appear: rename some titles.
        if Bool.random(using: &random) {
            for index in titles.indices where Double.random(in: 0 ..< 1, using: &random) < 0.2 {
                titles[index] = "N\(index)"
            }
        }
        for index in new.indices {
            if Double.random(in: 0 ..< 1, using: &random) < sectionChangeRate {
                new[index].section = sectionCount == 0 ? nil : titles.randomElement(using: &random)
            }
            if Double.random(in: 0 ..< 1, using: &random) < updateRate {
                new[index].summary += 1
            }
        }
        let moves = Int(Double(new.count) * moveRate)
        for _ in 0 ..< moves where new.count > 1 {
            let entry = new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
            new.insert(entry, at: Int.random(in: 0 ... new.count, using: &random))
        }
        let inserts = Int(Double(count) * insertRate)
        for offset in 0 ..< inserts {
            let entry = ListEntry(id: count + offset, section: sectionCount == 0 ? nil : titles.randomElement(using: &random), summary: 0)
            new.insert(entry, at: Int.random(in: 0 ... new.count, using: &random))
        }
        return (Snapshot(old), Snapshot(new))
    }
}
