import Foundation
import ListAdapter
import ListAdapterTesting

/// The full-path scenarios at 1,000 sections of n/1000 items: what a user waits
/// for on a transition, a rescan or a first load. Every timed call starts cold: freed
/// memory trimmed and a 64 MiB buffer written and read (see ``ColdCaches``), as after a
/// first load; medians of `repetitions` after one warm-up.
///
/// - **build**: the snapshot from three arrays in list order (``FullPathList``);
/// - **S1**: diff and batches, 1% of the items moved to other sections;
/// - **S2**: diff and batches, a mixed change (see ``FullPathList/s2(of:seed:)``);
/// - **S3**: diff and batches, no change (separately built, equal snapshots);
/// - **flat**: a flat list (one untitled section), 10% deleted and 10% inserted.
///
/// Baselines, measured the same way in the same run: for build, a `Dictionary` from
/// identifier to position over the same identifiers (what a hash-based diff builds
/// first), and in its note the machine's floor (the 24 bytes an item a snapshot keeps,
/// written to fresh memory); for the diffs, the same `Dictionary` built over both lists'
/// identifiers.
enum FullPathScenarios {
    static func run(size: Int, repetitions: Int = 9) -> [Measurement] {
        let perSection = max(1, size / 1_000)
        let (base, sections) = FullPathList.base(sections: 1_000, perSection: perSection)
        let s1List = FullPathList.s1(of: sections, seed: 22_01)
        let s2List = FullPathList.s2(of: sections, seed: 22_02)
        let (flatBase, flatSections) = FullPathList.base(sections: 1, perSection: size, titled: false)
        let flatList = flatChange(of: flatSections, seed: 22_03)

        let old = base.snapshot()
        let same = base.snapshot()
        let s1 = s1List.snapshot()
        let s2 = s2List.snapshot()
        let flatOld = flatBase.snapshot()
        let flatNew = flatList.snapshot()

        let cold = ColdCaches()
        func timed(_ body: () -> Void) -> Double {
            cold.prepare()
            body()                                       // warm-up (code, not data)
            var samples: [Double] = []
            for _ in 0 ..< repetitions {
                cold.prepare()
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                samples.append(milliseconds(since: start))
            }
            return percentile(samples, 0.5)
        }
        let ids = base.ids
        let dictionary = timed { blackHole(Dictionary(uniqueKeysWithValues: zip(ids, ids.indices))) }
        let bothIDs = base.ids + s2List.ids
        let dictionaries = timed {
            blackHole(Dictionary(uniqueKeysWithValues: zip(ids, ids.indices)))
            blackHole(Dictionary(bothIDs[ids.count...].enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }))
        }

