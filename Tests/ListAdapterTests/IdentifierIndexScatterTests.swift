@testable import ListAdapter
import ListAdapterTesting
import Testing

/// The bulk index build for large lists (``IdentifierIndex/scatteredSlots(chunks:count:slotCount:seed:parts:room:)``),
/// with its rare paths forced: buckets too small for their entries (every entry past the
/// room overflows and is inserted last), one and two threads (probes that run past a
/// thread's half are deferred), and repeated identifiers. The oracle: every identifier is
/// found at its own place by probing as a lookup does, the index holds nothing else, and
/// a repeat is reported exactly when the input has one.
@Suite("Identifier index: the scattered bulk build")
struct IdentifierIndexScatterTests {
    typealias Chunk = ItemChunk<Int, Int>

    static func chunks(_ ids: [Int]) -> ContiguousArray<Chunk> {
        var chunks = ContiguousArray<Chunk>()
        var start = 0
        while start < ids.count {
            let end = min(ids.count, start + Chunk.capacity)
            chunks.append(Chunk(serial: UInt32(chunks.count), ids: ContiguousArray(ids[start ..< end]), summaries: ContiguousArray(repeating: 0, count: end - start)))
            start = end
        }
        return chunks
    }

    /// Checks the slots against `ids` (unique): each found from its home at its place.
    static func check(_ slots: ContiguousArray<UInt32>, seed: UInt64, ids: [Int], chunks: ContiguousArray<Chunk>, _ label: String) {
        let index = IdentifierIndex(slicing: slots, seed: seed, used: ids.count)
        let filled = slots.filter { $0 != IdentifierIndex.empty }.count
        #expect(filled == ids.count, "\(label): \(filled) slots filled for \(ids.count) identifiers")
        var wrong = 0
        for (position, id) in ids.enumerated() {
            var slot = index.home(index.hash(id))
            var found: UInt32?
            while true {
                let stored = index.value(at: slot)
                if stored == IdentifierIndex.empty { break }
                let chunk = chunks[Chunk.serial(ofPlace: stored)]
                if chunk.ids[Chunk.offset(ofPlace: stored)] == id { found = stored; break }
                slot = (slot + 1) & index.mask
            }
            if found != Chunk.place(serial: UInt32(position / Chunk.capacity), offset: position % Chunk.capacity) { wrong += 1 }
        }
        #expect(wrong == 0, "\(label): \(wrong) identifiers not found at their places")
    }

    @Test(arguments: [1, 2])
    func everyPathOfTheBuildIndexesEveryIdentifier(parts: Int) {
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("IdentifierIndexScatterTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for count in [1, 130, 5_000, 70_000] {
            var ids = Array(0 ..< count).map { $0 * 7 + Int.random(in: 0 ..< 7, using: &random) }
            ids.shuffle(using: &random)
            let chunks = Self.chunks(ids)
            let slotCount = IdentifierIndex.slotCount(forCapacity: count)
            // nil: the room the build gives; 0: every entry overflows; 3: most do.
            for room in [nil, 0, 3] as [Int?] {
                let hashSeed = UInt64.random(in: .min ... .max, using: &random)
                let (slots, repeated) = chunks.withUnsafeBufferPointer {
                    IdentifierIndex.scatteredSlots(chunks: $0, count: count, slotCount: slotCount, seed: hashSeed, parts: parts, room: room)
                }
                let label = "\(count) ids, \(parts) parts, room \(room.map(String.init) ?? "default")"
                #expect(!repeated, "\(label): a repeat reported where there is none")
                Self.check(slots, seed: hashSeed, ids: ids, chunks: chunks, label)
            }
        }
    }

    @Test(arguments: [1, 2])
    func aRepeatedIdentifierIsReportedOnEveryPath(parts: Int) {
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("IdentifierIndexScatterTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for count in [2, 300, 40_000] {
            for room in [nil, 0, 3] as [Int?] {
                var ids = Array(0 ..< count)
                // One later position repeats one earlier identifier.
                let later = Int.random(in: 1 ..< count, using: &random)
                ids[later] = ids[Int.random(in: 0 ..< later, using: &random)]
                let chunks = Self.chunks(ids)
                let (_, repeated) = chunks.withUnsafeBufferPointer {
                    IdentifierIndex.scatteredSlots(
                        chunks: $0, count: count, slotCount: IdentifierIndex.slotCount(forCapacity: count),
                        seed: UInt64.random(in: .min ... .max, using: &random), parts: parts, room: room
                    )
                }
                #expect(repeated, "\(count) ids, \(parts) parts, room \(room.map(String.init) ?? "default"): the repeat at \(later) not reported")
            }
        }
    }

    /// A builder that indexes while appending scatters every sealed chunk once the list
    /// passes ``ListSnapshot/Builder/scatterThreshold`` (catching up on the chunks before),
    /// by single entries and in bulk, and its build places exactly those entries: every
    /// identifier found where it is, a repeat before or after the threshold reported.
    @Test func aBuilderIndexingWhileAppendingScattersEverySealedChunk() {
        typealias Builder = ListSnapshot<Int, Int>.Builder
        let seed = UInt64.random(in: 1 ... 1_000_000)
        print("IdentifierIndexScatterTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let threshold = Builder.scatterThreshold
        for count in [threshold - 1, threshold + 1_000, 200_000] {
            var ids = Array(0 ..< count).map { $0 * 7 + Int.random(in: 0 ..< 7, using: &random) }
            ids.shuffle(using: &random)
            for repeatAt in [nil, threshold / 2, count - 10] as [Int?] {
                var list = ids
                if let repeatAt { list[repeatAt] = list[Int.random(in: 0 ..< repeatAt, using: &random)] }
                var builder = Builder(indexingWhileAppending: true)
                let half = count / 2
                for position in 0 ..< half {
                    builder.append(list[position], section: "S\(position / 700)", summary: position)
                }
                // The rest in bulk, a section at a time (from a section boundary).
                var start = half
                while start < count {
                    let end = min(count, (start / 700 + 1) * 700)
                    builder.setSection("S\(start / 700)")
                    builder.append(contentsOf: list[start ..< end], summaries: Array(start ..< end))
                    start = end
                }
                let label = "\(count) ids, repeat at \(repeatAt.map(String.init) ?? "none")"
                #expect((builder.scatter?.count ?? 0) == (builder.sealedCount >= threshold ? builder.sealedCount : 0), "\(label): entries scattered")
                let snapshot = builder.build()
                #expect(snapshot.duplicates.count == (repeatAt == nil ? 0 : 1), "\(label): duplicates")
                var wrong = 0
                for position in 0 ..< count where position != repeatAt {
                    let expected = position - (repeatAt.map { position > $0 ? 1 : 0 } ?? 0)
                    if snapshot.flatPosition(of: list[position]) != expected { wrong += 1 }
                }
                #expect(wrong == 0, "\(label): \(wrong) identifiers not found where they are")
            }
        }
    }
}
