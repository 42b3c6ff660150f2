@testable import ListAdapter
import ListAdapterTesting
import Testing

/// The identifier index's overlay: patches write slots into it rather than into the pages,
/// and it is folded into the pages when it grows. Whatever the folding, the index answers
/// as a model of its places does, and an index patched from it is never changed.
@Suite("Identifier index overlay")
struct IdentifierIndexOverlayTests {
    /// A seeded run of patch-like writes (inserts, removals, moves to a new place) over an
    /// index of 20,000 slots, folded at several limits: every live place is found at the
    /// slot the model expects it in, removed ones are not, and a copy taken before the
    /// writes answers as before.
    @Test(arguments: [1, 7, 64, Int.max])
    func patchedIndexesAnswerAsTheModel(foldLimit: Int) {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("IdentifierIndexOverlayTests seed \(seed) (fold limit \(foldLimit))")
        var random = SeededGenerator(seed: seed)
        var index = IdentifierIndex(capacity: 10_000, seed: seed)
        // The model: each live place and the hash it was stored under, in an array (a
        // dictionary's order would vary from process to process, and the seed would not
        // reproduce the run).
        var live: [(place: UInt32, hash: Int)] = []
        var removed: [(place: UInt32, hash: Int)] = []
        var nextPlace: UInt32 = 0
        for _ in 0 ..< 4_000 {
            let hash = Int.random(in: 0 ... Int.max, using: &random)
            index.insert(nextPlace, hash: hash)
            live.append((nextPlace, hash))
            nextPlace += 1
        }
        let original = index
        let originalLive = live
        for round in 0 ..< 300 {
            // One patch: a few removals, moves and inserts, found first and then written,
            // as `ListSnapshot.applying` does; each row once, among the rows the index held
            // before the patch (the first `held` of `live`: new places go after them).
            var writes: [(slot: Int, value: UInt32)] = []
            var inserts: [(place: UInt32, hash: Int)] = []
            var held = live.count
            for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) where held > 0 {
                let picked = Int.random(in: 0 ..< held, using: &random)
                let (place, hash) = live[picked]
                live.swapAt(picked, held - 1)
                live.swapAt(held - 1, live.count - 1)
                live.removeLast()
                held -= 1
                guard let slot = index.slot(holding: place, hash: hash) else {
                    Issue.record("seed \(seed), round \(round): live place \(place) not found")
                    return
                }
                if Bool.random(using: &random) {
                    writes.append((slot, IdentifierIndex.removed))
                    removed.append((place, hash))
                } else {
                    writes.append((slot, nextPlace))
                    live.append((nextPlace, hash))
                    nextPlace += 1
                }
            }
            for _ in 0 ..< Int.random(in: 0 ... 2, using: &random) where index.hasRoom(for: inserts.count + 1) {
                let insert = (place: nextPlace, hash: Int.random(in: 0 ... Int.max, using: &random))
                inserts.append(insert)
                live.append(insert)
                nextPlace += 1
            }
            for write in writes { index.overlayValue(write.value, at: write.slot) }
            for insert in inserts { index.insert(insert.place, hash: insert.hash, overlaid: true) }
            index.foldOverlay(atLeast: foldLimit)
            #expect(index.overlay.count < max(foldLimit, 1) || foldLimit == Int.max, "seed \(seed), round \(round)")
        }
        for (place, hash) in live {
            let slot = index.slot(holding: place, hash: hash)
            #expect(slot.map { index.value(at: $0) } == place, "seed \(seed): place \(place)")
        }
        for (place, hash) in removed {
            #expect(index.slot(holding: place, hash: hash) == nil, "seed \(seed): removed place \(place)")
        }
        for (place, hash) in originalLive {
            #expect(original.slot(holding: place, hash: hash) != nil, "seed \(seed): the original lost \(place)")
        }
        #expect(original.overlay.isEmpty)
    }
}
