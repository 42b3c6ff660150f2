import ListAdapter
import ListAdapterTesting
import Testing

/// Diffs of lists large enough (old and new together past 2^18 items) that the flat
/// columns, the walk and the per-section pass each run on two threads, the sections split
/// where the new list's middle item falls: replayed on both reference views under both
/// policies, with the displacement oracle, as the small random pairs are.
@Suite(.hangGuard)
struct LargeDiffTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func largeDiffsOnTwoThreadsReplayCleanly(round: UInt64) {
        let seed = UInt64.random(in: 1 ... 1_000_000) &+ round
        print("LargeDiffTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let sections = 300
        let perSection = 500
        let old = (0 ..< sections * perSection).map { ListEntry(id: $0, section: "S\($0 / perSection)", summary: 0) }
        var new = old.filter { _ in Int.random(in: 0 ..< 100, using: &random) >= 3 }  // 3% deleted
        for index in new.indices where Int.random(in: 0 ..< 100, using: &random) == 0 {
            new[index].summary = 1                                                        // 1% updated
        }
        for _ in 0 ..< 1_500 {                                                             // moves, within and across sections
            let from = Int.random(in: 0 ..< new.count, using: &random)
            var entry = new.remove(at: from)
            if Bool.random(using: &random) { entry.section = "S\(Int.random(in: 0 ..< sections, using: &random))" }
            new.insert(entry, at: Int.random(in: 0 ... new.count, using: &random))
        }
        for id in 0 ..< 3_000 {                                                            // inserted, some in new sections
            let section = Int.random(in: 0 ..< sections + 3, using: &random)
            new.insert(ListEntry(id: sections * perSection + id, section: "S\(section)", summary: 0), at: Int.random(in: 0 ... new.count, using: &random))
        }
        let oldSnapshot = ListSnapshot(old)
        let newSnapshot = ListSnapshot(new)
        #expect(oldSnapshot.count + newSnapshot.count >= 1 << 18)
        if let failure = ReplayOracleTests.replayBothPolicies(from: oldSnapshot, to: newSnapshot, replaysSingle: round == 1) {
            Issue.record("seed \(seed): \(failure)")
        }
    }
}
