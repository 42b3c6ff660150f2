import ListAdapter
import ListAdapterTesting
import Testing

/// The builder's two paths (entries grouped by section go straight into chunks and are
/// indexed on two threads when many; any other list is regrouped from flat arrays) and the
/// switches between them, against an oracle written here: a dictionary of first
/// occurrences and sections in order of first appearance.
@Suite(.hangGuard)
struct BuilderPathTests {
    typealias Entry = (id: Int64, title: String?, summary: Int)

    /// What a builder must produce: sections by first appearance among kept entries,
    /// each identifier's first occurrence, the rest counted as duplicates.
    struct Expected {
        var titles: [String?] = []
        var items: [[(id: Int64, summary: Int)]] = []
        var duplicates = 0

        init(_ entries: [Entry]) {
            var seen = Set<Int64>()
            var sectionOfTitle: [String?: Int] = [:]
            for entry in entries {
                guard seen.insert(entry.id).inserted else {
                    duplicates += 1
                    continue
                }
                let section = sectionOfTitle[entry.title] ?? {
                    titles.append(entry.title)
                    items.append([])
                    sectionOfTitle[entry.title] = titles.count - 1
                    return titles.count - 1
                }()
                items[section].append((entry.id, entry.summary))
            }
        }
    }

    static func check(_ snapshot: ListSnapshot<Int64, Int>, against entries: [Entry], _ label: String) {
        let expected = Expected(entries)
        #expect(snapshot.sectionTitles.map { $0 } == expected.titles, "\(label): section titles")
        #expect(snapshot.duplicates.count == expected.duplicates, "\(label): duplicates")
        #expect(snapshot.count == expected.items.reduce(0) { $0 + $1.count }, "\(label): count")
        guard snapshot.numberOfSections == expected.titles.count else { return }
        for section in expected.items.indices {
            #expect(Array(snapshot.identifiers(inSection: section)) == expected.items[section].map(\.id), "\(label): section \(section)")
            for (item, entry) in expected.items[section].enumerated() {
                let path = ItemPath(section: section, item: item)
                if snapshot.path(of: entry.id) != path || snapshot.summary(at: path) != entry.summary || snapshot.summary(of: entry.id) != entry.summary {
                    Issue.record("\(label): \(entry.id) expected at \(path) with summary \(entry.summary), found at \(String(describing: snapshot.path(of: entry.id)))")
                    return
                }
            }
        }
        for absent in [Int64.min, Int64.max, -1] where !entries.contains(where: { $0.id == absent }) {
            #expect(snapshot.path(of: absent) == nil, "\(label): \(absent) is not in the list")
        }
        // An equal list built the other way (exact sections) compares equal.
        let exact = ListSnapshot<Int64, Int>(sections: expected.titles.indices.map { section in
            (expected.titles[section], expected.items[section].map { ListEntry(id: $0.id, section: expected.titles[section], summary: $0.summary) })
        })
        #expect(snapshot == exact, "\(label): equals the snapshot of its exact sections")
    }

    static func built(_ entries: [Entry], reserving: Bool, indexingWhileAppending: Bool = false) -> ListSnapshot<Int64, Int> {
        var builder = ListSnapshot<Int64, Int>.Builder(indexingWhileAppending: indexingWhileAppending)
        if reserving { builder.reserveCapacity(entries.count) }
        for entry in entries { builder.append(entry.id, section: entry.title, summary: entry.summary) }
        return builder.build()
    }

    /// Sections of the given sizes, in order, with distinct identifiers (shuffled values).
    static func grouped(sizes: [Int], using random: inout SeededGenerator) -> [Entry] {
        var ids = Array(Int64(0) ..< Int64(sizes.reduce(0, +))).map { $0 * 7_919 - 1_000_000 }
        ids.shuffle(using: &random)
        var entries: [Entry] = []
        for (section, size) in sizes.enumerated() {
            let title: String? = section == 4 ? nil : "S\(section)"
            for _ in 0 ..< size { entries.append((ids[entries.count], title, entries.count)) }
        }
        return entries
    }

    @Test func groupedListsAroundChunkBoundariesTakeTheChunkPath() {
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("BuilderPathTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for sizes in [[], [1], [127], [128], [129], [256, 1, 128, 300], [0, 5, 0], [1, 1, 1, 1, 1, 1]] {
            let entries = Self.grouped(sizes: sizes.filter { $0 > 0 }, using: &random)
            Self.check(Self.built(entries, reserving: false), against: entries, "sizes \(sizes)")
            Self.check(Self.built(entries, reserving: true), against: entries, "sizes \(sizes), reserved")
        }
    }

