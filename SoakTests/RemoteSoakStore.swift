#if WebSocket
import Foundation
import GRDB
import ListAdapter
import ListAdapterRemote
import ListAdapterTesting

/// The soak's remote mode (`soak --remote`): an in-process server
/// (``RemoteSoakServer``) serves the soak's SQLite file as a list over a WebSocket, and
/// several apps watch it (``RemoteShadowAdapter``: an adapter on a `RemoteListSource` each,
/// checked by reference views), while the run's own writers mutate the file.
///
/// - At every checkpoint (the writers paused): every watcher must come to show the list
///   read from the file with a plain `SELECT` (no ListAdapter code), connected, with no
///   batch or cell check failed; the feed must hold the same list; and a few payloads of
///   each, fetched over HTTP, must be the rows' current ones.
/// - Seeded faults (from the run's seed, on a sequence of their own, so the run's own
///   steps are those of the same seed without `--remote`): after a checkpoint, the server
///   may go down a few steps later and come back on the same port some steps after that,
///   while the writers write (the HTTP server alone, so watchers resume; or the whole
///   server, with a new feed, so they get the list again); and one watcher may be dropped
///   and a new one attached (a new app arriving). The first interval always restarts.
///
/// Main actor; the server and the connections run on tasks of their own.
@MainActor
final class RemoteSoakStore: SoakWatchers {
    typealias Snapshot = ListSnapshot<Int64, Int64>

    /// A fault planned for the interval after a checkpoint, at a step count.
    private enum Fault {
        case stop(keepingFeed: Bool)
        case start
        case replaceWatcher(Int)
    }

    let pool: DatabasePool
    let server: RemoteSoakServer
    let settleTimeout: Duration = .seconds(60)
    private var watchers: [RemoteShadowAdapter] = []
    /// Watchers dropped so far (closed), for the summary's totals.
    private var retired: [RemoteShadowAdapter] = []
    private var random: SeededGenerator
    private var planned: [(step: Int, fault: Fault)] = []
    private var steps = 0
    /// The faults started, one after another.
    private var faults: Task<Void, Never>?
    private var faultProblem: String?
    private var checkpoints = 0
    private var nextWatcher = 1
    private var httpRestarts = 0
    private var wholeRestarts = 0
    private var restartedSinceCheckpoint = false
    private var replaced = 0
    /// Since the last restart: when it listened again, the watchers not yet live again, and
    /// the longest wait of those that are.
    private var awaitingLive: (since: ContinuousClock.Instant, names: Set<String>, longest: Duration)?
    private var longestBackLive = Duration.zero
    private var restartsAllLive = 0
    private var longestSettleAfterRestart = Duration.zero
    private var isClosed = false

    /// Starts the server on the file at `stores.path` and attaches `watchers` apps.
    static func open(stores: SoakStores, seed: UInt64, watchers: Int, changeLog: Bool, progress: (String) -> Void) async throws -> RemoteSoakStore {
        let server = try RemoteSoakServer(path: stores.path, changeLog: changeLog)
        try await server.start()
        let store = RemoteSoakStore(pool: stores.pool, server: server, seed: seed)
        for _ in 0 ..< watchers { store.attachWatcher() }
        progress("remote: serving \(server.url) (SQLite source \(server.sourceDescription)), \(watchers) watchers")
        return store
    }

    private init(pool: DatabasePool, server: RemoteSoakServer, seed: UInt64) {
        self.pool = pool
        self.server = server
        random = SeededGenerator(seed: seed ^ 0x5245_4D54)          // "REMT": not the run's own sequence
        // The first interval restarts the whole server, whatever the seed.
        planned = [(Int.random(in: 0 ..< 10, using: &random), .stop(keepingFeed: false)), (Int.random(in: 10 ..< 30, using: &random), .start)]
    }

    @discardableResult
    private func attachWatcher(at index: Int? = nil) -> RemoteShadowAdapter {
        let watcher = RemoteShadowAdapter(name: "watcher \(nextWatcher)", url: server.url, token: RemoteSoakServer.token)
        nextWatcher += 1
        watcher.wentLive = { [weak self] watcher, time in self?.live(watcher, at: time) }
        if let index { watchers[index] = watcher } else { watchers.append(watcher) }
        return watcher
    }

