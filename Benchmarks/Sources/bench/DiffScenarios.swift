import ListAdapter

/// The diff and batch scenarios, at one size.
enum DiffScenarios {
    static func run(size: Int) -> [Measurement] {
        var results: [Measurement] = []
        let base = Lists.base(count: size)
        let old = ListSnapshot(base)
        let same = ListSnapshot(base)               // equal, separately built storage
        let changed = ListSnapshot(Lists.mixedChange(of: base, seed: 1))
        let shuffled = ListSnapshot(Lists.shuffled(base, seed: 2))
        let oldIDs = base.map(\.id)
        let sameIDs = base.map(\.id)
        let isLarge = size >= 1_000_000

        // No change: against a plain equality scan of the identifier arrays.
        let scan = medianMilliseconds(repetitions: 9) { blackHole(oldIDs == sameIDs) }
        let noChange = medianMilliseconds(repetitions: 9) { blackHole(ListChangeSet(from: old, to: same)) }
        results.append(Measurement(
            scenario: "diff, no change", size: size, figure: noChange, baseline: scan, unit: "ms",
            target: "<= 2 ms at 1M", passed: isLarge ? noChange <= 2 : nil
        ))

        // 1% mixed change: against building a Dictionary of the identifiers.
        let dictionary = medianMilliseconds {
            var index = [Int64: Int](minimumCapacity: size)
            for (position, id) in oldIDs.enumerated() { index[id] = position }
            blackHole(index)
        }
        var changes = ListChangeSet()
        // Nine runs for the two figures whose ratio is a target: a 2-core host's noise
        // moves a median of five by a quarter.
        let mixed = medianMilliseconds(repetitions: 9) { changes = ListChangeSet(from: old, to: changed) }
        let minimal = Lists.minimalMoves(from: old, to: changed)
        results.append(Measurement(
            scenario: "diff, 1% mixed change", size: size, figure: mixed, baseline: dictionary, unit: "ms",
            target: "<= 60 ms at 1M; moves == n - LIS", passed: changes.itemMoves.count == minimal && (!isLarge || mixed <= 60),
            note: "\(changes.itemMoves.count) moves, minimal \(minimal)"
        ))

        // Building a snapshot (grouping, duplicates, identifier index) from entries in
        // list order, as a load does: reported, against the same Dictionary.
        let build = medianMilliseconds {
            var builder = ListSnapshot<Int64, Int64>.Builder()
            for entry in base { builder.append(entry.id, section: entry.section, summary: entry.summary) }
            blackHole(builder.build())
        }
        let appendOnly = medianMilliseconds {
            var builder = ListSnapshot<Int64, Int64>.Builder()
            for entry in base { builder.append(entry.id, section: entry.section, summary: entry.summary) }
            blackHole(builder)
        }
        results.append(Measurement(
            scenario: "snapshot build from entries in list order", size: size, figure: build, baseline: dictionary, unit: "ms",
            target: "report", passed: nil, note: String(format: "of which appending %.1f ms", appendOnly)
        ))

        // Full shuffle across sections: reported.
        var shuffleChanges = ListChangeSet()
        let shuffle = medianMilliseconds(repetitions: 3) { shuffleChanges = ListChangeSet(from: old, to: shuffled) }
        results.append(Measurement(
            scenario: "diff, full shuffle", size: size, figure: shuffle, baseline: dictionary, unit: "ms",
            target: "report", passed: nil, note: "\(shuffleChanges.itemMoves.count) moves"
        ))

        // Making the 1% change UIKit-safe: against the diff itself. The default policy
        // stages it into the batches that keep every cell (here a few sections move and
        // change inside, so more than one), each with its after state built; the single
        // batch of the `.single` policy is reported beside it.
        var update = ListUpdate<Int64, Int64>(changes: changes, batches: [])
        let staging = medianMilliseconds(repetitions: 15) { update = ListUpdate(changes: changes, old: old, new: changed) }
        let stagedMoves = update.batches.reduce(0) { $0 + $1.update.moveItems.count }
        let stagedDeletes = update.batches.reduce(0) { $0 + $1.update.deleteItems.count }
        results.append(Measurement(
            scenario: "batches: staging that keeps every cell (default policy)", size: size, figure: staging, baseline: mixed, unit: "ms",
            target: "<= 0.2x the diff; item moves == n - LIS", passed: staging <= 0.2 * mixed && stagedMoves == minimal,
            note: "\(update.batches.count) batches, \(stagedMoves) item moves (minimal \(minimal)), \(stagedDeletes) item deletes (\(changes.itemDeletes.count) deleted items)"
        ))
        let safety = medianMilliseconds { blackHole(BatchUpdate(safelyApplying: changes)) }
        results.append(Measurement(
            scenario: "batches: single-batch safety step (.single)", size: size, figure: safety, baseline: mixed, unit: "ms",
            target: "<= 0.2x the diff", passed: safety <= 0.2 * mixed
        ))
        return results
    }
}
