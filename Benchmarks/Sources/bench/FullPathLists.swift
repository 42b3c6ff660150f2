import ListAdapter
import ListAdapterTesting

/// The inputs of the full-path scenarios: a list as three arrays in list order
/// (identifiers `Int`, section titles `String?`, summaries `Int`), the entries of a
/// section sharing one title value, and the seeded changes S1 and S2 of it.
struct FullPathList {
    var ids: [Int] = []
    var titles: [String?] = []
    var summaries: [Int] = []

    var count: Int { ids.count }

    /// Builds the snapshot the way a caller holding these arrays would.
    func snapshot() -> ListSnapshot<Int, Int> {
        ListSnapshot(identifiers: ids, sectionTitles: titles, summaries: summaries)
    }

    /// Builds the snapshot entry by entry through a builder.
    func snapshotByEntry() -> ListSnapshot<Int, Int> {
        var builder = ListSnapshot<Int, Int>.Builder()
        builder.reserveCapacity(ids.count)
        for position in ids.indices {
            builder.append(ids[position], section: titles[position], summary: summaries[position])
        }
        return builder.build()
    }

    /// A list grouped as `sections` (title and items, in order), flattened.
    init(sections: [(title: String?, items: [(id: Int, summary: Int)])]) {
        let total = sections.reduce(0) { $0 + $1.items.count }
        ids.reserveCapacity(total)
        titles.reserveCapacity(total)
        summaries.reserveCapacity(total)
        for section in sections {
            for item in section.items {
                ids.append(item.id)
                titles.append(section.title)
                summaries.append(item.summary)
            }
        }
    }

    /// `sectionCount` sections of `perSection` items; a flat list (one untitled section)
    /// when `titled` is false.
    static func base(sections sectionCount: Int, perSection: Int, titled: Bool = true) -> (FullPathList, [(title: String?, items: [(id: Int, summary: Int)])]) {
        var sections: [(title: String?, items: [(id: Int, summary: Int)])] = []
        for section in 0 ..< sectionCount {
            // One String per section: the entries share its storage, as rows read in
            // section order through the builder's interning do.
            let title: String? = titled ? "Section \(section)" : nil
            sections.append((title, (0 ..< perSection).map { (id: section * perSection + $0, summary: 0) }))
        }
        return (FullPathList(sections: sections), sections)
    }

    /// S1: 1% of the items moved to other sections (each to a random place there).
    static func s1(of sections: [(title: String?, items: [(id: Int, summary: Int)])], seed: UInt64) -> FullPathList {
        var random = SeededGenerator(seed: seed)
        var sections = sections
        let total = sections.reduce(0) { $0 + $1.items.count }
        let moving = takeRandomItems(total / 100, from: &sections, using: &random)
        insert(moving, into: &sections, avoidingOrigin: true, using: &random)
        return FullPathList(sections: sections)
    }

