import ListAdapter
import ListAdapterTesting
import Testing

/// The model must stay cheap enough to replay thousands of batches on a large list.
@Suite("Scale")
struct ScaleTests {
    /// Two states of a 10,000-item list and the batches between them: one item moves across
    /// sections, one is deleted, one inserted and one reconfigured.
    struct Pair {
        var a: Snapshot
        var b: Snapshot
        var forward: BatchUpdate
        var backward: BatchUpdate
    }

    static func pair(sections: Int, itemsPerSection: Int) -> Pair {
        func entries(_ edit: (inout [[String]]) -> Void, summaryOfZero: Int) -> Snapshot {
            var lists = (0 ..< sections).map { section in (0 ..< itemsPerSection).map { "s\(section)i\($0)" } }
            edit(&lists)
            return ListSnapshot(lists.enumerated().flatMap { section, ids in
                ids.map { ListEntry(id: $0, section: "S\(section)", summary: $0 == "s0i0" ? summaryOfZero : 1) }
            })
        }
        let last = sections - 1
        let a = entries({ _ in }, summaryOfZero: 1)
        let b = entries({ lists in
            let moved = lists[last].remove(at: 5)
            lists[0].insert(moved, at: 3)
            lists[last].remove(at: 0)
            lists[last].insert("new", at: 7)
        }, summaryOfZero: 2)
        let forward = BatchUpdate(
            deleteItems: [ItemPath(section: last, item: 0)], insertItems: [ItemPath(section: last, item: 7)],
            moveItems: [ItemMove(from: ItemPath(section: last, item: 5), to: ItemPath(section: 0, item: 3))],
            reconfigureItems: [ItemPath(section: 0, item: 0)])
        let backward = BatchUpdate(
            deleteItems: [ItemPath(section: last, item: 7)], insertItems: [ItemPath(section: last, item: 0)],
            moveItems: [ItemMove(from: ItemPath(section: 0, item: 3), to: ItemPath(section: last, item: 5))],
            reconfigureItems: [ItemPath(section: 0, item: 0)])
        return Pair(a: a, b: b, forward: forward, backward: backward)
    }

    /// Prints the time per shape; in a debug build this is well under a second each.
    @Test("2,000 batches on 10,000 items", arguments: [(10, 1_000), (2, 5_000), (1_000, 10)])
    func thousandsOfBatches(sections: Int, itemsPerSection: Int) throws {
        let pair = Self.pair(sections: sections, itemsPerSection: itemsPerSection)
        for kind in [View.Kind.table, .collection] {
            var view = view(kind, pair.a)
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                for _ in 0 ..< 1_000 {
                    try view.performBatchUpdates(pair.forward, dataSource: pair.b)
                    try view.performBatchUpdates(pair.backward, dataSource: pair.a)
                }
            }
            try view.verifyCells(against: pair.a)
            try view.performBatchUpdates(pair.forward, dataSource: pair.b)
            try view.verifyCells(against: pair.b)
            print("\(kind) \(sections)×\(itemsPerSection): 2,000 batches in \(elapsed)")
        }
    }
}
