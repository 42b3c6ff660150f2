#if PostgreSQL
import ListAdapter
import Logging
import PostgresNIO

/// The task that notices changes while a source is attached, on a connection of its own:
/// `LISTEN`s on the change log's channel (owned) or the owner's channel (followed), polls
/// the table's statistics (followed), and invalidates the adapter on each change.
///
/// It tells its ``WatchReadiness`` when it watches (its `LISTEN` confirmed, or its first poll
/// read) and invalidates then if a load started while nothing watched: that load's snapshot
/// may predate the watch, and a commit in between would otherwise go unseen until the next
/// one. When its connection fails it invalidates once (the adapter's reload then reports the
/// failure in its load state and keeps its list), reconnects with doubling backoff, and
/// invalidates again once it watches again (the reload resynchronises the list).
///
/// Thread safety: `Sendable`; its loop runs on the cooperative pool.
final class ChangeWatch: Sendable {
    struct Plan: Sendable {
        var server: PostgresServer
        var settings: [(String, String)]
        var logger: Logger
        /// The channel to `LISTEN` on.
        var channel: String?
        /// The table (as `regclass` text) whose statistics to poll, and how often.
        var pollTable: String?
        var pollInterval: Duration
        var initialBackoff: Duration
        var maximumBackoff: Duration
        var replyTimeout: Duration
    }

    private let plan: Plan
    private let invalidation: ListInvalidation
    private let onReconnect: @Sendable () -> Void
    private let readiness: WatchReadiness
    private let generation: Int
    private let task = Guarded<Task<Void, Never>?>(nil)

    /// A watch told `readiness` of under `generation` (``WatchReadiness/starting()``).
    init(plan: Plan, invalidation: ListInvalidation, readiness: WatchReadiness, generation: Int, onReconnect: @escaping @Sendable () -> Void) {
        self.plan = plan
        self.invalidation = invalidation
        self.readiness = readiness
        self.generation = generation
        self.onReconnect = onReconnect
    }

    func start() {
        let plan = plan
        let invalidation = invalidation
        let onReconnect = onReconnect
        let (readiness, generation) = (readiness, generation)
        guard plan.channel != nil || plan.pollTable != nil else {
            readiness.watchingNothing(generation: generation)
            return
        }
        task.withLock {
            $0 = Task.detached {
                await Self.run(plan, invalidation, readiness, generation, onReconnect)
            }
        }
    }

    func stop() {
        task.withLock { $0 }?.cancel()
        readiness.stopped(generation: generation)
    }

    private static func run(
        _ plan: Plan, _ invalidation: ListInvalidation, _ readiness: WatchReadiness, _ generation: Int, _ onReconnect: @Sendable () -> Void
    ) async {
        let backoff = Backoff(initial: plan.initialBackoff, maximum: plan.maximumBackoff)
        var failures = 0
        var failed = false
        while !Task.isCancelled {
            let slot = ConnectionSlot(server: plan.server, settings: plan.settings, logger: plan.logger, name: "watch")
            do {
                let connection = try await slot.open(table: plan.pollTable)
                let reconnected = failed
                if failed {
                    failed = false
                    onReconnect()
                }
                failures = 0
                let watching: @Sendable () -> Void = {
                    let missed = readiness.watching(generation: generation)
                    if reconnected || missed { invalidation.invalidate() }
                }
                try await withTaskCancellationHandler {
                    try await watch(connection, plan, invalidation, watching: watching)
                } onCancel: {
                    Task { try? await connection.close() }
                }
            } catch {
                readiness.stopped(generation: generation)
                if Task.isCancelled { break }
                if !failed {
                    failed = true
                    invalidation.invalidate()
                }
            }
            await slot.close()
            if Task.isCancelled { break }
            failures += 1
            try? await Task.sleep(for: backoff.delay(afterFailures: failures))
        }
    }

    /// Watches until the connection fails (throws) or the task is cancelled.
    /// `watching` is called once changes are watched: `LISTEN` confirmed, or (polling only)
    /// the first counter read.
    private static func watch(_ connection: PostgresConnection, _ plan: Plan, _ invalidation: ListInvalidation, watching: @escaping @Sendable () -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            if let channel = plan.channel {
                group.addTask {
                    try await connection.listen(on: channel) { notifications in
                        watching()
                        for try await _ in notifications { invalidation.invalidate() }
                    }
                    throw WatchEnded()
                }
            }
            if let table = plan.pollTable {
                group.addTask {
                    var last: TableCounter?
                    while !Task.isCancelled {
                        let counter = try await withDeadline(plan.replyTimeout, watching: connection, onTimeout: { try? await connection.close() }) {
                            try await statisticsCounter(connection, table: table)
                        }
                        if let previous = last, previous != counter { invalidation.invalidate() }
                        if last == nil, plan.channel == nil { watching() }
                        last = counter
                        try await Task.sleep(for: plan.pollInterval)
                    }
                }
            } else {
                // Only the notifications: the connection's end is the watch's end.
                group.addTask { try await connection.closeFuture.get(); throw WatchEnded() }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// What a followed table's polls compare: its count of inserted, updated and deleted
    /// rows (PostgreSQL's cumulative statistics; -1 for a table it has none for) and its
    /// file node, which a `TRUNCATE` changes (a truncate moves none of the counts). The
    /// counts move when the writing session reports them: at a commit at least a second
    /// after its last report, else when it next reports, up to 10 s later for a session
    /// that stays idle (PostgreSQL 15's statistics; measured up to 10.7 s).
    struct TableCounter: Equatable, Sendable {
        var rowChanges: Int64
        var fileNode: Int64
    }

    static func statisticsCounter(_ connection: PostgresConnection, table: String) async throws -> TableCounter {
        let rows = try await connection.query(
            """
            SELECT coalesce((SELECT n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables WHERE relid = to_regclass(\(table))), -1)::int8, \
            coalesce(pg_relation_filenode(to_regclass(\(table)))::int8, -1)
            """,
            logger: connection.logger
        )
        for try await (changes, node) in rows.decode((Int64, Int64).self) { return TableCounter(rowChanges: changes, fileNode: node) }
        return TableCounter(rowChanges: -1, fileNode: -1)
    }
}
/// The watch's connection ended (its notifications stopped, or it closed).
struct WatchEnded: Error {}
#endif
