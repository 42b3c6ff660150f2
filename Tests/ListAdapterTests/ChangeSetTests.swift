import ListAdapter
import Testing

@Suite("ListChangeSet diff")
struct ChangeSetTests {
    typealias Snapshot = ListSnapshot<String, Int>

    static func snapshot(_ spec: [(String, String?, Int)]) -> Snapshot {
        Snapshot(spec.map { ListEntry(id: $0.0, section: $0.1, summary: $0.2) })
    }

    @Test func identicalSnapshotsHaveNoChange() {
        let list = Self.snapshot([("a", "S", 1), ("b", "S", 1), ("c", "T", 1)])
        #expect(ListChangeSet(from: list, to: list).isEmpty)
        #expect(ListUpdate(from: list, to: list).batches.isEmpty)
    }

    @Test func largeListsAreComparedInPartsAndEveryPartCounts() async {
        // Large enough for the comparison to be split over the cores: a change in any part,
        // of identifiers or of summaries, must be found. Seconds a diff under the thread
        // sanitizer: it yields between diffs, so that the suites waiting for deliveries run.
        let count = 400_000
        let entries = (0 ..< count).map { ListEntry<Int64, Int64>(id: Int64($0), section: "s\($0 / 1_000)", summary: 0) }
        let old = ListSnapshot(entries)
        #expect(ListChangeSet(from: old, to: ListSnapshot(entries)).isEmpty)
        for position in [0, count / 3, count / 2 + 1, count - 1] {
            await Task.yield()
            var updated = entries
            updated[position].summary = 1
            let path = ItemPath(section: position / 1_000, item: position % 1_000)
            #expect(ListChangeSet(from: old, to: ListSnapshot(updated)).itemUpdates == [ItemMove(from: path, to: path)])
            await Task.yield()
            var replaced = entries
            replaced[position] = ListEntry(id: Int64(count + 1), section: replaced[position].section, summary: 0)
            let changes = ListChangeSet(from: old, to: ListSnapshot(replaced))
            #expect(changes.itemDeletes == [path] && changes.itemInserts == [path])
        }
    }

    @Test func anUnchangedItemIsNeverUpdated() {
        let old = Self.snapshot([("a", "S", 1), ("b", "S", 1)])
        let new = Self.snapshot([("b", "S", 1), ("a", "S", 2)])
        let changes = ListChangeSet(from: old, to: new)
        #expect(changes.itemUpdates == [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))])
        #expect(changes.itemMoves.count == 1)
    }

    @Test func movingOneItemOutOfManyIsOneMove() {
        let ids = (0 ..< 10_000).map { ListEntry<Int, Int>(id: $0, section: "S\($0 / 100)", summary: 0) }
        var moved = ids
        let entry = moved.remove(at: 5)
        moved.insert(entry, at: 9_000)          // into another section, far away
        var within = ids
        within.swapAt(1_000, 1_050)             // two items of one section trade places
        let old = ListSnapshot(ids)
        #expect(ListChangeSet(from: old, to: ListSnapshot(moved)).itemMoves.count == 1)
        #expect(ListChangeSet(from: old, to: ListSnapshot(within)).itemMoves.count == 2)
    }

    @Test func itemsCrossSections() throws {
        let old = Self.snapshot([("a", "S", 0), ("b", "S", 0), ("c", "T", 0)])
        let new = Self.snapshot([("b", "S", 0), ("a", "T", 0), ("c", "T", 0)])
        let changes = ListChangeSet(from: old, to: new)
        #expect(changes.itemMoves == [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))])
        #expect(changes.itemDeletes.isEmpty && changes.itemInserts.isEmpty)
        try ChangeSetOracle.check(changes, from: old, to: new)
    }

    @Test func sectionsAppearVanishAndMove() throws {
        let old = Self.snapshot([("a", "A", 0), ("b", "B", 0), ("c", "C", 0)])
        let new = Self.snapshot([("c", "C", 0), ("a", "A", 0), ("d", "D", 0)])
        let changes = ListChangeSet(from: old, to: new)
        #expect(changes.sectionDeletes == [1])
        #expect(changes.sectionInserts == [2])
        #expect(changes.sectionMoves.count == 1)
        #expect(changes.itemDeletes == [ItemPath(section: 1, item: 0)])
        try ChangeSetOracle.check(changes, from: old, to: new)
    }

    @Test(arguments: 0 ..< 300 as Range<UInt64>)
    func randomPairsMatchTheOracle(seed: UInt64) throws {
        let (old, new) = RandomListPairs.pair(seed: seed, maxItems: seed % 10 == 0 ? 3_000 : 300)
        let changes = ListChangeSet(from: old, to: new)
        do {
            try ChangeSetOracle.check(changes, from: old, to: new)
        } catch {
            Issue.record("seed \(seed): \(error)")
        }
    }
}
