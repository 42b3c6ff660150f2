#if WebSocket && os(Linux)
import Foundation
import GRDB
import ListAdapter
import ListAdapterRemote

/// One process of the remote scenario's full clients: `COUNT` adapters, each over its own
/// `RemoteListSource` (its own WebSocket), as an app runs them.
///
/// It attaches them one after another, timing each from its creation to its first list
/// delivered, and prints `ready` and those times (ms). Each adapter then records, for every
/// batch it delivers, the writer's stamps in the rows it brings. On `end VERSION` it waits
/// until every source holds VERSION and every adapter shows the list read from the SQLite
/// file (the oracle, read with GRDB, not with the library), then prints one line per adapter
/// (`count p50 p99 fullLists reachedAtNanoseconds`) and `done`; a mismatch prints `MISMATCH`.
///
/// Adapters deliver on a queue of their own each; the rest runs on the cooperative pool.
enum RemoteFullClients {
    static let childFlag = "--remote-full-clients"
    typealias Source = RemoteListSource<Int64, Int64, RemoteScenarios.Mail>

    /// An adapter, its queue and what it recorded (its queue only).
    final class Client: @unchecked Sendable {
        let source: Source
        let queue: DispatchQueue
        let adapter: ListViewAdapter<Int64, Int64, RemoteScenarios.Mail>
        var latencies: [Double] = []
        var observation: ListObservation?
        var reloads = 0
        /// The newest stamp delivered (commits before the adapter started recording are not counted).
        var newest: Int64 = 0

        init(port: Int, token: String, index: Int) {
            source = Source(url: URL(string: "http://127.0.0.1:\(port)/lists/bench")!, token: token)
            queue = DispatchQueue(label: "bench.remote.client.\(index)")
            var configuration = AdapterScenarios.configuration(queue)
            // The restart's dropped connections are expected; each would log an error.
            configuration.logger.logLevel = .critical
            adapter = ListViewAdapter(source: source, configuration: configuration)
        }

        /// Starts recording on the delivery queue (after the first list).
        func record() {
            newest = monotonicNanoseconds()
            observation = queue.sync {
                adapter.observeOnDeliveryQueue { [self] event in
                    switch event {
                    case .reload: reloads += 1
                    case .batch(let batch, let info):
                        let now = monotonicNanoseconds()
                        // A batch may move rows that did not change (a neighbour of one that
                        // moved): only stamps newer than any seen so far are commits delivered.
                        let paths = info.changes.itemInserts + info.changes.itemMoves.map(\.to) + info.changes.itemUpdates.map(\.to)
                        let stamps = paths.filter { $0.section < batch.after.numberOfSections }.map { batch.after.summary(at: $0) }
                        for stamp in stamps.sorted() where stamp > newest {
                            newest = stamp
                            latencies.append(Double(now - stamp) / 1e6)
                        }
                    default: break
                    }
                }
            }
        }

        /// Waits until the source holds `version` and the adapter shows `truth`; when it did.
        func wait(for version: ListVersion, truth: ListSnapshot<Int64, Int64>, within limit: Duration) async -> Int64? {
            let clock = ContinuousClock()
            let deadline = clock.now + limit
            while clock.now < deadline {
                if source.version == version, queue.sync(execute: { adapter.snapshot == truth }) { return monotonicNanoseconds() }
                // The adapter applies what the source received on its own queues: look again
                // after its next delivery, or in a moment if none is due.
                await delivery(within: .milliseconds(50))
            }
            return nil
        }

        /// Returns after the adapter's next delivery, or after `limit`.
        private func delivery(within limit: Duration) async {
            let stream = AsyncStream<Void> { continuation in
                let observation = queue.sync { adapter.observeOnDeliveryQueue { _ in continuation.yield() } }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    continuation.finish()
                }
                continuation.onTermination = { _ in
                    observation.cancel()
                    timer.cancel()
                }
            }
            for await _ in stream { break }
        }
    }

    /// `bench --remote-full-clients COUNT PORT TOKEN DATABASE`.
    static func runChild(_ arguments: [String]) async throws {
        guard arguments.count == 4, let count = Int(arguments[0]), let port = Int(arguments[1]) else {
            throw BenchError("usage: \(childFlag) COUNT PORT TOKEN DATABASE")
        }
        var clients: [Client] = []
        var loads: [Double] = []
        for index in 0 ..< count {
            let start = DispatchTime.now().uptimeNanoseconds
            let client = Client(port: port, token: arguments[2], index: index)
            let first = await observeFirstReload(of: client.adapter, on: client.queue)
            loads.append(milliseconds(since: start))
            first.cancel()
            client.record()
            clients.append(client)
        }
        say("ready " + loads.map { String(format: "%.1f", $0) }.joined(separator: ","))
        let database = try DatabaseQueue(path: arguments[3], configuration: { var c = Configuration(); c.readonly = true; return c }())
        while let line = await readLine(), line.hasPrefix("end "), let version = ListVersion(String(line.dropFirst(4))) {
            let truth = try await database.read { db in try RemoteScenarios.truth(db) }
            for client in clients {
                guard let reached = await client.wait(for: version, truth: truth, within: .seconds(120)) else {
                    let shown = client.queue.sync { client.adapter.snapshot }
                    say("MISMATCH its source holds \(client.source.version.map(String.init(describing:)) ?? "nothing") for \(version); it shows \(shown.count) rows in \(shown.numberOfSections) sections, the file \(truth.count) in \(truth.numberOfSections)")
                    continue
                }
                let samples = client.queue.sync { client.latencies }
                say("\(samples.count) \(percentile(samples, 0.5)) \(percentile(samples, 0.99)) \(client.queue.sync { client.reloads }) \(reached)")
            }
            say("done")
        }
        for client in clients {
            client.observation?.cancel()
            client.source.close()
        }
    }
}
#endif
