import ListAdapter
import ListAdapterTesting
import Testing

@Suite("ListSnapshot grouping")
struct SnapshotTests {
    @Test func emptyListHasNoSections() {
        let snapshot = ListSnapshot<String, Int>([])
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.count == 0)
        #expect(snapshot.path(of: "a") == nil)
    }

    @Test func noTitlesGiveOneUntitledSection() {
        let snapshot = ListSnapshot<String, NoSummary>([ListEntry(id: "a"), ListEntry(id: "b")])
        #expect(snapshot.numberOfSections == 1)
        #expect(snapshot.title(ofSection: 0) == nil)
        #expect(Array(snapshot.identifiers(inSection: 0)) == ["a", "b"])
    }

    @Test func sectionsFollowFirstAppearanceAndItemsKeepListOrder() {
        let snapshot = ListSnapshot<String, Int>([
            ListEntry(id: "a", section: "B", summary: 0),
            ListEntry(id: "b", section: "A", summary: 0),
            ListEntry(id: "c", section: "B", summary: 0),
            ListEntry(id: "d", section: nil, summary: 0),
            ListEntry(id: "e", section: "A", summary: 0),
        ])
        #expect(Array(snapshot.sectionTitles) == ["B", "A", nil])
        #expect(Array(snapshot.identifiers(inSection: 0)) == ["a", "c"])
        #expect(Array(snapshot.identifiers(inSection: 1)) == ["b", "e"])
        #expect(Array(snapshot.identifiers(inSection: 2)) == ["d"])
        #expect(snapshot.path(of: "e") == ItemPath(section: 1, item: 1))
        #expect(snapshot.path(of: "d") == ItemPath(section: 2, item: 0))
        #expect(snapshot.identifier(at: ItemPath(section: 0, item: 1)) == "c")
    }

    @Test func duplicatesKeepTheFirstOccurrenceAndAreCounted() {
        let snapshot = ListSnapshot<String, Int>([
            ListEntry(id: "a", section: "S", summary: 1),
            ListEntry(id: "a", section: "T", summary: 2),
            ListEntry(id: "b", section: "S", summary: 3),
            ListEntry(id: "b", section: "S", summary: 4),
        ])
        // "T" only ever held a duplicate: it must not become a section.
        #expect(Array(snapshot.sectionTitles) == ["S"])
        #expect(Array(snapshot.identifiers(inSection: 0)) == ["a", "b"])
        #expect(snapshot.summary(of: "a") == 1)
        #expect(snapshot.summary(of: "b") == 3)
        #expect(snapshot.duplicates.count == 2)
        #expect(snapshot.duplicates.samples == ["a", "b"])
    }

    @Test func indexFindsEveryItemAfterRegrouping() {
        var generator = SeededGenerator(seed: 7)
        let entries = (0 ..< 5_000).map { id in
            ListEntry(id: id, section: "s\(Int.random(in: 0 ..< 40, using: &generator))", summary: id % 3)
        }
        let snapshot = ListSnapshot(entries)
        #expect(snapshot.count == 5_000)
        var seen = 0
        for section in 0 ..< snapshot.numberOfSections {
            for item in 0 ..< snapshot.numberOfItems(inSection: section) {
                let path = ItemPath(section: section, item: item)
                #expect(snapshot.path(of: snapshot.identifier(at: path)) == path)
                seen += 1
            }
        }
        #expect(seen == 5_000)
        #expect(snapshot.path(of: 5_000) == nil)
    }

    @Test func largeListsKeepTheFirstOfEachDuplicate() {
        // Large enough for the partitioned index build.
        var random = SeededGenerator(seed: 11)
        var entries = (0 ..< 40_000).map { ListEntry<Int, Int>(id: $0, section: "s\($0 % 7)", summary: 0) }
        for _ in 0 ..< 3_000 {
            let original = entries[Int.random(in: 0 ..< 40_000, using: &random)]
            entries.append(ListEntry(id: original.id, section: "late", summary: 1))
        }
        entries.shuffle(using: &random)
        var firstSummary: [Int: Int] = [:]
        for entry in entries where firstSummary[entry.id] == nil { firstSummary[entry.id] = entry.summary }
        let snapshot = ListSnapshot(entries)
        #expect(snapshot.count == 40_000)
        #expect(snapshot.duplicates.count == 3_000)
        for id in stride(from: 0, to: 40_000, by: 97) {
            #expect(snapshot.summary(of: id) == firstSummary[id])
            #expect(snapshot.path(of: id).map { snapshot.identifier(at: $0) } == id)
        }
    }

    @Test func entriesRoundTrip() {
        let snapshot = ListSnapshot<String, Int>([
            ListEntry(id: "x", section: "A", summary: 1),
            ListEntry(id: "y", section: "B", summary: 2),
            ListEntry(id: "z", section: "A", summary: 3),
        ])
        #expect(ListSnapshot(snapshot.entries) == snapshot)
        #expect(snapshot.entries.map(\.id) == ["x", "z", "y"])
    }

    @Test func streamingAppendsBuildTheSameSnapshotAsEntries() {
        // Int64 identifiers (the integer hash), runs of titles that come back later, NULL
        // titles, duplicates: per-entry, per-section and bulk appends must agree.
        let seed = UInt64.random(in: 0 ... 1_000_000)
        print("streamingAppendsBuildTheSameSnapshotAsEntries seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var entries: [ListEntry<Int64, Int>] = []
        while entries.count < 30_000 {
            let title: String? = Bool.random(using: &random) ? nil : "day \(Int.random(in: 0 ..< 50, using: &random))"
            for _ in 0 ..< Int.random(in: 1 ... 900, using: &random) {
                entries.append(ListEntry(id: Int64.random(in: -20_000 ... 20_000, using: &random), section: title, summary: entries.count))
            }
        }
        let expected = ListSnapshot(entries)
        var perSection = ListSnapshot<Int64, Int>.Builder()
        var bulk = ListSnapshot<Int64, Int>.Builder()
        // Growing from nothing, and sized up front.
        var indexing = ListSnapshot<Int64, Int>.Builder()
        var indexingSized = ListSnapshot<Int64, Int>.Builder()
        indexingSized.reserveCapacity(entries.count)
        // Collections not in contiguous memory take the copying path of the bulk append.
        var lazyBulk = ListSnapshot<Int64, Int>.Builder()
        var start = 0
        while start < entries.count {
            var end = start
            while end < entries.count && entries[end].section == entries[start].section { end += 1 }
            perSection.setSection(entries[start].section)
            bulk.setSection(entries[start].section)
            indexing.setSection(entries[start].section)
            indexingSized.setSection(entries[start].section)
            lazyBulk.setSection(entries[start].section)
            for entry in entries[start ..< end] {
                perSection.append(entry.id, summary: entry.summary)
                indexing.append(entry.id, summary: entry.summary)
            }
            bulk.append(contentsOf: entries[start ..< end].map(\.id), summaries: entries[start ..< end].map(\.summary))
            indexingSized.append(contentsOf: entries[start ..< end].map(\.id), summaries: entries[start ..< end].map(\.summary))
            lazyBulk.append(contentsOf: entries[start ..< end].lazy.map(\.id), summaries: entries[start ..< end].lazy.map(\.summary))
            start = end
        }
        #expect(perSection.build() == expected)
        #expect(bulk.build() == expected)
        #expect(lazyBulk.build() == expected)
        let indexed = indexing.build()
        #expect(indexed == expected)
        #expect(indexingSized.build() == expected)
        #expect(indexed.duplicates.count == expected.duplicates.count)
        #expect(!expected.duplicates.isEmpty)
        var firstPosition: [Int64: Int] = [:]
        for (position, entry) in entries.enumerated() where firstPosition[entry.id] == nil { firstPosition[entry.id] = position }
        for (id, position) in firstPosition {
            #expect(expected.summary(of: id) == position)
            #expect(indexed.summary(of: id) == position)
            #expect(indexed.path(of: id) == expected.path(of: id))
        }
        #expect(indexed.path(of: 20_001) == nil)
        #expect(expected.count == firstPosition.count)
    }

    @Test func appendsWithoutASectionGoToTheUntitledSection() {
        var builder = ListSnapshot<Int, NoSummary>.Builder()
        builder.append(1, summary: NoSummary())
        builder.setSection("A")
        builder.append(2, summary: NoSummary())
        let snapshot = builder.build()
        #expect(Array(snapshot.sectionTitles) == [nil, "A"])
        #expect(snapshot.path(of: 2) == ItemPath(section: 1, item: 0))
    }
}

@Suite("Snapshots from explicit sections")
struct SnapshotSectionsTests {
    @Test func emptySectionsAreKeptAndDuplicatesRefused() {
        let state = ListSnapshot<Int, NoSummary>(sections: [("A", [ListEntry(id: 1), ListEntry(id: 2)]), ("B", []), (nil, [ListEntry(id: 3)])])
        #expect(state?.numberOfSections == 3)
        #expect(state?.numberOfItems(inSection: 1) == 0)
        #expect(state?.path(of: 3) == ItemPath(section: 2, item: 0))
        #expect(ListSnapshot<Int, NoSummary>(sections: [("A", [ListEntry(id: 1)]), ("B", [ListEntry(id: 1)])]) == nil)
        #expect(ListSnapshot<Int, NoSummary>(sections: [("A", []), ("A", [])]) == nil)
    }
}