    private func live(_ watcher: RemoteShadowAdapter, at time: ContinuousClock.Instant) {
        guard var awaiting = awaitingLive, time >= awaiting.since, awaiting.names.remove(watcher.name) != nil else { return }
        awaiting.longest = max(awaiting.longest, time - awaiting.since)
        awaitingLive = awaiting
        allLiveIfNone()
    }

    /// Ends the wait for the watchers to be live again once none is left.
    private func allLiveIfNone() {
        guard let awaiting = awaitingLive, awaiting.names.isEmpty else { return }
        restartsAllLive += 1
        longestBackLive = max(longestBackLive, awaiting.longest)
        awaitingLive = nil
    }

    // MARK: - Faults

    func stepped() {
        steps += 1
        while let next = planned.first, next.step <= steps {
            planned.removeFirst()
            run(next.fault)
        }
    }

    /// Starts `fault` after the ones already started.
    private func run(_ fault: Fault) {
        if case .replaceWatcher(let index) = fault {
            // At once: a new app arriving needs no server work.
            let old = watchers[index]
            old.close()
            retired.append(old)
            awaitingLive?.names.remove(old.name)
            allLiveIfNone()
            attachWatcher(at: index)
            replaced += 1
            return
        }
        let previous = faults
        faults = Task {
            await previous?.value
            switch fault {
            case .stop(let keepingFeed):
                await server.stop(keepingFeed: keepingFeed)
                if keepingFeed { httpRestarts += 1 } else { wholeRestarts += 1 }
                restartedSinceCheckpoint = true
            case .start:
                do {
                    try await server.start()
                } catch {
                    faultProblem = "remote: \(error)"
                    return
                }
                // Watchers already live again (their news came before this task resumed).
                let since = server.listeningSince ?? .now
                var names = Set(watchers.map(\.name))
                var longest = Duration.zero
                for watcher in watchers {
                    guard let live = watcher.lastLive, live >= since else { continue }
                    names.remove(watcher.name)
                    longest = max(longest, live - since)
                }
                awaitingLive = (since, names, longest)
                allLiveIfNone()
            case .replaceWatcher:
                break
            }
        }
    }

    /// Plans the next interval's faults.
    private func plan() {
        steps = 0
        if Int.random(in: 0 ..< 3, using: &random) == 0 {
            let stop = Int.random(in: 0 ..< 15, using: &random)
            planned.append((stop, .stop(keepingFeed: Bool.random(using: &random))))
            planned.append((stop + Int.random(in: 1 ... 40, using: &random), .start))
        }
        if Int.random(in: 0 ..< 4, using: &random) == 0 {
            planned.append((Int.random(in: 0 ..< 40, using: &random), .replaceWatcher(Int.random(in: 0 ..< watchers.count, using: &random))))
        }
        planned.sort { $0.step < $1.step }
    }

    // MARK: - Checkpoints

