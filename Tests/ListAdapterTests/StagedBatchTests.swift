import ListAdapter
import ListAdapterTesting
import Testing

/// Named cases of the default batching policy: each says how many batches a kind of change
/// takes and what each does, and replays under both policies (see
/// ``ReplayOracleTests/replayBothPolicies(from:to:updateStyle:kinds:)``, which also checks
/// the displacement against the lower bound).
@Suite("Staged batches")
struct StagedBatchTests {
    typealias Snapshot = ListSnapshot<String, Int>

    /// A list from `"id:Section"` or `"id:Section=summary"` strings.
    static func list(_ spec: String) -> Snapshot {
        Snapshot(spec.split(separator: " ").map { token in
            let parts = token.split(separator: "=")
            let idAndSection = parts[0].split(separator: ":")
            return ListEntry(id: String(idAndSection[0]), section: String(idAndSection[1]), summary: parts.count > 1 ? Int(parts[1])! : 0)
        })
    }

    static func staged(_ old: String, _ new: String, style: UpdateStyle = .reconfigure) -> [BatchUpdate] {
        ListUpdate(from: list(old), to: list(new), updateStyle: style).batches.map(\.update)
    }

    static func replays(_ old: String, _ new: String) -> Bool {
        for style in [UpdateStyle.reconfigure, .reload] {
            if let failure = ReplayOracleTests.replayBothPolicies(from: list(old), to: list(new), updateStyle: style) {
                Issue.record("\(style): \(failure)")
                return false
            }
        }
        return true
    }

