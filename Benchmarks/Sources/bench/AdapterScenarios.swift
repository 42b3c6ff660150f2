import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting

/// A data source that serves prepared snapshots in turn (the next on each load), so a
/// scenario measures the adapter, not a store.
final class SnapshotSequence: ListDataSource {
    typealias ID = Int64
    typealias Summary = Int64
    typealias Item = Int64

    private let snapshots: [ListSnapshot<Int64, Int64>]
    private let next = Guarded(0)
    private let loads = Guarded(0)
    private let handle = Guarded<ListInvalidation?>(nil)

    init(_ snapshots: [ListSnapshot<Int64, Int64>]) {
        self.snapshots = snapshots
    }

    var loadCount: Int { loads.withLock { $0 } }
    func invalidate() { handle.withLock { $0 }?.invalidate() }

    func loadEntries() async throws -> ListSnapshot<Int64, Int64> {
        loads.withLock { $0 += 1 }
        return next.withLock { index in
            defer { index = min(index + 1, snapshots.count - 1) }
            return snapshots[index]
        }
    }

    func fetchItems(_ ids: [Int64]) async throws -> [Int64: Int64] { [:] }
    func attach(_ invalidation: ListInvalidation) { handle.withLock { $0 = invalidation } }
}

/// Registers an observer that signals `semaphore` for every reload or batch.
func signalChanges<ID, Summary, Item>(of adapter: ListViewAdapter<ID, Summary, Item>, on queue: DispatchQueue, to semaphore: DispatchSemaphore) -> ListObservation {
    queue.sync {
        adapter.observeOnDeliveryQueue { event in
            switch event {
            case .reload, .batch: semaphore.signal()
            default: break
            }
        }
    }
}

/// What ``observeFirstReload(of:on:)`` keeps between its registration and the first event.
// @unchecked Sendable: touched only on the delivery queue (the registration and the handler).
private final class FirstReload: @unchecked Sendable {
    var continuation: CheckedContinuation<ListObservation, Never>?
    var observation: ListObservation?
}

/// Registers an observer on `queue` and returns it once the adapter's first list has been
/// delivered there. Awaits (no thread is blocked: Apple's Dispatch forbids waiting on a
/// semaphore from async code).
func observeFirstReload<ID, Summary, Item>(of adapter: ListViewAdapter<ID, Summary, Item>, on queue: DispatchQueue) async -> ListObservation {
    let box = FirstReload()
    return await withCheckedContinuation { continuation in
        queue.async {
            box.continuation = continuation
            box.observation = adapter.observeOnDeliveryQueue { event in
                guard case .reload = event, let continuation = box.continuation, let observation = box.observation else { return }
                box.continuation = nil
                continuation.resume(returning: observation)
            }
        }
    }
}

enum AdapterScenarios {
    static func configuration(_ queue: DispatchQueue) -> ListViewAdapterConfiguration {
        var configuration = ListViewAdapterConfiguration()
        configuration.deliveryQueue = queue
        return configuration
    }

