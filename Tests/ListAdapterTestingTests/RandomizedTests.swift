import ListAdapter
import ListAdapterTesting
import Testing

/// Seeded random tests; every failure names its seed, which replays it.
@Suite("Randomized")
struct RandomizedTests {
    static let seeds: [UInt64] = [1, 2, 3, 42, 2026]

    @Test("Batches valid and safe by construction are accepted and show the new state", arguments: seeds)
    func validBatches(seed: UInt64) {
        var generator = ScenarioGenerator(seed: seed)
        for round in 0 ..< 400 {
            let scenario = generator.next()
            for kind in [View.Kind.table, .collection] {
                for style in [View.MessageStyle.legacy, .modern] {
                    var view = view(kind, scenario.before, style: style)
                    do {
                        try view.performBatchUpdates(scenario.update, dataSource: scenario.after)
                        try view.verifyCells(against: scenario.after)
                    } catch {
                        Issue.record("seed \(seed) round \(round) \(kind): \(error)\n\(scenario)")
                        return
                    }
                }
            }
        }
    }

    @Test("Large batches, which edit sections in bulk, are accepted and show the new state", arguments: seeds)
    func largeValidBatches(seed: UInt64) {
        var generator = ScenarioGenerator(seed: seed, maxSections: 8, maxItems: 80)
        for round in 0 ..< 60 {
            let scenario = generator.next()
            for kind in [View.Kind.table, .collection] {
                var view = view(kind, scenario.before)
                do {
                    try view.performBatchUpdates(scenario.update, dataSource: scenario.after)
                    try view.verifyCells(against: scenario.after)
                } catch {
                    Issue.record("seed \(seed) round \(round) \(kind): \(error)\n\(scenario)")
                    return
                }
            }
        }
    }

    @Test("Mutated batches never trap; an accepted one leaves the view with the data source's counts", arguments: seeds)
    func mutatedBatches(seed: UInt64) {
        var generator = ScenarioGenerator(seed: seed)
        var accepted = 0
        var rejected = 0
        for round in 0 ..< 400 {
            let scenario = generator.next()
            var update = scenario.update
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &generator.rng) {
                update = generator.mutate(update)
            }
            for kind in [View.Kind.table, .collection] {
                var view = view(kind, scenario.before)
                let original = view.sections
                do {
                    try view.performBatchUpdates(update, dataSource: scenario.after)
                    accepted += 1
                    let counts = view.sections.map(\.cells.count)
                    let expected = (0 ..< scenario.after.numberOfSections).map(scenario.after.numberOfItems(inSection:))
                    #expect(counts == expected, "seed \(seed) round \(round) \(kind): \(update)")
                } catch {
                    rejected += 1
                    #expect(view.sections == original, "seed \(seed) round \(round) \(kind)")
                }
            }
        }
        #expect(accepted > 0 && rejected > 0, "seed \(seed): \(accepted) accepted, \(rejected) rejected")
    }

    @Test("Random operations on small views never trap", arguments: seeds)
    func randomOperations(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pool = ids("x", 8)
        func randomSnapshot() -> Snapshot {
            let sections = Int.random(in: 0 ... 3, using: &rng)
            return ListSnapshot((0 ..< sections).flatMap { section in
                pool.shuffled(using: &rng).prefix(Int.random(in: 1 ... 3, using: &rng)).map {
                    ListEntry(id: "\(section)\($0)", section: "S\(section)", summary: 1)
                }
            })
        }
        func index() -> Int { Int.random(in: -1 ... 3, using: &rng) }
        func path() -> ItemPath { ItemPath(section: index(), item: index()) }
        func some<T>(_ make: () -> T) -> [T] {
            (0 ..< (Int.random(in: 0 ... 5, using: &rng) < 4 ? 0 : Int.random(in: 1 ... 2, using: &rng))).map { _ in make() }
        }
        var accepted = 0
        for _ in 0 ..< 3000 {
            let before = randomSnapshot()
            let after = Bool.random(using: &rng) ? before : randomSnapshot()
            let update = BatchUpdate(
                deleteSections: some(index), insertSections: some(index),
                moveSections: some { SectionMove(from: index(), to: index()) }, reloadSections: some(index),
                deleteItems: some(path), insertItems: some(path), moveItems: some { ItemMove(from: path(), to: path()) },
                reloadItems: some(path), reconfigureItems: some(path))
            for kind in [View.Kind.table, .collection] {
                var view = view(kind, before)
                if (try? view.performBatchUpdates(update, dataSource: after)) != nil {
                    accepted += 1
                    #expect(view.sections.map(\.cells.count) == (0 ..< after.numberOfSections).map(after.numberOfItems(inSection:)))
                }
            }
        }
        #expect(accepted > 0)
    }
}
