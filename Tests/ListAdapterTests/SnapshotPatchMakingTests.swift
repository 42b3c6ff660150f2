import ListAdapter
import ListAdapterTesting
import Testing

/// ``ListSnapshotPatch/init(from:to:)`` and ``ListSnapshotPatch/init(touching:in:)``: the
/// patches a server sends its watchers. Oracles: applying a patch gives exactly the new
/// list; the rows a patch leaves alone are as many as a brute-force longest run allows
/// (so the patch is the smallest); patches composed over a chain of changes equal the
/// chain applied one by one.
@Suite("Making snapshot patches")
struct SnapshotPatchMakingTests {
    typealias Snapshot = ListSnapshot<Int, Int>
    typealias Patch = ListSnapshotPatch<Int, Int>

    @Test(arguments: 0 ..< 60)
    func aPatchBetweenTwoListsAppliesToTheNewList(run: Int) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SnapshotPatchMakingTests seed \(seed) (run \(run))")
        let (old, new) = RandomListPairs.pair(seed: seed, maxItems: run < 30 ? 60 : 2_000)
        let patch = Patch(from: old, to: new)
        let applied = try #require(old.applying(patch), "seed \(seed): the patch does not apply")
        #expect(applied.snapshot == new, "seed \(seed)")
        #expect(Set(patch.touched).count == patch.touched.count, "seed \(seed): an identifier touched twice")
        if old.count <= 60 {
            #expect(new.count - patch.rows.count == Self.mostRowsLeftAlone(old: old, new: new), "seed \(seed): the patch is not the smallest")
        }
    }

    @Test func aListWithoutChangesNeedsAnEmptyPatch() {
        let list = Snapshot((0 ..< 500).map { ListEntry(id: $0, section: "S\($0 / 50)", summary: $0) })
        let patch = Patch(from: list, to: list)
        #expect(patch.touched.isEmpty && patch.rows.isEmpty)
    }

    @Test func aRenamedSectionTouchesItsRowsOnly() throws {
        let old = Snapshot((0 ..< 30).map { ListEntry(id: $0, section: "S\($0 / 10)", summary: 0) })
        let new = Snapshot((0 ..< 30).map { ListEntry(id: $0, section: $0 / 10 == 1 ? "Renamed" : "S\($0 / 10)", summary: 0) })
        let patch = Patch(from: old, to: new)
        #expect(Set(patch.touched) == Set(10 ..< 20))
        #expect(try #require(old.applying(patch)).snapshot == new)
    }

    @Test(arguments: 0 ..< 30)
    func patchesInARowComposeIntoOne(run: Int) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SnapshotPatchMakingTests compose seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        var entries = (0 ..< Int.random(in: 0 ... 400, using: &random)).map { ListEntry(id: $0, section: Self.title(&random), summary: 0) }
        var nextID = entries.count
        let first = Snapshot(entries)
        var current = first
        var touched: [Int] = []
        for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
            Self.change(&entries, nextID: &nextID, using: &random)
            let next = Snapshot(entries)
            let step = Patch(from: current, to: next)
            current = try #require(current.applying(step), "seed \(seed)").snapshot
            #expect(current == next, "seed \(seed)")
            touched += step.touched
        }
        let composed = Patch(touching: touched, in: current)
        #expect(try #require(first.applying(composed), "seed \(seed)").snapshot == current, "seed \(seed)")
    }

    // MARK: - Helpers

    static func title(_ random: inout SeededGenerator) -> String? {
        Int.random(in: 0 ..< 12, using: &random) == 0 ? nil : "S\(Int.random(in: 0 ..< 6, using: &random))"
    }

    /// A few random deletes, inserts, moves, section changes and summary updates.
    static func change(_ entries: inout [ListEntry<Int, Int>], nextID: inout Int, using random: inout SeededGenerator) {
        for _ in 0 ..< Int.random(in: 1 ... 10, using: &random) {
            switch Int.random(in: 0 ..< 5, using: &random) {
            case 0 where !entries.isEmpty:
                entries.remove(at: Int.random(in: 0 ..< entries.count, using: &random))
            case 1:
                entries.insert(ListEntry(id: nextID, section: title(&random), summary: 0), at: Int.random(in: 0 ... entries.count, using: &random))
                nextID += 1
            case 2 where !entries.isEmpty:
                let entry = entries.remove(at: Int.random(in: 0 ..< entries.count, using: &random))
                entries.insert(entry, at: Int.random(in: 0 ... entries.count, using: &random))
            case 3 where !entries.isEmpty:
                entries[Int.random(in: 0 ..< entries.count, using: &random)].section = title(&random)
            case 4 where !entries.isEmpty:
                entries[Int.random(in: 0 ..< entries.count, using: &random)].summary += 1
            default:
                break
            }
        }
    }

    /// The most rows of `new` that can stay untouched: rows with the same section title and
    /// summary in both lists whose flat order agrees, found by an O(n²) longest increasing
    /// subsequence (independent of the patch's own search).
    static func mostRowsLeftAlone(old: Snapshot, new: Snapshot) -> Int {
        let oldEntries = old.entries
        var oldPlace: [Int: (position: Int, entry: ListEntry<Int, Int>)] = [:]
        for (position, entry) in oldEntries.enumerated() { oldPlace[entry.id] = (position, entry) }
        let candidates = new.entries.compactMap { entry -> Int? in
            guard let before = oldPlace[entry.id], before.entry.section == entry.section, before.entry.summary == entry.summary else { return nil }
            return before.position
        }
        var longest = [Int](repeating: 1, count: candidates.count)
        for i in candidates.indices {
            for j in 0 ..< i where candidates[j] < candidates[i] { longest[i] = max(longest[i], longest[j] + 1) }
        }
        return longest.max() ?? 0
    }
}
