import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting

/// A person's moves at scale: rows written per move (order keys, rebalances included), and
/// a move from the call to the source's list containing it (SQLite, change log), against a
/// plain one-row commit to delivered in the same run.
enum EditScenarios {
    typealias Source = SQLiteListSource<Int64, Int64, MailDatabase.Message>

    static let query = SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version", order: "day, position")

    /// A copy of the shared mail database with a position column of order keys, in day
    /// and id order, and its index.
    static func database(size: Int, directory: URL) async throws -> String {
        let path = try IncrementalScenarios.database(size: size, directory: directory, name: "edits")
        let pool = try DatabasePool(path: path)
        try await pool.write { db in try db.execute(sql: "ALTER TABLE message ADD COLUMN position TEXT") }
        let source = Source(database: pool, query: query, options: options(changeLog: false))
        try await source.assignPositions(orderedBy: "day, id")
        try await pool.write { db in try db.execute(sql: "CREATE INDEX message_position ON message(day, position, version)") }
        try pool.close()
        return path
    }

    static func options(changeLog: Bool) -> Source.Options {
        var options = Source.Options()
        options.ordering = ListOrdering(position: "position", section: "day")
        options.changeLog = changeLog
        return options
    }

    /// A random move on `snapshot`: a random row to a random place, within or across sections.
    static func randomMove(in snapshot: ListSnapshot<Int64, Int64>, using random: inout SeededGenerator) -> (ItemPath, ItemPath) {
        let from = Int.random(in: 0 ..< snapshot.numberOfSections, using: &random)
        let source = ItemPath(section: from, item: Int.random(in: 0 ..< snapshot.numberOfItems(inSection: from), using: &random))
        let to = Int.random(in: 0 ..< snapshot.numberOfSections, using: &random)
        let limit = snapshot.numberOfItems(inSection: to) - (to == from ? 1 : 0)
        return (source, ItemPath(section: to, item: Int.random(in: 0 ... limit, using: &random)))
    }

    static func run(size: Int, directory: URL) async throws -> [Measurement] {
        var results: [Measurement] = []
        // Rows written per move: the policy over 100,000 moves at `size` (the same code the
        // sources call), and the SQLite source itself over 2,000 moves.
        var simulation = try OrderKeyMoveSimulation(rows: size)
        let simulated = try simulation.run(moves: 100_000, pattern: .uniform, seed: 1)
        results.append(Measurement(
            scenario: "rows written per random move, order keys (mean, 10^5 moves)", size: size, figure: simulated.meanRowsWritten,
            baseline: nil, unit: "rows", target: "1 row; rebalances <= 0.01 rows a move", passed: simulated.meanRowsWritten <= 1.01,
            note: "max \(simulated.maximumRowsWritten) rows (cap 1,023), \(simulated.rebalances) rebalances, longest key \(simulated.longestKey)"
        ))
        let path = try await database(size: size, directory: directory)
        let queue = DispatchQueue(label: "bench.delivery")
        let changeLog = ProcessInfo.processInfo.environment["BENCH_EDITS_NO_CHANGE_LOG"] == nil
        let source = try Source(path: path, query: query, access: .owned, options: options(changeLog: changeLog))
        if changeLog { try source.installChangeLog() }
        let adapter = IncrementalScenarios.loaded(source, queue: queue)
        var random = SeededGenerator(seed: 7)
        var written: [Int] = []
        for _ in 0 ..< 2_000 {
            let snapshot = queue.sync { adapter.snapshot }
            let (from, to) = randomMove(in: snapshot, using: &random)
            guard let move = snapshot.moveDescription(from: from, to: to) else { continue }
            written.append(try await source.move(move).rowsWritten)
        }
        let meanWritten = Double(written.reduce(0, +)) / Double(max(1, written.count))
        results.append(Measurement(
            scenario: "rows written per random move, SQLite source (mean, 2,000 moves)", size: size, figure: meanWritten,
            baseline: nil, unit: "rows", target: "1 row", passed: meanWritten <= 1.01, note: "max \(written.max() ?? 0) rows"
        ))
        results += try confirmation(adapter: adapter, source: source, queue: queue, size: size, random: &random)
        return results
    }