    @Test func aSectionThatMovesAndChangesInsideMovesThenChanges() {
        let (old, new) = ("a:A b:A c:B d:B", "c:B x:B d:B a:A b:A")
        #expect(Self.staged(old, new) == [
            BatchUpdate(moveSections: [SectionMove(from: 1, to: 0)]),
            BatchUpdate(insertItems: [ItemPath(section: 0, item: 1)]),
        ])
        let single = ListUpdate(from: Self.list(old), to: Self.list(new), batching: .single).batches.map(\.update)
        #expect(single == [BatchUpdate(deleteSections: [1], insertSections: [0])])
        #expect(Self.replays(old, new))
    }

    /// Empty sections (a collapsed section keeps its title and no items) used to trap in
    /// staging: the intermediate state took an empty range of the old list's chunks.
    /// Found by the AppKit grouped-rows replay tests.
    @Test func emptySectionsAroundAStagedChangeAreKept() {
        let entry = { (id: String, section: String) in ListEntry(id: id, section: section, summary: 0) }
        let old = Snapshot(sections: [(title: "A", entries: [entry("a", "A")]), (title: "B", entries: []), (title: "C", entries: [entry("c", "C")])])!
        let new = Snapshot(sections: [(title: "B", entries: []), (title: "C", entries: [entry("c", "C"), entry("a", "C")])])!
        let batches = ListUpdate(from: old, to: new).batches
        #expect(batches.count == 2)
        #expect(batches.last?.after == new)
        #expect(ReplayOracleTests.replayBothPolicies(from: old, to: new) == nil)
    }

    @Test func anItemLeavingADeletedSectionMovesBeforeTheSectionGoes() {
        let (old, new) = ("a:A b:A c:B", "c:B a:B")
        #expect(Self.staged(old, new) == [
            BatchUpdate(moveItems: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))]),
            BatchUpdate(deleteSections: [0]),
        ])
        #expect(Self.replays(old, new))
    }

    @Test func anItemEnteringAnInsertedSectionMovesAfterTheSectionArrives() {
        let (old, new) = ("a:A b:A", "a:A b:N y:N")
        #expect(Self.staged(old, new) == [
            BatchUpdate(insertSections: [1]),
            BatchUpdate(moveItems: [ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))]),
        ])
        #expect(Self.replays(old, new))
    }

    @Test func anItemGoingFromADeletedToAnInsertedSectionTakesThree() {
        let (old, new) = ("a:A b:B", "b:B a:N")
        #expect(Self.staged(old, new) == [
            BatchUpdate(insertSections: [2]),
            BatchUpdate(moveItems: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 2, item: 0))]),
            BatchUpdate(deleteSections: [0]),
        ])
        #expect(Self.replays(old, new))
    }

    @Test func anUpdatedItemThatMovesIsMovedThenRefreshed() {
        let (old, new) = ("a:S b:S c:S", "c:S=1 a:S b:S")
        let move = ItemMove(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))
        #expect(Self.staged(old, new) == [BatchUpdate(moveItems: [move]), BatchUpdate(reconfigureItems: [ItemPath(section: 0, item: 0)])])
        #expect(Self.staged(old, new, style: .reload) == [BatchUpdate(moveItems: [move]), BatchUpdate(reloadItems: [ItemPath(section: 0, item: 0)])])
        #expect(Self.replays(old, new))
    }

    @Test func anUpdatedItemShiftedByAnInsertIsReconfiguredWhereItStays() {
        let (old, new) = ("a:S b:S", "x:S a:S b:S=1")
        // A reconfigure resolves at the pre-update path: it needs a batch that leaves b in
        // place. A reload lands at the path UIKit adjusts by the insert: one batch does.
        #expect(Self.staged(old, new) == [
            BatchUpdate(insertItems: [ItemPath(section: 0, item: 0)]),
            BatchUpdate(reconfigureItems: [ItemPath(section: 0, item: 2)]),
        ])
        #expect(Self.staged(old, new, style: .reload) == [
            BatchUpdate(insertItems: [ItemPath(section: 0, item: 0)], reloadItems: [ItemPath(section: 0, item: 1)]),
        ])
        #expect(Self.replays(old, new))
    }

    @Test func changesOneBatchCanDoTakeOneBatch() {
        // Moves inside and across sections that do not move, a section move with nothing
        // changing inside, an insert and an update in place.
        let (old, new) = ("a:A b:A c:A d:B e:B f:C", "a:A b:A=1 x:A f:C e:B c:B d:B")
        let update = ListUpdate(from: Self.list(old), to: Self.list(new))
        #expect(update.batches.count == 1)
        #expect(update.batches.map(\.update) == ListUpdate(from: Self.list(old), to: Self.list(new), batching: .single).batches.map(\.update))
        #expect(Self.replays(old, new))
    }

    /// The random replay oracle would prove little if its cases rarely needed more than
    /// one batch: most of them need two or three.
    @Test func randomPairsExerciseEveryPlan() {
        var counts: [Int: Int] = [:]
        for seed in 0 ..< 100 as Range<UInt64> {
            let (old, new) = RandomListPairs.pair(seed: seed, maxItems: 200)
            counts[ListUpdate(from: old, to: new).batches.count, default: 0] += 1
        }
        #expect(counts[1, default: 0] > 0 && counts[2, default: 0] > 0 && counts[3, default: 0] > 0, "\(counts)")
        #expect(counts.keys.allSatisfy { $0 <= 4 }, "\(counts)")
    }

    /// An intermediate state shares the old and new lists' storage and finds identifiers
    /// through their indexes: it must answer exactly as the same state built from its
    /// entries does, for every identifier of either list (sections of up to 2,000 items
    /// span many storage chunks).
    @Test func intermediateStatesAnswerLookupsLikeAFreshBuild() throws {
        var intermediate = 0
        for seed in 0 ..< 60 as Range<UInt64> {
            let (old, new) = RandomListPairs.pair(seed: seed, maxItems: 2_000, maxSections: 12)
            let batches = ListUpdate(from: old, to: new).batches
            for (number, batch) in batches.enumerated() {
                let state = batch.after
                let sections = (0 ..< state.numberOfSections).map { section in
                    (title: state.title(ofSection: section), entries: (0 ..< state.numberOfItems(inSection: section)).map { item in
                        let path = ItemPath(section: section, item: item)
                        return ListEntry(id: state.identifier(at: path), section: state.title(ofSection: section), summary: state.summary(at: path))
                    })
                }
                let rebuilt = try #require(ListSnapshot(sections: sections), "seed \(seed) batch \(number): an identifier twice")
                #expect(state == rebuilt, "seed \(seed) batch \(number)")
                for id in Set(old.entries.map(\.id)).union(new.entries.map(\.id)) {
                    #expect(state.path(of: id) == rebuilt.path(of: id), "seed \(seed) batch \(number) id \(id)")
                    #expect(state.summary(of: id) == rebuilt.summary(of: id), "seed \(seed) batch \(number) id \(id)")
                }
                if number < batches.count - 1 { intermediate += 1 }
            }
        }
        #expect(intermediate > 20, "only \(intermediate) intermediate states")
    }
}
