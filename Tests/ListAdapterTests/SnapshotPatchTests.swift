import ListAdapter
import ListAdapterTesting
import Testing

/// ``ListSnapshot/applying(_:)`` against a model: seeded random changes to a sorted,
/// sectioned list, each applied as a patch (gaps found by binary search over the untouched
/// rows, as the SQLite source does with SQL comparisons). After every step the patched
/// snapshot equals one built from scratch, every identifier's path is right, and the change
/// set passes the independent oracle (including minimal moves).
@Suite("Snapshot patches")
struct SnapshotPatchTests {
    struct Model {
        /// id -> (sort key, summary). The list is ordered by (key, id); section = key / width.
        var rows: [Int64: (key: Int, summary: Int)] = [:]
        /// Keys per section.
        var width = 10

        func title(_ key: Int) -> String { "S\(key / width)" }

        func sortedIDs() -> [Int64] {
            rows.keys.sorted { (rows[$0]!.key, $0) < (rows[$1]!.key, $1) }
        }

        var snapshot: ListSnapshot<Int64, Int> {
            ListSnapshot(sortedIDs().map { ListEntry(id: $0, section: title(rows[$0]!.key), summary: rows[$0]!.summary) })
        }

        func precedes(_ a: Int64, _ b: Int64) -> Bool { (rows[a]!.key, a) < (rows[b]!.key, b) }
    }

    /// The patch taking `old` (the list of `before`) to the list of `after`, given the ids touched.
    static func patch(_ old: ListSnapshot<Int64, Int>, after: Model, touched: Set<Int64>) -> ListSnapshotPatch<Int64, Int> {
        let untouched = old.untouchedRows(excluding: touched)
        let present = touched.filter { after.rows[$0] != nil }.sorted { after.precedes($0, $1) }
        let rows = present.map { id in
            // Binary search: the first untouched row that the new row precedes.
            var low = 0
            var high = untouched.count
            while low < high {
                let middle = (low + high) / 2
                if after.precedes(untouched.identifier(atRank: middle), id) { low = middle + 1 } else { high = middle }
            }
            return ListSnapshotPatch<Int64, Int>.Row(id: id, section: after.title(after.rows[id]!.key), summary: after.rows[id]!.summary, gap: low)
        }
        return ListSnapshotPatch(touched: Array(touched), rows: rows)
    }