    /// S2: 1% of the sections deleted, 1% inserted (new items, the sections' usual size)
    /// and 1% moved; 5% of the items deleted and 5% inserted; 1% moved across sections;
    /// 1% updated (same identifier, a new summary).
    static func s2(of original: [(title: String?, items: [(id: Int, summary: Int)])], seed: UInt64) -> FullPathList {
        var random = SeededGenerator(seed: seed)
        var sections = original
        let total = sections.reduce(0) { $0 + $1.items.count }
        let sectionShare = max(1, sections.count / 100)
        let perSection = max(1, total / max(1, sections.count))
        var nextID = (original.flatMap { $0.items.map(\.id) }.max() ?? -1) + 1
        // Sections: delete, then move, then insert.
        for _ in 0 ..< sectionShare where sections.count > 1 {
            sections.remove(at: Int.random(in: 0 ..< sections.count, using: &random))
        }
        for _ in 0 ..< sectionShare {
            let moved = sections.remove(at: Int.random(in: 0 ..< sections.count, using: &random))
            sections.insert(moved, at: Int.random(in: 0 ... sections.count, using: &random))
        }
        for inserted in 0 ..< sectionShare {
            let items = (0 ..< perSection).map { offset in (id: nextID + offset, summary: 0) }
            nextID += perSection
            sections.insert(("New section \(inserted)", items), at: Int.random(in: 0 ... sections.count, using: &random))
        }
        // Items: delete 5%, move 1% across sections, insert 5%, update 1%.
        _ = takeRandomItems(total / 20, from: &sections, using: &random)
        let moving = takeRandomItems(total / 100, from: &sections, using: &random)
        insert(moving, into: &sections, avoidingOrigin: true, using: &random)
        let fresh = (0 ..< total / 20).map { offset in (origin: -1, item: (id: nextID + offset, summary: 0)) }
        insert(fresh, into: &sections, avoidingOrigin: false, using: &random)
        var updated = 0
        while updated < total / 100 {
            let section = Int.random(in: 0 ..< sections.count, using: &random)
            guard !sections[section].items.isEmpty else { continue }
            let item = Int.random(in: 0 ..< sections[section].items.count, using: &random)
            guard sections[section].items[item].summary == 0 else { continue }
            sections[section].items[item].summary = 1
            updated += 1
        }
        return FullPathList(sections: sections.filter { !$0.items.isEmpty })
    }

    /// Removes `count` distinct random items; returns them with the section each left.
    private static func takeRandomItems(
        _ count: Int, from sections: inout [(title: String?, items: [(id: Int, summary: Int)])], using random: inout SeededGenerator
    ) -> [(origin: Int, item: (id: Int, summary: Int))] {
        var chosen: [[Int]] = Array(repeating: [], count: sections.count)
        var picked = Set<Int>()
        let total = sections.reduce(0) { $0 + $1.items.count }
        var starts: [Int] = [0]
        for section in sections { starts.append(starts.last! + section.items.count) }
        while picked.count < min(count, total) { picked.insert(Int.random(in: 0 ..< total, using: &random)) }
        var section = 0
        for position in picked.sorted() {
            while starts[section + 1] <= position { section += 1 }
            chosen[section].append(position - starts[section])
        }
        var taken: [(origin: Int, item: (id: Int, summary: Int))] = []
        for section in sections.indices where !chosen[section].isEmpty {
            let doomed = Set(chosen[section])
            var kept: [(id: Int, summary: Int)] = []
            kept.reserveCapacity(sections[section].items.count - doomed.count)
            for (offset, item) in sections[section].items.enumerated() {
                if doomed.contains(offset) { taken.append((section, item)) } else { kept.append(item) }
            }
            sections[section].items = kept
        }
        taken.shuffle(using: &random)
        return taken
    }

    /// Inserts each item at a random place of a random section (another than its origin
    /// when `avoidingOrigin`).
    private static func insert(
        _ items: [(origin: Int, item: (id: Int, summary: Int))], into sections: inout [(title: String?, items: [(id: Int, summary: Int)])],
        avoidingOrigin: Bool, using random: inout SeededGenerator
    ) {
        var additions: [[(id: Int, summary: Int)]] = Array(repeating: [], count: sections.count)
        for entry in items {
            var target = Int.random(in: 0 ..< sections.count, using: &random)
            if avoidingOrigin && sections.count > 1 && target == entry.origin { target = (target + 1) % sections.count }
            additions[target].append(entry.item)
        }
        for section in sections.indices where !additions[section].isEmpty {
            var items = sections[section].items
            // Random places, merged in one pass: sorted insertion points.
            var places = additions[section].map { ($0, Int.random(in: 0 ... items.count, using: &random)) }
            places.sort { $0.1 < $1.1 }
            var merged: [(id: Int, summary: Int)] = []
            merged.reserveCapacity(items.count + places.count)
            var next = 0
            for (offset, item) in items.enumerated() {
                while next < places.count && places[next].1 == offset {
                    merged.append(places[next].0)
                    next += 1
                }
                merged.append(item)
            }
            while next < places.count {
                merged.append(places[next].0)
                next += 1
            }
            items = merged
            sections[section].items = items
        }
    }
}