    @Test func aTitleThatComesBackSwitchesToRegrouping() {
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("BuilderPathTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0 ..< 40 {
            var entries = Self.grouped(sizes: (0 ..< Int.random(in: 2 ... 6, using: &random)).map { _ in Int.random(in: 1 ... 300, using: &random) }, using: &random)
            // Move one run of entries to the end: its title comes back (unless it was last).
            let start = Int.random(in: 0 ..< entries.count, using: &random)
            let end = Int.random(in: start ... min(entries.count, start + 200), using: &random)
            let moved = entries[start ..< end]
            entries.removeSubrange(start ..< end)
            entries += moved
            Self.check(Self.built(entries, reserving: round % 2 == 0), against: entries, "round \(round)")
        }
    }

    @Test func duplicatesInGroupedEntriesKeepTheFirstOccurrence() {
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("BuilderPathTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0 ..< 30 {
            var entries = Self.grouped(sizes: (0 ..< Int.random(in: 1 ... 5, using: &random)).map { _ in Int.random(in: 1 ... 400, using: &random) }, using: &random)
            for _ in 0 ..< Int.random(in: 1 ... 5, using: &random) {
                // A later entry takes an earlier one's identifier, in its own section.
                let later = Int.random(in: 0 ..< entries.count, using: &random)
                entries[later].id = entries[Int.random(in: 0 ... later, using: &random)].id
            }
            Self.check(Self.built(entries, reserving: false), against: entries, "round \(round)")
        }
    }

    /// Past the two-thread threshold: each half of the slots filled by its own thread,
    /// probes that cross the middle or wrap deferred; with and without duplicates (equal
    /// identifiers share a home slot, so each pair is settled by one thread or the
    /// deferred step), and regrouped. And the same lists from a builder that hashes while
    /// appending (`indexingWhileAppending`), which starts to part way through.
    @Test(arguments: [false, true])
    func largeListsIndexedOnTwoThreadsMatchTheOracle(indexingWhileAppending: Bool) {
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("BuilderPathTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var entries = Self.grouped(sizes: Array(repeating: 700, count: 300), using: &random)
        #expect(entries.count >= 1 << 17)
        let scatters = indexingWhileAppending
        Self.check(Self.built(entries, reserving: true, indexingWhileAppending: scatters), against: entries, "210,000 grouped")
        Self.check(Self.built(entries, reserving: false, indexingWhileAppending: scatters), against: entries, "210,000 grouped, not reserved")
        for _ in 0 ..< 200 {
            let later = Int.random(in: 0 ..< entries.count, using: &random)
            entries[later].id = entries[Int.random(in: 0 ... later, using: &random)].id
        }
        Self.check(Self.built(entries, reserving: false, indexingWhileAppending: scatters), against: entries, "210,000 grouped, duplicates")
        entries.swapAt(0, entries.count - 1)
        Self.check(Self.built(entries, reserving: false, indexingWhileAppending: scatters), against: entries, "210,000, a title back at the end")
    }

    /// `ListSnapshot(identifiers:sectionTitles:summaries:)`: runs found by the titles'
    /// bits, equal titles in other storage, titles that come back, duplicates, and
    /// collections without contiguous storage.
    @Test func columnsBuildTheSameListAsEntries() {
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("BuilderPathTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0 ..< 30 {
            var entries = Self.grouped(sizes: (0 ..< Int.random(in: 0 ... 6, using: &random)).map { _ in Int.random(in: 1 ... 400, using: &random) }, using: &random)
            if round % 3 == 1, !entries.isEmpty {
                // Equal text, separate storage (long enough not to be a small string).
                for position in entries.indices where Bool.random(using: &random) {
                    entries[position].title = entries[position].title.map { String(repeating: "title of section ", count: 2) + $0 }
                }
            }
            if round % 3 == 2, entries.count > 2 {
                entries.swapAt(0, entries.count - 1)
                entries[1].id = entries[entries.count - 1].id
            }
            let ids = entries.map(\.id), titles = entries.map(\.title), summaries = entries.map(\.summary)
            Self.check(ListSnapshot(identifiers: ids, sectionTitles: titles, summaries: summaries), against: entries, "round \(round), arrays")
            let lazyTitles = (0 ..< entries.count).lazy.map { titles[$0] }
            Self.check(ListSnapshot(identifiers: ids[...], sectionTitles: lazyTitles, summaries: summaries), against: entries, "round \(round), lazy titles")
        }
    }

    @Test func setSectionWithoutEntriesMakesNoSection() {
        var builder = ListSnapshot<Int64, Int>.Builder()
        builder.setSection("empty")
        builder.setSection("A")
        builder.append(1, summary: 1)
        builder.setSection("never")
        builder.setSection("B")
        builder.append(contentsOf: [2, 3], summaries: [2, 3])
        let snapshot = builder.build()
        #expect(snapshot.sectionTitles == ["A", "B"])
        #expect(snapshot.path(of: 3) == ItemPath(section: 1, item: 1))
    }
}