    @Test(arguments: 0 ..< 40)
    func randomPatchesEqualAFreshBuild(run: Int) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SnapshotPatchTests seed \(seed) (run \(run))")
        try Self.randomPatches(seed: seed, maxSize: 400, keys: 200, width: 10, steps: 25, maxChanges: 12)
    }

    /// Sections of hundreds of rows and a key range that sometimes narrows to a hot spot:
    /// chunks (128 rows) fill and split, empty and vanish, and the index fills until it is
    /// rebuilt, all checked the same way.
    @Test(arguments: 0 ..< 12)
    func randomPatchesOnLargeSectionsEqualAFreshBuild(run: Int) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SnapshotPatchTests large seed \(seed) (run \(run))")
        try Self.randomPatches(seed: seed, maxSize: 1500, keys: 400, width: 150, steps: 30, maxChanges: 60)
    }

    static func randomPatches(seed: UInt64, maxSize: Int, keys: Int, width: Int, steps: Int, maxChanges: Int) throws {
        var random = SeededGenerator(seed: seed)
        var model = Model()
        model.width = width
        let size = Int.random(in: 0 ... maxSize, using: &random)
        var nextID: Int64 = 1
        for _ in 0 ..< size {
            model.rows[nextID] = (Int.random(in: 0 ..< keys, using: &random), 0)
            nextID += 1
        }
        var current = model.snapshot
        for step in 0 ..< steps {
            var touched = Set<Int64>()
            let changes = Int.random(in: 0 ... maxChanges, using: &random)
            // Half the steps insert into a hot spot a few keys wide.
            let hotSpot = Bool.random(using: &random) ? Int.random(in: 0 ..< keys, using: &random) : nil
            func newKey() -> Int {
                if let hotSpot { return min(keys - 1, hotSpot + Int.random(in: 0 ..< 3, using: &random)) }
                return Int.random(in: 0 ..< keys, using: &random)
            }
            for _ in 0 ..< changes {
                let ids = Array(model.rows.keys)
                switch Int.random(in: 0 ..< 6, using: &random) {
                case 0 where !ids.isEmpty:                          // delete
                    let id = ids.randomElement(using: &random)!
                    model.rows[id] = nil
                    touched.insert(id)
                case 1 where !ids.isEmpty:                          // re-order (maybe across sections)
                    let id = ids.randomElement(using: &random)!
                    model.rows[id]!.key = newKey()
                    touched.insert(id)
                case 2 where !ids.isEmpty:                          // summary update
                    let id = ids.randomElement(using: &random)!
                    model.rows[id]!.summary += 1
                    touched.insert(id)
                case 3 where !ids.isEmpty:                          // no-op update
                    touched.insert(ids.randomElement(using: &random)!)
                case 4 where !ids.isEmpty:                          // small move within its section
                    let id = ids.randomElement(using: &random)!
                    let key = model.rows[id]!.key
                    model.rows[id]!.key = min(keys - 1, key / width * width + Int.random(in: 0 ..< width, using: &random))
                    touched.insert(id)
                default:                                            // insert
                    model.rows[nextID] = (newKey(), 0)
                    touched.insert(nextID)
                    nextID += 1
                }
            }
            let expected = model.snapshot
            let patch = Self.patch(current, after: model, touched: touched)
            let result = try #require(current.applying(patch), "seed \(seed) step \(step): patch refused")
            #expect(result.snapshot == expected, "seed \(seed) step \(step)")
            for id in model.rows.keys {
                #expect(result.snapshot.path(of: id) == expected.path(of: id), "seed \(seed) step \(step) id \(id)")
            }
            for id in touched where model.rows[id] == nil {
                #expect(result.snapshot.path(of: id) == nil, "seed \(seed) step \(step): deleted \(id) still indexed")
            }
            do {
                try ChangeSetOracle.check(result.changes, from: current, to: expected)
            } catch {
                Issue.record("seed \(seed) step \(step): \(error)")
                return
            }
            #expect(result.changes.itemMoves.count == ListChangeSet(from: current, to: expected).itemMoves.count, "seed \(seed) step \(step)")
            current = result.snapshot
        }
    }

    /// Many untouched rows between a few touched ones that jump: letting the touched rows
    /// stay and moving one untouched row is cheaper, and the patch finds it.
    @Test func untouchedRowsMoveWhenThatIsMinimal() throws {
        var before = Model()
        for id: Int64 in 1 ... 4 { before.rows[id] = (Int(id), 0) }     // order 1 2 3 4
        var after = before
        after.rows[1]!.key = 7                                          // all stay in section S0
        after.rows[2]!.key = 8
        after.rows[3]!.key = 9                                          // order 4 1 2 3
        let old = before.snapshot
        let result = try #require(old.applying(Self.patch(old, after: after, touched: [1, 2, 3])))
        #expect(result.snapshot == after.snapshot)
        #expect(result.changes.itemMoves.count == 1)                    // 4 moves, not 1, 2 and 3
        try ChangeSetOracle.check(result.changes, from: old, to: after.snapshot)
    }

    /// A row landing inside another section's rows would interleave sections: refused, so
    /// the caller reloads the list.
    @Test func aPatchThatWouldInterleaveSectionsIsRefused() {
        let old = ListSnapshot([
            ListEntry(id: 1, section: "A", summary: 0), ListEntry(id: 2, section: "A", summary: 0),
            ListEntry(id: 3, section: "B", summary: 0),
        ])
        let untouched = old.untouchedRows(excluding: [9])
        #expect(untouched.count == 3)
        let patch = ListSnapshotPatch<Int, Int>(touched: [9], rows: [.init(id: 9, section: "B", summary: 0, gap: 1)])
        #expect(old.applying(patch) == nil)
        let duplicate = ListSnapshotPatch<Int, Int>(touched: [], rows: [.init(id: 2, section: "A", summary: 0, gap: 0)])
        #expect(old.applying(duplicate) == nil)
        let descending = ListSnapshotPatch<Int, Int>(touched: [7, 8], rows: [
            .init(id: 7, section: "A", summary: 0, gap: 2), .init(id: 8, section: "A", summary: 0, gap: 1),
        ])
        #expect(old.applying(descending) == nil)
    }

    /// The untouched ranks of a section, which a search for a moved row's place starts
    /// with; the oracle counts the untouched rows before and inside the section.
    @Test func theUntouchedRanksOfASectionAreOneRange() {
        let entries: [ListEntry<Int, Int>] = (0 ..< 30).map { ListEntry(id: $0, section: $0 < 10 ? "A" : $0 < 12 ? nil : $0 < 20 ? "B" : "C", summary: 0) }
        let old = ListSnapshot(entries)
        let touched = [1, 4, 10, 11, 12, 25, 99]
        let untouched = old.untouchedRows(excluding: touched)
        for title in ["A", nil, "B", "C"] as [String?] {
            let kept = entries.filter { !touched.contains($0.id) }
            let before = kept.prefix { $0.section != title }.count
            let inside = kept.filter { $0.section == title }.count
            let expected = inside == 0 ? nil : before ..< before + inside
            #expect(untouched.ranks(inSectionTitled: title) == expected, "section \(String(describing: title))")
        }
        #expect(untouched.ranks(inSectionTitled: "missing") == nil)
        #expect(untouched.ranks(inSectionTitled: nil) == nil, "every row of the untitled section was touched")
        if let ranks = untouched.ranks(inSectionTitled: "B") {
            #expect(ranks.map { untouched.identifier(atRank: $0) } == Array(13 ..< 20))
        }
    }
}