    /// A person's move from `moveItem` to `editEnded(.success)`, with the batches and the
    /// delivery-queue CPU time of the confirming list; the baseline is a one-row commit
    /// (a version bump) through the same source to its batch delivered.
    static func confirmation(
        adapter: ListViewAdapter<Int64, Int64, MailDatabase.Message>, source: Source, queue: DispatchQueue, size: Int, random: inout SeededGenerator
    ) throws -> [Measurement] {
        let ended = DispatchSemaphore(value: 0)
        let counts = Guarded((batches: 0, failures: 0, confirmingCPU: [Double](), reasons: [String]()))
        let observation = queue.sync {
            adapter.observeOnDeliveryQueue { event in
                switch event {
                case .batch(let batch, let info):
                    counts.withLock { $0.batches += 1; $0.reasons.append("\(info.reason) \(batch.update)") }
                case .editEnded(let result):
                    let cpu = Double(adapter.lastDeliveryCPUDuration.components.attoseconds) / 1e15
                    counts.withLock { counts in
                        if case .failure = result { counts.failures += 1 }
                        counts.confirmingCPU.append(cpu)
                    }
                    ended.signal()
                default:
                    break
                }
            }
        }
        defer { observation.cancel() }
        var samples: [Double] = []
        // A person moves a row now and then, not back to back: 50 ms apart, so that each
        // move finds the adapter idle (back-to-back commits are a storm, which the adapter
        // coalesces every 16 ms by design).
        let pace: UInt32 = 50_000
        // The 2,000 writes before are all shown once a later commit's batch is delivered.
        _ = try IncrementalScenarios.commitToDelivery(adapter, queue: queue, size: size, rounds: 4_999 ..< 5_000) { round in
            try source.database.write { db in
                try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = ?", arguments: [(round * 7_919) % size])
            }
        }
        usleep(500_000)                               // their storm settles
        counts.withLock { $0 = (0, 0, [], []) }
        for _ in 0 ..< 300 {
            usleep(pace)
            let start = DispatchTime.now().uptimeNanoseconds
            let made = queue.sync { () -> Bool in
                let (from, to) = randomMove(in: adapter.snapshot, using: &random)
                guard from != to else { return false }        // no move, no edit to wait for
                return (try? adapter.moveItem(from: from, to: to) { move in try await source.move(move) }) != nil
            }
            guard made else { continue }
            ended.wait()
            samples.append(milliseconds(since: start))
        }
        let (batches, failures, confirmingCPU) = counts.withLock { ($0.batches, $0.failures, $0.confirmingCPU) }
        if batches > 0 { print("edits: batches during confirmations: \(counts.withLock { $0.reasons })") }
        var commits: [Double] = []
        for round in 5_000 ..< 5_100 {
            usleep(pace)
            commits += try IncrementalScenarios.commitToDelivery(adapter, queue: queue, size: size, rounds: round ..< round + 1) { round in
                try source.database.write { db in
                    try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = ?", arguments: [(round * 7_919) % size])
                }
            }
        }
        let p50 = percentile(samples, 0.5)
        let baseline = percentile(commits, 0.5)
        return [
            Measurement(
                scenario: "a person's move, call to confirmed (p50), SQLite change log", size: size, figure: p50, baseline: baseline,
                unit: "ms", target: "<= 3 ms, no batch", passed: p50 <= 3 && batches == 0 && failures == 0,
                note: "p99 \(String(format: "%.2f", percentile(samples, 0.99))) ms over \(samples.count) moves; \(batches) batches, \(failures) undone; baseline: a 1-row commit to its batch delivered, p50"
            ),
            Measurement(
                scenario: "a person's move, the confirming delivery's CPU on the delivery queue (p50)", size: size,
                figure: percentile(confirmingCPU, 0.5), baseline: nil, unit: "ms", target: "changes nothing on screen",
                passed: batches == 0, note: "p99 \(String(format: "%.3f", percentile(confirmingCPU, 0.99))) ms"
            ),
        ]
    }
}

extension ListSnapshot where ID == Int64, Summary == Int64 {
    /// The move a person's drag from `from` to `to` makes, with its neighbours.
    func moveDescription(from: ItemPath, to: ItemPath) -> ListMove<Int64>? {
        guard from != to else { return nil }
        let id = identifier(at: from)
        func neighbour(_ item: Int) -> Int64? {
            let skip = from.section == to.section && item >= from.item
            let path = ItemPath(section: to.section, item: skip ? item + 1 : item)
            guard item >= 0, contains(path), identifier(at: path) != id else { return nil }
            return identifier(at: path)
        }
        return ListMove(
            id: id, source: from, destination: to, sourceSection: title(ofSection: from.section), destinationSection: title(ofSection: to.section),
            previous: neighbour(to.item - 1), next: neighbour(to.item)
        )
    }
}
