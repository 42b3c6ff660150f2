@testable import ListAdapter
import ListAdapterTesting
import Testing

/// Writing summaries into a snapshot in bulk, the two ways a staged update does: in place
/// (`setSummaries`, copying each touched chunk and page) and as a new table of slices of
/// the old one's pages plus copies of the written chunks (`chunks(settingSummaries:)`).
/// The oracle is a flat array of summaries with the writes applied in order.
@Suite("Snapshot summary writes")
struct SummaryWriteTests {
    typealias Snapshot = ListSnapshot<Int64, Int>

    @Test(arguments: [3_000, 200_000])
    func bothWaysWriteWhatAFlatArrayWouldAndLeaveTheOriginalAlone(count: Int) {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SummaryWriteTests seed \(seed) (count \(count))")
        var random = SeededGenerator(seed: seed)
        // Sections of uneven sizes, so chunks end short and pages cut across sections.
        var entries: [ListEntry<Int64, Int>] = []
        var section = 0
        while entries.count < count {
            let size = min(count - entries.count, 1 + Int(random.next() % 700))
            for _ in 0 ..< size { entries.append(ListEntry(id: Int64(entries.count + 1), section: "S\(section)", summary: entries.count % 5)) }
            section += 1
        }
        let original = Snapshot(entries)
        let before = original.flatSummaries()
        for round in 0 ..< 4 {
            // From none to a write in most chunks, with repeats (the later write wins) and
            // the first and last positions.
            let writes = [0, 1, 40, count / 20][round]
            var positions = (0 ..< writes).map { _ in Int(random.next() % UInt64(count)) }
            if writes > 1 { positions += [0, count - 1, positions[0]] }
            let values = positions.indices.map { -1 - $0 }
            var expected = before
            for (position, value) in zip(positions, values) { expected[position] = value }

            var inPlace = original
            inPlace.setSummaries(values, atFlatPositions: positions)
            #expect(inPlace.flatSummaries() == expected, "seed \(seed), round \(round)")

            let table = original.chunks(settingSummaries: values, atFlatPositions: positions)
            let sliced = Snapshot(
                chunks: table, chunkStarts: original.chunkStarts, ordinalOfSerial: original.ordinalOfSerial,
                titles: original.titles, starts: original.starts, sectionChunks: original.sectionChunks,
                index: original.index, duplicates: original.duplicates
            )
            #expect(sliced.flatSummaries() == expected, "seed \(seed), round \(round)")
            #expect(sliced.flatIdentifiers() == original.flatIdentifiers())
            #expect(sliced == inPlace)
            // Found by identifier as by position.
            for position in positions.prefix(50) {
                #expect(sliced.summary(of: Int64(position + 1)) == expected[position], "seed \(seed)")
            }
            // A table of slices written in place again copies what it shares.
            var again = sliced
            again.setSummaries([7], atFlatPositions: [count / 2])
            #expect(again.summary(of: Int64(count / 2 + 1)) == 7)
            #expect(sliced.flatSummaries() == expected, "seed \(seed), round \(round)")
            #expect(original.flatSummaries() == before, "seed \(seed), round \(round)")
        }
    }
}