    /// Delivery-queue time per delivered change set at `size`, 1% mixed changes.
    static func delivery(size: Int, changes: Int = 30) -> [Measurement] {
        var entries = Lists.base(count: size)
        var snapshots = [ListSnapshot(entries)]
        for round in 0 ..< changes {
            entries = Lists.mixedChange(of: entries, seed: UInt64(100 + round))
            snapshots.append(ListSnapshot(entries))
        }
        let source = SnapshotSequence(snapshots)
        let queue = DispatchQueue(label: "bench.delivery")
        let adapter = ListViewAdapter(source: source, configuration: configuration(queue))
        let delivered = DispatchSemaphore(value: 0)
        let observation = signalChanges(of: adapter, on: queue, to: delivered)
        delivered.wait()
        var durations: [Double] = []
        for _ in 0 ..< changes {
            source.invalidate()
            delivered.wait()
            // Read after the delivery block has finished.
            let duration = queue.sync { adapter.lastDeliveryDuration }
            durations.append(Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
        }
        observation.cancel()
        let p99 = percentile(durations, 0.99)
        return [Measurement(
            scenario: "main-thread time per delivered change set (p99)", size: size, figure: p99, baseline: nil,
            unit: "ms", target: "p99 <= 1 ms", passed: p99 <= 1, note: "median \(String(format: "%.3f", percentile(durations, 0.5))) ms"
        )]
    }

    /// A 20-item window, request to completion on the delivery queue, while another
    /// thread commits 100 transactions a second; against a raw cached-statement lookup.
    static func fetchWindow(size: Int, directory: URL) async throws -> [Measurement] {
        let database = try MailDatabase(count: size, directory: directory)
        let pool = try DatabasePool(path: database.path)
        let source = SQLiteListSource<Int64, Int64, MailDatabase.Message>(database: pool, query: SQLiteScenarios.query())
        let queue = DispatchQueue(label: "bench.delivery")
        let adapter = ListViewAdapter(source: source, configuration: configuration(queue))
        let observation = await observeFirstReload(of: adapter, on: queue)
        let writing = Guarded(true)
        let writer = Thread {
            var round = 0
            while writing.withLock({ $0 }) {
                try? pool.write { db in try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = ?", arguments: [round % size]) }
                round += 1
                Thread.sleep(forTimeInterval: 0.01)          // pacing the writer, not synchronising
            }
        }
        writer.start()
        // One visible window every 4 ms (a scroll) for about two seconds, the first 50
        // discarded: the pool opens more reader connections, and prepares the fetch
        // statement on each, when a fetch first meets a reload.
        let times = windowFetches(adapter, queue: queue, seed: 3)
        let samples = times.onQueue
        // Baseline, under the same writer (whose commits still reload the adapter): the same
        // kind of window through one raw cached statement, same pacing.
        var raw: [Double] = []
        for round in 0 ..< 550 {
            let first = Int64((round * 997) % max(1, size - 20))
            let start = DispatchTime.now().uptimeNanoseconds
            try await pool.read { db in
                let statement = try db.cachedStatement(sql: "SELECT * FROM message WHERE id IN (SELECT value FROM json_each(?))")
                let ids = "[" + (first ..< first + 20).map(String.init).joined(separator: ",") + "]"
                blackHole(try MailDatabase.Message.fetchAll(statement, arguments: [ids]))
            }
            if round >= 50 { raw.append(milliseconds(since: start)) }
            usleep(4_000)
        }
        writing.withLock { $0 = false }
        observation.cancel()
        let p99 = percentile(samples, 0.99)
        return [Measurement(
            scenario: "payload fetch, 20-item window, writer at 100 commits/s (p99)", size: size, figure: p99,
            baseline: percentile(raw, 0.99), unit: "ms", target: "p99 <= 1 ms", passed: p99 <= 1,
            note: "on the delivery queue, request to last answer: median \(String(format: "%.3f", percentile(samples, 0.5))) ms, p90 \(String(format: "%.3f", percentile(samples, 0.9))) ms; from the bench's thread and back: p99 \(String(format: "%.2f", percentile(times.roundTrip, 0.99))) ms"
        )]
    }

    /// The times of ``windowFetches(_:queue:seed:)``, in milliseconds.
    struct WindowFetchTimes {
        /// From the requests, made on the delivery queue as a list view's data source makes
        /// them, to the last answer there: what a visible row waits.
        var onQueue: [Double] = []
        /// From the bench's thread to the bench's thread: the above plus two thread
        /// hand-offs the bench adds (into the delivery queue and back), which an app, already
        /// on its main queue when it asks, does not pay.
        var roundTrip: [Double] = []
    }

    /// Requests a 20-item window of payloads at a random place every 4 ms (a scroll), 550
    /// times, and returns the request-to-last-completion times, the first 50 discarded
    /// (the pool opens reader connections and prepares statements then).
    static func windowFetches<Item>(_ adapter: ListViewAdapter<Int64, Int64, Item>, queue: DispatchQueue, seed: UInt64) -> WindowFetchTimes {
        var times = WindowFetchTimes()
        var random = SeededGenerator(seed: seed)
        for round in 0 ..< 550 {
            let done = DispatchSemaphore(value: 0)
            let sectionDraw = Double.random(in: 0 ..< 1, using: &random)
            let itemDraw = Double.random(in: 0 ..< 1, using: &random)
            let onQueue = Guarded(0.0)
            let start = DispatchTime.now().uptimeNanoseconds
            queue.async {
                let asked = DispatchTime.now().uptimeNanoseconds
                let section = Int(sectionDraw * Double(adapter.numberOfSections))
                let count = adapter.numberOfItems(inSection: section)
                let first = Int(itemDraw * Double(max(1, count - 20)))
                let remaining = Guarded(min(20, count - first))
                for item in first ..< first + min(20, count - first) {
                    adapter.item(at: ItemPath(section: section, item: item)) { _ in
                        if remaining.withLock({ $0 -= 1; return $0 }) == 0 {
                            onQueue.withLock { $0 = milliseconds(since: asked) }
                            done.signal()
                        }
                    }
                }
            }
            done.wait()
            if round >= 50 {
                times.roundTrip.append(milliseconds(since: start))
                times.onQueue.append(onQueue.withLock { $0 })
            }
            usleep(4_000)                                   // pacing the requests, not synchronising
        }
        return times
    }

    /// A commit by another connection, to the change delivered; against noticing it with
    /// a `PRAGMA data_version` poll alone.
    static func externalCommit(size: Int, directory: URL, target: Double, rounds: Int = 30) throws -> [Measurement] {
        let database = try MailDatabase(count: size, directory: directory)
        let source = try SQLiteListSource<Int64, Int64, MailDatabase.Message>(path: database.path, query: SQLiteScenarios.query())
        let queue = DispatchQueue(label: "bench.delivery")
        let adapter = ListViewAdapter(source: source, configuration: configuration(queue))
        let delivered = DispatchSemaphore(value: 0)
        let observation = signalChanges(of: adapter, on: queue, to: delivered)
        delivered.wait()
        let other = try DatabaseQueue(path: database.path)        // another connection, as another process
        var samples: [Double] = []
        for round in 0 ..< rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            try other.write { db in try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = ?", arguments: [round * 7 % size]) }
            delivered.wait()
            samples.append(milliseconds(since: start))
        }
        observation.cancel()
        // Baseline: a dedicated connection polling data_version as fast as it can.
        let poller = try DatabaseQueue(path: database.path)
        var polled: [Double] = []
        for round in 0 ..< rounds {
            let before = try poller.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
            let start = DispatchTime.now().uptimeNanoseconds
            try other.write { db in try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = ?", arguments: [round]) }
            while try poller.read({ db in try Int.fetchOne(db, sql: "PRAGMA data_version") }) == before {}
            polled.append(milliseconds(since: start))
        }
        let p50 = percentile(samples, 0.5)
        return [Measurement(
            scenario: "external commit to change delivered (p50)", size: size, figure: p50, baseline: percentile(polled, 0.5),
            unit: "ms", target: "<= \(Int(target)) ms", passed: p50 <= target,
            note: "p90 \(String(format: "%.1f", percentile(samples, 0.9))) ms"
        )]
    }

    /// 10,000 invalidations within a second: how many loads they cost.
    static func storm(size: Int) -> [Measurement] {
        let entries = Lists.base(count: size)
        let snapshots = [ListSnapshot(entries), ListSnapshot(Lists.mixedChange(of: entries, seed: 9))]
        let source = SnapshotSequence(snapshots)
        let queue = DispatchQueue(label: "bench.delivery")
        let adapter = ListViewAdapter(source: source, configuration: configuration(queue))
        let events = DispatchSemaphore(value: 0)
        let observation = signalChanges(of: adapter, on: queue, to: events)
        events.wait()
        // Baseline: one invalidation.
        let single = source.loadCount
        source.invalidate()
        events.wait()
        let oneInvalidation = source.loadCount - single
        // The storm: 10 invalidations every millisecond for a second.
        let before = source.loadCount
        let start = DispatchTime.now().uptimeNanoseconds
        for tick in 0 ..< 1_000 {
            for _ in 0 ..< 10 { source.invalidate() }
            let due = start + UInt64(tick + 1) * 1_000_000
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now { usleep(UInt32((due - now) / 1_000)) }
        }
        // Then wait until the adapter is idle: no load for longer than the longest cooling
        // (a pending storm is always served within one cooling of the last load).
        let quiet = configuration(queue).maximumCoalescingInterval * 2
        var previous = -1
        while previous != source.loadCount {
            previous = source.loadCount
            Thread.sleep(forTimeInterval: Double(quiet.components.seconds) + Double(quiet.components.attoseconds) / 1e18)
        }
        let loads = source.loadCount - before
        observation.cancel()
        return [Measurement(
            scenario: "invalidation storm (10,000 in 1 s): loads", size: size, figure: Double(loads),
            baseline: Double(oneInvalidation), unit: "loads", target: "<= 3 loads", passed: loads <= 3,
            note: "spread over a second; coolings double while it lasts (0.5 s, then 1 s)"
        )]
    }
}
