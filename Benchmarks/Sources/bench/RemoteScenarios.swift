#if WebSocket && os(Linux)
import Foundation
import GRDB
import ListAdapter
import ListAdapterRemote
import ListAdapterSQLite
import ListAdapterServer

/// A list served to many apps (`bench --only remote`, built with `--traits WebSocket`): one
/// server process follows a 1M-row SQLite table through an owned source and serves it with
/// `ListAdapterServer` on Hummingbird; a writer in it commits one row every 10 ms, stamping
/// the row's summary with `CLOCK_MONOTONIC`. On loopback: 10 full adapters
/// (``RemoteFullClients``, each list checked against the file) and 990 protocol clients
/// (``RemoteLightClients``, every change decoded and version-checked) in other processes, and
/// 100 stalled watchers (``RemoteStalledClients``). The floor: the same commits fanned out
/// by the same server as a fixed-size message with no list behind it, to as many
/// connections. Then the server is restarted on its port and the adapters timed back to the
/// file's list.
///
/// The parent's own tasks; the children are other processes.
enum RemoteScenarios {
    /// A message as apps fetch it.
    struct Mail: Codable, FetchableRecord, Sendable {
        var id: Int64
        var day: String
        var version: Int64
        var subject: String
    }

    typealias Source = SQLiteListSource<Int64, Int64, Mail>
    static let token = "bench-token"
    static let fullClients = 10
    static let lightProcesses = 3
    /// 990, as the issue asks; `BENCH_REMOTE_LIGHT` for another count (to see where this
    /// machine's cores run out).
    static let lightClients = Int(ProcessInfo.processInfo.environment["BENCH_REMOTE_LIGHT"] ?? "") ?? 990
    static let stalledClients = 100
    static let commitsPerPhase = Int(ProcessInfo.processInfo.environment["BENCH_REMOTE_COMMITS"] ?? "") ?? 3_000
    static let aloneCommits = 1_100
    /// Commits before and while the stalled watchers' memory is measured.
    static let stalledCommits = 500
    static let commitInterval: Duration = .milliseconds(10)

    /// The list as the file holds it, read with GRDB (the oracle of the full clients).
    static func truth(_ db: Database) throws -> ListSnapshot<Int64, Int64> {
        var builder = ListSnapshot<Int64, Int64>.Builder()
        let rows = try Row.fetchCursor(db, sql: MailDatabase.listSQL)
        while let row = try rows.next() { builder.append(row[0], section: row[1], summary: row[2]) }
        return builder.build()
    }

    static func run(size: Int, directory: URL) async throws -> [Measurement] {
        let folder = directory.appendingPathComponent("remote")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = try MailDatabase(count: size, directory: folder).path
        let scan = try await serverScan(path: path)
        let source = try Source(path: path, query: SQLiteScenarios.query(), access: .owned)
        let writer = Writer(source: source, size: size)
        var phases = Phases(source: source, path: path, writer: writer)
        return try await phases.run(scanMilliseconds: scan)
    }

    /// The server's own scan of the list: a fresh source's `loadEntries()`, median of 9 after a warm-up.
    static func serverScan(path: String) async throws -> Double {
        let source = try Source(path: path, query: SQLiteScenarios.query(), access: .followed)
        _ = try await source.loadEntries()
        var samples: [Double] = []
        for _ in 0 ..< 9 {
            let start = DispatchTime.now().uptimeNanoseconds
            blackHole(try await source.loadEntries())
            samples.append(milliseconds(since: start))
        }
        try source.database.close()
        return percentile(samples, 0.5)
    }

    /// The writer: one row per commit through the owned source's pool, its summary the
    /// stamp; every other commit also moves it to another day.
    final class Writer: Sendable {
        let source: Source
        let size: Int

        init(source: Source, size: Int) {
            self.source = source
            self.size = size
        }

        /// `count` commits, one every `commitInterval`; after each, `published(stamp,
        /// index)`. The last row written and its stamp.
        @discardableResult
        func commit(_ count: Int, round: Int, published: (Int64, Int) -> Void = { _, _ in }) async throws -> (id: Int64, stamp: Int64) {
            let clock = ContinuousClock()
            var next = clock.now
            var last: (Int64, Int64) = (0, 0)
            for index in 0 ..< count {
                next += commitInterval
                let id = Int64(((round * 100_003 + index) * 7_919) % size)
                let stamp = monotonicNanoseconds()
                let day = "2026-\(String(format: "%04d", (index * 37 + round) % 1_000))"
                try await source.database.write { db in
                    if index % 2 == 0 {
                        try db.execute(sql: "UPDATE message SET version = ? WHERE id = ?", arguments: [stamp, id])
                    } else {
                        try db.execute(sql: "UPDATE message SET version = ?, day = ? WHERE id = ?", arguments: [stamp, day, id])
                    }
                }
                published(stamp, index)
                last = (id, stamp)
                if clock.now < next { try await Task.sleep(until: next, clock: clock) }
            }
            return last
        }
    }
}
#endif