    /// The list the feed serves, read from the file with a plain `SELECT` (the writers are
    /// paused): identifier, section, summary, in the feed's order.
    private func truth() async throws -> Snapshot {
        let order = RemoteSoakServer.order
        let entries = try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, section, version FROM item ORDER BY \(order)").map { row in
                ListEntry<Int64, Int64>(id: row["id"], section: row["section"], summary: row["version"])
            }
        }
        return Snapshot(entries)
    }

    func checkpoint(final: Bool) async -> String? {
        // Faults planned for this interval and not reached happen now; the server is up
        // before the watchers are checked.
        for (_, fault) in planned { run(fault) }
        planned = []
        await faults?.value
        if let faultProblem { return faultProblem }
        let truth: Snapshot
        do {
            truth = try await self.truth()
        } catch {
            return "remote: the file could not be read: \(error)"
        }
        // The feed first: a read of the file that starts now (the writers paused) must give
        // the file's list. Checked before the watchers, which could otherwise match the file
        // by chance while the feed still holds an older read.
        guard await server.feed.readAgain(within: settleTimeout) != nil else {
            return "remote: the server's feed did not read the file again within \(settleTimeout) (status \(server.feed.status))"
        }
        if let served = server.feed.current?.snapshot, served != truth {
            return "remote: after reading the file again, the server's feed holds \(served.count) items in \(served.numberOfSections) sections, the file \(truth.count) in \(truth.numberOfSections)"
        }
        let clock = ContinuousClock()
        let start = clock.now
        for watcher in watchers {
            if let problem = await watcher.settle(on: truth, feedVersion: server.feed.current?.version, timeout: settleTimeout) {
                return "remote \(problem)"
            }
        }
        if restartedSinceCheckpoint { longestSettleAfterRestart = max(longestSettleAfterRestart, clock.now - start) }
        restartedSinceCheckpoint = false
        if let served = server.feed.current?.snapshot, served != truth {
            return "remote: the server's feed holds \(served.count) items in \(served.numberOfSections) sections, the file \(truth.count) in \(truth.numberOfSections)"
        }
        if truth.count > 0 {
            for watcher in watchers {
                if let problem = await watcher.checkPayloads(at: paths(in: truth), truth: truth) { return "remote \(problem)" }
            }
        }
        checkpoints += 1
        if !final { plan() }
        return nil
    }

    /// The first rows (those on screen) and a few at random.
    private func paths(in truth: Snapshot) -> [ItemPath] {
        var paths: [ItemPath] = []
        for section in 0 ..< truth.numberOfSections where paths.count < 8 {
            for item in 0 ..< min(8 - paths.count, truth.numberOfItems(inSection: section)) { paths.append(ItemPath(section: section, item: item)) }
        }
        for _ in 0 ..< 8 {
            let section = Int.random(in: 0 ..< truth.numberOfSections, using: &random)
            let count = truth.numberOfItems(inSection: section)
            if count > 0 { paths.append(ItemPath(section: section, item: Int.random(in: 0 ..< count, using: &random))) }
        }
        return paths
    }

    // MARK: - Summary

    func report() -> [String] {
        let patched = server.feed.source.incrementalStatistics
        var lines = ["remote server \(server.url): SQLite source \(server.sourceDescription); \(server.feedsStarted) feeds started, the last one's source: \(patched.patches) patches, \(patched.fullLoads) full loads, \(patched.fallbacks) fallbacks (last: \(patched.lastFallbackReason ?? "none"))"]
        lines.append("remote restarts on the same port: \(httpRestarts + wholeRestarts) (\(httpRestarts) of the HTTP server alone, the feed kept; \(wholeRestarts) of the whole server, a new feed), every watcher live again after \(restartsAllLive) of them within \(longestBackLive) at most; longest settle at a checkpoint after a restart \(longestSettleAfterRestart)")
        let all = watchers + retired
        func total(_ count: (RemoteShadowAdapter) -> Int) -> Int { all.reduce(0) { $0 + count($1) } }
        lines.append("remote checkpoints (every watcher settled on the file's SELECT, the feed's list equal to it, payloads checked) \(checkpoints); watchers replaced by new ones \(replaced)")
        lines.append("remote watchers, all \(all.count): \(total(\.batches)) batches and \(total(\.reloads)) reloads checked on two reference views each, \(total(\.settled)) settles, \(total(\.payloadsChecked)) payloads checked; \(total(\.attempts)) connection attempts: \(total(\.freshLists)) fresh lists, \(total(\.resumedWithChanges)) resumed with changes, \(total(\.resumedUpToDate)) resumed up to date, \(total(\.resumedWithList)) resumed with the whole list, \(total(\.toldStopping)) told the server stopped, \(total(\.handshakesTimedOut)) upgrades not completed in time")
        lines += watchers.map { "remote \($0.report)" }
        return lines
    }

    func close() async {
        guard !isClosed else { return }
        isClosed = true
        await faults?.value
        for watcher in watchers { watcher.close() }
        await server.stop(keepingFeed: false)
    }
}
#endif