        var results: [Measurement] = []
        let build = timed { blackHole(base.snapshot()) }
        let byEntry = timed { blackHole(base.snapshotByEntry()) }
        // The index alone, over the same chunks: what of a build the identifier index
        // costs, and so what the chunks and sections cost without it.
        let indexing = old.bulkIndexing()
        let index = timed { blackHole(indexing()) }
        // What no build can go below on this machine: the 24 bytes an item the snapshot
        // keeps (identifier, summary, index slots), written to fresh memory.
        let floor = timed { blackHole(ContiguousArray<Int>(repeating: 1, count: 3 * size)) }
        results.append(Measurement(
            scenario: "build", size: size, figure: build, baseline: dictionary, unit: "ms",
            target: "<= 15 ms at 1M", passed: size >= 1_000_000 ? build <= 15 : nil,
            note: String(
                format: "ListSnapshot(identifiers:sectionTitles:summaries:); of which the identifier index %.1f ms (the same chunks indexed again); entry by entry through a Builder %.1f ms; floor (24 B an item written to fresh memory) %.1f ms; baseline: Dictionary(identifier: position) of the same identifiers",
                index, byEntry, floor
            )
        ))
        func diff(_ name: String, _ new: ListSnapshot<Int, Int>, from old: ListSnapshot<Int, Int> = old, target: String, limit: Double?) {
            var update = ListUpdate<Int, Int>(changes: ListChangeSet(), batches: [])
            let figure = timed { update = ListUpdate(from: old, to: new) }
            let changes = update.changes
            results.append(Measurement(
                scenario: name, size: size, figure: figure, baseline: dictionaries, unit: "ms",
                target: target, passed: size >= 1_000_000 ? limit.map { figure <= $0 } : nil,
                note: "\(update.batches.count) batches; \(changes.sectionDeletes.count)/\(changes.sectionInserts.count)/\(changes.sectionMoves.count) section deletes/inserts/moves, "
                    + "\(changes.itemDeletes.count)/\(changes.itemInserts.count)/\(changes.itemMoves.count)/\(changes.itemUpdates.count) item deletes/inserts/moves/updates"
            ))
        }
        diff("S1: diff + batches, 1% of items moved across sections", s1, target: "<= 23 ms at 1M", limit: 23)
        diff("S2: diff + batches, mixed change", s2, target: "<= 60 ms with build at 1M", limit: 60 - build)
        diff("S3: diff + batches, no change", same, target: "<= 1 ms at 1M", limit: 1)
        diff("flat list, 10% deleted + 10% inserted", flatNew, from: flatOld, target: "<= 58 ms at 1M (22 November)", limit: 58)
        return results
    }

    /// Runs one scenario `rounds` times without timing or cold caches, for a profiler
    /// (`perf record`, `valgrind --tool=callgrind`): `bench --profile build|S1|S2|S3|flat`.
    static func profile(_ name: String, size: Int, rounds: Int) -> Bool {
        let perSection = max(1, size / 1_000)
        let (base, sections) = FullPathList.base(sections: 1_000, perSection: perSection)
        let old = base.snapshot()
        let new: ListSnapshot<Int, Int>
        var from = old
        switch name {
        case "build":
            for _ in 0 ..< rounds { blackHole(base.snapshot()) }
            return true
        case "build-cold":
            let cold = ColdCaches()
            for _ in 0 ..< rounds {
                cold.prepare()
                blackHole(base.snapshot())
            }
            return true
        case "build-by-entry":
            for _ in 0 ..< rounds { blackHole(base.snapshotByEntry()) }
            return true
        case "S1": new = FullPathList.s1(of: sections, seed: 22_01).snapshot()
        case "S2": new = FullPathList.s2(of: sections, seed: 22_02).snapshot()
        case "S3": new = base.snapshot()
        case "flat":
            let (flatBase, flatSections) = FullPathList.base(sections: 1, perSection: size, titled: false)
            from = flatBase.snapshot()
            new = flatChange(of: flatSections, seed: 22_03).snapshot()
        default: return false
        }
        for _ in 0 ..< rounds { blackHole(ListUpdate(from: from, to: new)) }
        return true
    }

    /// A flat list with 10% of its items deleted and as many new ones inserted at random places.
    static func flatChange(of sections: [(title: String?, items: [(id: Int, summary: Int)])], seed: UInt64) -> FullPathList {
        var random = SeededGenerator(seed: seed)
        var items = sections[0].items
        let tenth = items.count / 10
        var doomed = Set<Int>()
        while doomed.count < tenth { doomed.insert(Int.random(in: 0 ..< items.count, using: &random)) }
        items = items.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        var places = (0 ..< tenth).map { _ in Int.random(in: 0 ... items.count, using: &random) }
        places.sort()
        var merged: [(id: Int, summary: Int)] = []
        merged.reserveCapacity(items.count + tenth)
        var next = 0
        for (offset, item) in items.enumerated() {
            while next < places.count && places[next] == offset {
                merged.append((id: sections[0].items.count + next, summary: 0))
                next += 1
            }
            merged.append(item)
        }
        while next < places.count {
            merged.append((id: sections[0].items.count + next, summary: 0))
            next += 1
        }
        return FullPathList(sections: [(nil, merged)])
    }
}

/// Cold caches and a trimmed heap before a timed call: `malloc_trim(0)`, then a 64 MiB
/// buffer written and read, which evicts the caches' lines of whatever ran before.
final class ColdCaches {
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 20, alignment: 64)
    private var round: UInt8 = 0

    deinit { buffer.deallocate() }

    func prepare() {
        releaseFreedMemory()
        round &+= 1
        buffer.initializeMemory(as: UInt8.self, repeating: round)
        var sum: UInt64 = 0
        let words = buffer.bindMemory(to: UInt64.self)
        for word in words { sum &+= word }
        blackHole(sum)
    }
}
