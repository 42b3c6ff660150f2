import ListAdapter
import ListAdapterTesting
import Testing

/// Comparing snapshots column by column: in parts over the cores from 2^18 items on, chunk
/// by chunk below. Equal lists built apart compare equal; the summary-only diff finds
/// exactly the summaries that changed; a patched list (its chunks in other pages than a
/// fresh build's) compares by content. The oracle is the entries themselves.
@Suite("Snapshot comparison")
struct SnapshotComparisonTests {
    typealias Snapshot = ListSnapshot<Int64, Int>

    /// `count` entries in sections of 1,000, ids 1 ... count, summaries from `summary`.
    static func entries(count: Int, summary: (Int) -> Int = { $0 % 7 }) -> [ListEntry<Int64, Int>] {
        (0 ..< count).map { ListEntry(id: Int64($0 + 1), section: "S\($0 / 1_000)", summary: summary($0)) }
    }

    static func path(ofPosition position: Int) -> ItemPath {
        ItemPath(section: position / 1_000, item: position % 1_000)
    }

    @Test(arguments: [1_000, 300_000])
    func equalListsBuiltApartAreEqual(count: Int) {
        let old = Snapshot(Self.entries(count: count))
        let new = Snapshot(Self.entries(count: count))
        #expect(old == new)
        #expect(ListChangeSet(from: old, to: new).isEmpty)
    }

    @Test(arguments: [1_000, 300_000])
    func theSummaryDiffFindsExactlyTheChangedSummaries(count: Int) {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SnapshotComparisonTests seed \(seed) (count \(count))")
        var random = SeededGenerator(seed: seed)
        // The first and last items, and a few anywhere (both halves, so both parts).
        var changed: Set<Int> = [0, count - 1]
        for _ in 0 ..< 5 { changed.insert(Int(random.next() % UInt64(count))) }
        let old = Snapshot(Self.entries(count: count))
        let new = Snapshot(Self.entries(count: count) { changed.contains($0) ? -1 : $0 % 7 })
        #expect(old != new)
        let changes = ListChangeSet(from: old, to: new)
        let expected = changed.sorted().map { ItemMove(from: Self.path(ofPosition: $0), to: Self.path(ofPosition: $0)) }
        #expect(changes.itemUpdates == expected, "seed \(seed)")
        #expect(changes.itemInserts.isEmpty && changes.itemDeletes.isEmpty && changes.itemMoves.isEmpty)
        #expect(changes.sectionInserts.isEmpty && changes.sectionDeletes.isEmpty && changes.sectionMoves.isEmpty)
    }

    @Test func aPatchedListComparesByContentWithAFreshBuild() throws {
        let count = 300_000
        let touched = [5, 140_000, 299_999]                  // positions whose summary the patch sets to -1
        let old = Snapshot(Self.entries(count: count))
        // A summary-only patch: each touched row goes back into its own gap (the rank of
        // the untouched rows before it).
        let rows = touched.enumerated().map { rank, position in
            ListSnapshotPatch<Int64, Int>.Row(id: Int64(position + 1), section: "S\(position / 1_000)", summary: -1, gap: position - rank)
        }
        let patched = try #require(old.applying(ListSnapshotPatch(touched: touched.map { Int64($0 + 1) }, rows: rows))).snapshot
        let built = Snapshot(Self.entries(count: count) { touched.contains($0) ? -1 : $0 % 7 })
        #expect(patched == built)
        #expect(ListChangeSet(from: patched, to: built).isEmpty)
        #expect(ListChangeSet(from: old, to: patched).itemUpdates.map(\.to) == touched.map(Self.path(ofPosition:)))
        // One more summary changed on the built side: found, across the differing layouts.
        let changedAgain = Snapshot(Self.entries(count: count) { touched.contains($0) || $0 == 200_001 ? -1 : $0 % 7 })
        #expect(patched != changedAgain)
        #expect(ListChangeSet(from: patched, to: changedAgain).itemUpdates.map(\.to) == [Self.path(ofPosition: 200_001)])
    }
}
