@testable import ListAdapter
import ListAdapterTesting
import Testing

/// Chunk fingerprints let comparisons skip chunks built apart with equal items; they must
/// never make unequal lists compare equal: any write to a chunk's arrays forgets its
/// fingerprint, and a one-item difference changes it.
@Suite(.hangGuard)
struct ChunkFingerprintTests {
    static func columns(_ count: Int, summary: (Int) -> Int = { _ in 0 }) -> ListSnapshot<Int, Int> {
        ListSnapshot(
            identifiers: Array(0 ..< count), sectionTitles: (0 ..< count).map { "S\($0 / 1_000)" },
            summaries: (0 ..< count).map(summary)
        )
    }

    @Test func equalListsBuiltApartCompareEqualAndOneChangeIsSeen() {
        let count = 300_000                      // past the parted comparison's threshold
        let old = Self.columns(count)
        #expect(old == Self.columns(count))
        #expect(ListChangeSet(from: old, to: Self.columns(count)).isEmpty)
        for changed in [0, 127, 128, 150_001, count - 1] {
            let new = Self.columns(count) { $0 == changed ? 1 : 0 }
            #expect(old != new, "summary of \(changed)")
            #expect(ListChangeSet(from: old, to: new).itemUpdates.count == 1, "summary of \(changed)")
            var ids = Array(0 ..< count)
            ids[changed] = count + 7
            let renamed = ListSnapshot(identifiers: ids, sectionTitles: (0 ..< count).map { "S\($0 / 1_000)" }, summaries: Array(repeating: 0, count: count))
            #expect(old != renamed, "identifier at \(changed)")
            let changes = ListChangeSet(from: old, to: renamed)
            #expect(changes.itemDeletes.count == 1 && changes.itemInserts.count == 1, "identifier at \(changed)")
        }
    }

    @Test func writingAChunksArraysForgetsItsFingerprint() {
        var chunk = ItemChunk<Int, Int>(serial: 0, ids: [1, 2, 3], summaries: [0, 0, 0], fingerprinted: true)
        let original = chunk
        #expect(chunk.fingerprint != 0)
        chunk.summaries.withUnsafeMutableBufferPointer { $0[1] = 9 }
        #expect(chunk.fingerprint == 0)
        #expect(!chunk.hasSameFingerprint(as: original))
        var other = original
        other.ids[0] = 4
        #expect(other.fingerprint == 0)
        #expect(ItemChunk<Int, Int>(serial: 5, ids: [1, 2, 3], summaries: [0, 0, 0], fingerprinted: true).hasSameFingerprint(as: original))
        #expect(!ItemChunk<Int, Int>(serial: 0, ids: [1, 2, 3], summaries: [0, 0, 1], fingerprinted: true).hasSameFingerprint(as: original))
        #expect(!ItemChunk<Int, Int>(serial: 0, ids: [1, 3, 2], summaries: [0, 0, 0], fingerprinted: true).hasSameFingerprint(as: original))
        // Types the fingerprint does not apply to get none.
        #expect(ItemChunk<String, Int>(serial: 0, ids: ["a"], summaries: [0], fingerprinted: true).fingerprint == 0)
    }

    /// A full chunk is hashed in four lanes of 16 bytes per 64: a change or a swap of words
    /// in any lane, or between lanes and blocks, still changes the fingerprint.
    @Test func everyWordOfAFullChunkCountsInItsPlace() {
        let ids = Array(1_000 ..< 1_000 + ItemChunk<Int, Int>.capacity)
        let summaries = Array(0 ..< ids.count)
        func fingerprint(_ ids: [Int], _ summaries: [Int]) -> UInt64 {
            ItemChunk<Int, Int>(serial: 0, ids: ContiguousArray(ids), summaries: ContiguousArray(summaries), fingerprinted: true).fingerprint
        }
        let original = fingerprint(ids, summaries)
        var seen: Set<UInt64> = [original]
        for position in ids.indices {
            var changedID = ids
            changedID[position] ^= 1 << (position % 64)
            var changedSummary = summaries
            changedSummary[position] += 1
            seen.insert(fingerprint(changedID, summaries))
            seen.insert(fingerprint(ids, changedSummary))
            // The next word, the same word of the next lane, and of the next 64-byte block.
            for distance in [1, 2, 8] where position + distance < ids.count {
                var swapped = ids
                swapped.swapAt(position, position + distance)
                seen.insert(fingerprint(swapped, summaries))
            }
        }
        let swaps = [1, 2, 8].reduce(0) { $0 + ids.count - $1 }
        #expect(seen.count == 1 + 2 * ids.count + swaps)
        #expect(fingerprint(ids, summaries) == original)
    }

    /// A patched list (its chunks written by the patch) against lists built fresh.
    @Test func aPatchedListComparesByItsItems() {
        let count = 20_000
        let old = Self.columns(count)
        let patch = ListSnapshotPatch<Int, Int>(touched: [500], rows: [.init(id: 500, section: "S0", summary: 3, gap: 500)])
        guard let (patched, changes) = old.applying(patch) else {
            Issue.record("the patch did not apply")
            return
        }
        #expect(changes.itemUpdates.count == 1)
        #expect(patched != Self.columns(count))
        #expect(patched == Self.columns(count) { $0 == 500 ? 3 : 0 })
        #expect(ListChangeSet(from: Self.columns(count), to: patched).itemUpdates.count == 1)
    }
}
