import ListAdapter
import ListAdapterTesting
import Testing

/// Seeded random list pairs: every batch, translated to NSTableView's row operations and
/// replayed one call at a time on the flat reference table, ends with exactly the rows of
/// its `after` state, keeps the rows it keeps, and is never refused. Every failure names
/// its seed, which replays it.
@MainActor
@Suite("Grouped rows: batches replayed as row updates")
struct GroupedRowReplayTests {
    nonisolated static let seeds: [UInt64] = [1, 2, 3, 42, 2026]

    @Test("Generated batches (section deletes, inserts, moves and reloads, cross-section moves, reloads, reconfigures)", arguments: seeds)
    func generatedBatches(seed: UInt64) {
        print("GroupedRowReplayTests.generatedBatches seed \(seed)")
        var generator = ScenarioGenerator(seed: seed)
        for round in 0 ..< 300 {
            let scenario = generator.next()
            for showsSectionRows in [true, false] {
                if let problem = GroupedReplay.problem(replaying: scenario.update, from: scenario.before, to: scenario.after, showsSectionRows: showsSectionRows) {
                    Issue.record("seed \(seed) round \(round) showsSectionRows \(showsSectionRows): \(problem)\n\(scenario)")
                    return
                }
            }
        }
    }

    @Test("ListUpdate's batches of random pairs, empty sections included, both batching policies", arguments: seeds)
    func listUpdateBatches(seed: UInt64) {
        print("GroupedRowReplayTests.listUpdateBatches seed \(seed)")
        var generator = ScenarioGenerator(seed: seed, maxSections: 6, maxItems: 8)
        var stagedChanges = 0
        for round in 0 ..< 200 {
            let scenario = generator.next()
            var before = scenario.before
            var after = scenario.after
            if round % 2 == 1 {
                before = GroupedReplay.emptyingSome(before, using: &generator.rng)
                after = GroupedReplay.emptyingSome(after, using: &generator.rng)
            }
            for batching in [BatchingPolicy.keepingIdentity, .single] {
                if ListUpdate(from: before, to: after, batching: batching).batches.count > 1 { stagedChanges += 1 }
                for showsSectionRows in [true, false] {
                    if let problem = GroupedReplay.problem(replayingChangeFrom: before, to: after, batching: batching, showsSectionRows: showsSectionRows) {
                        Issue.record("seed \(seed) round \(round) \(batching) showsSectionRows \(showsSectionRows): \(problem)")
                        return
                    }
                }
            }
        }
        // Staging split some changes into several batches.
        #expect(stagedChanges > 0)
    }

    @Test("Large sections: the same, on lists of hundreds of rows", arguments: seeds)
    func largeBatches(seed: UInt64) {
        print("GroupedRowReplayTests.largeBatches seed \(seed)")
        var generator = ScenarioGenerator(seed: seed, maxSections: 8, maxItems: 80)
        for round in 0 ..< 30 {
            let scenario = generator.next()
            if let problem = GroupedReplay.problem(replaying: scenario.update, from: scenario.before, to: scenario.after, showsSectionRows: true) {
                Issue.record("seed \(seed) round \(round): \(problem)")
                return
            }
            if let problem = GroupedReplay.problem(replayingChangeFrom: scenario.before, to: scenario.after, batching: .keepingIdentity, showsSectionRows: true) {
                Issue.record("seed \(seed) round \(round) ListUpdate: \(problem)")
                return
            }
        }
    }

    @Test("A batch that does not fit the layouts is refused, not translated", arguments: seeds)
    func mutatedBatches(seed: UInt64) {
        var generator = ScenarioGenerator(seed: seed)
        var refused = 0
        for _ in 0 ..< 300 {
            let scenario = generator.next()
            var update = scenario.update
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &generator.rng) { update = generator.mutate(update) }
            let before = GroupedRows(scenario.before)
            let after = GroupedRows(scenario.after)
            guard let rows = GroupedRowUpdate(update, from: before, to: after) else {
                refused += 1
                continue
            }
            // Whatever is translated, the table accepts it and ends with the right count.
            let table = FlatTable()
            var count = before.rowCount
            table.dataSourceCount = { count }
            table.dataSourceContent = { .item("r\($0)") }
            table.reloadListData()
            count = after.rowCount
            rows.apply(to: table)
            #expect(table.rejections.isEmpty, "seed \(seed): \(update)")
            #expect(table.rows.count == after.rowCount)
        }
        #expect(refused > 0)
    }
}
