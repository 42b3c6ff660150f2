#if PostgreSQL
import Foundation
public import ListAdapter
public import Logging
public import PostgresNIO

/// A `ListDataSource` (ListAdapter's) over a table (or select) in a PostgreSQL server, on
/// postgres-nio. Requires the package trait `PostgreSQL`.
///
/// ```swift
/// let source = try await PostgresListSource<Int64, Int64, Ticket>(
///     server: PostgresServer(url: databaseURL),
///     query: PostgresListQuery(table: "ticket", section: "queue", summary: "version", order: "queue, id"),
///     access: .owned
/// )
/// let adapter = ListViewAdapter(source: source)
/// ```
///
/// - Entries: one streamed query (postgres-nio reads rows as they arrive, with
///   backpressure) straight into the snapshot builder; a section title becomes a `String`
///   only when its bytes differ from the previous row's.
/// - Payloads: rows of your ``PostgresRowDecodable`` type, fetched by identifier in
///   batches (`= ANY($1)`), pipelined on a connection of their own.
/// - Changes: see `ListSourceAccess`. An owned source patches each commit from its change
///   log (`listadapter_log_<table>`): the touched rows are read and placed by a search in which
///   the server compares them with untouched rows (collations, NULLs and `DESC` are
///   PostgreSQL's own); a gap, a truncate or too many rows make it rescan.
/// - Faults become ``PostgresSourceError``s (never showing the password): the adapter
///   keeps its last good list. Every wait on the network has a deadline. A dropped
///   connection is opened again by the next call, and while the source is attached its
///   watch reconnects with backoff and has the adapter reload once the server is back;
///   any other failed load is retried with the same backoff.
///
/// Thread safety: `Sendable`. Connections are actors; the source's own state is guarded
/// by a lock. Called by the adapter from its own tasks, never on the main queue.
public final class PostgresListSource<
    ID: Hashable & Sendable & PostgresDecodable & PostgresArrayEncodable & PostgresArrayDecodable,
    Summary: Equatable & Sendable & PostgresDecodable,
    Item: PostgresRowDecodable
>: SummarizingListDataSource, CustomStringConvertible {
    /// Tuning.
    public struct Options: Sendable {
        /// The server's `statement_timeout` for the source's sessions: a statement running
        /// longer fails as ``PostgresSourceError/Kind/timeout``.
        public var statementTimeout: Duration = .seconds(60)
        /// How long a payload fetch, a change-log read or a placement may wait for the
        /// server's answer.
        public var replyTimeout: Duration = .seconds(30)
        /// How long a full scan may take.
        public var scanTimeout: Duration = .seconds(300)
        /// Owned sources: whether to install and read the change log (otherwise every
        /// change is loaded by a rescan, noticed as by a followed source).
        public var changeLog = true
        /// Above this many touched rows in one load, a rescan is cheaper than a patch.
        public var incrementalRowLimit = 2_000
        /// Pivots compared with a touched row per round trip when placing it (the search
        /// takes about log(n) / log(pivots + 1) round trips).
        public var placementFanOut = 64
        /// Followed sources: how often the table's statistics are checked for changes.
        public var pollInterval: Duration = .seconds(2)
        /// Followed sources: a channel the database's owner `NOTIFY`s on each change; the
        /// source `LISTEN`s and rescans at once.
        public var notifyChannel: String?
        /// The watch's first wait before reconnecting after a connection failed, and the
        /// source's before loading again after a load failed; each doubles up to
        /// ``maximumBackoff``.
        public var initialBackoff: Duration = .milliseconds(100)
        /// The longest wait between reconnection attempts, and between retries of a failed
        /// load.
        public var maximumBackoff: Duration = .seconds(5)
        /// The sessions' `application_name` (in `pg_stat_activity`, and the server's log).
        public var applicationName = "ListAdapter"
        /// The columns ``PostgresListSource/move(_:)`` writes a person's moves to; `nil`:
        /// the source writes no moves. Checked when the source opens.
        ///
        /// ```swift
        /// var options = PostgresListSource<Int64, Int64, Ticket>.Options()
        /// options.ordering = ListOrdering(position: "position", section: "queue")
        /// // with PostgresListQuery(table: "ticket", section: "queue", order: "queue, position")
        /// ```
        ///
        /// The schema: keys must compare bytewise, so declare the position column
        /// `text COLLATE "C"` (a database whose default collation is `C` will do), with an
        /// index on `(section, position)`; the section column is `text`. The source checks,
        /// when it opens, that the columns exist, that the position is text compared bytewise,
        /// that the query's `section` is the section column and that its `order` sorts by the
        /// position.
        public var ordering: ListOrdering?
        /// Where postgres-nio logs (nothing by default).
        public var logger = Logger(label: "ListAdapterPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

        /// The defaults.
        public init() {}
    }

    /// Where the source connects (its description shows no password).
    public let server: PostgresServer
    /// What the source lists.
    public let query: PostgresListQuery
    /// Whether the source only reads or also writes.
    ///
    /// - `ListSourceAccess.followed`: every session is
    ///   `default_transaction_read_only`; the source never writes and never creates anything
    ///   on the server. Changes are noticed by a cheap periodic check of the table's
    ///   statistics (and a `LISTEN` on a channel the database's owner notifies, if given) and
    ///   loaded by rescans.
    /// - `ListSourceAccess.owned`: the app's own table. The source installs a
    ///   change log (a table and two triggers, with ``Options/changeLog``), patches every
    ///   writer's commits in time proportional to the change, and writes a person's moves
    ///   and deletes.
    ///
    /// Any queue.
    public let access: ListSourceAccess
    /// The source's options.
    public let options: Options

    /// Payload fetches and untracked scans.
    let fetching: ConnectionSlot
    /// Tracked loads: baseline scans and patches, each in one repeatable-read transaction.
    let tracking: ConnectionSlot
    /// Moves, deletes and the initial fill of positions, one transaction at a time.
    let writing: ConnectionSlot
    let entriesSQL: String
    let itemsSQL: String
    /// `itemsSQL`, prepared once per connection (a fetch runs it for every window).
    let items: PreparedText
    let placementStatements: PostgresRowPlacement<ID, Summary>.Statements
    /// The one-statement patch read, for an order of plain ascending columns.
    let directPatch: PostgresDirectPatch?
    /// The server settings every session of the source starts with.
    let settings: [(String, String)]
    let changeLog: PostgresChangeLog?

    struct State {
        var lastCount = 0
        var watch: ChangeWatch?
        /// The change log's cursor for the tracked list; `nil`: patches impossible.
        var cursor: LogCursor?
        var statistics = PostgresSourceStatistics()
        var ticket = 0
        /// Whether an index serves ``directPatch``'s predecessor lookups (`nil`: not asked yet).
        var directPatchIndexed: Bool?
        /// While attached: has the adapter load again after a failed load.
        var retry: LoadRetry?
        /// Whether opening the source installed the change log (its triggers were missing).
        var openingInstalledChangeLog = false
        /// Whether ``PostgresListSource/removeChangeLog()`` removed the change log since the
        /// last ``PostgresListSource/installChangeLog()``: loads then fail instead of
        /// installing it again.
        var changeLogRemoved = false
    }

    let state = Guarded(State())
    /// Whether changes are watched: loads wait for a starting watch, so their snapshots
    /// follow it.
    let readiness = WatchReadiness()

    /// Connects to `server`, checks that `query` runs there (and the columns of
    /// ``Options/ordering``), and (for an owned table with ``Options/changeLog``) installs
    /// the change log.
    ///
    /// Call it from any task; it waits on the network (each wait with its deadline).
    ///
    /// - Parameters:
    ///   - server: where to connect; the source opens its own connections (fetch, track, write)
    ///     there.
    ///   - query: what to list; checked by running it with `LIMIT 0`.
    ///   - access: `ListSourceAccess.followed`, the default, makes every transaction read-only and
    ///     installs nothing; `ListSourceAccess.owned` allows writes and, with
    ///     ``Options/changeLog``, installs the change log.
    ///   - options: timeouts, change watching, the change log and ordering; the defaults by
    ///     default.
    /// - Throws: ``PostgresSourceError``: `connection`, `authentication`,
    ///   `missingDatabase`, `missingTable`, `missingColumn`, `permissionDenied` (for an
    ///   owned source, also when the role may not create the change log), `invalidQuery`...
    public init(server: PostgresServer, query: PostgresListQuery, access: ListSourceAccess = .followed, options: Options = Options()) async throws(PostgresSourceError) {
        self.server = server
        self.query = query
        self.access = access
        self.options = options
        var settings = [("statement_timeout", "\(max(1, options.statementTimeout.nanoseconds / 1_000_000))"), ("application_name", options.applicationName)]
        if access == .followed { settings.append(("default_transaction_read_only", "on")) }
        self.settings = settings
        fetching = ConnectionSlot(server: server, settings: settings, logger: options.logger, name: "fetch")
        tracking = ConnectionSlot(server: server, settings: settings, logger: options.logger, name: "track", exclusive: true)
        writing = ConnectionSlot(server: server, settings: settings, logger: options.logger, name: "write", exclusive: true)
        entriesSQL = query.entriesSQL
        placementStatements = .init(query)
        itemsSQL = query.itemsSQL
        items = PreparedText(itemsSQL)
        if access == .owned, options.changeLog, case .table(let name, let schema) = query.origin {
            changeLog = PostgresChangeLog(schema: schema, table: name, identifier: query.identifier)
        } else {
            changeLog = nil
        }
        directPatch = changeLog.flatMap { PostgresDirectPatch(query, $0) }
        try await check()
        if let ordering = options.ordering { try await checkOrdering(ordering) }
        if changeLog != nil {
            let installed = try await installChangeLogNoting()
            state.withLock { $0.openingInstalledChangeLog = installed }
        }
    }

    /// The server (no password), the table and the access. Any thread.
    public var description: String { "PostgresListSource(\(server), \(query), \(access))" }

    var table: String { query.description }

    /// Runs the entry and item queries with no rows, so that a wrong table, column, type
    /// or right fails at once, naming what is wrong.
    private func check() async throws(PostgresSourceError) {
        let entries = PostgresQuery(unsafeSQL: entriesSQL + " LIMIT 0", binds: query.arguments)
        try await tracking.run(table: table, sql: entriesSQL, limit: options.replyTimeout) { connection in
            _ = try await connection.query(entries, logger: connection.logger).collect()
        }
        let sql = itemsSQL
        let arguments = query
        try await fetching.run(table: table, sql: sql, limit: options.replyTimeout) { connection in
            let items = PostgresQuery(unsafeSQL: sql, binds: try arguments.bindings(appending: [ID]()))
            _ = try await connection.query(items, logger: connection.logger).collect()
        }
    }

    // MARK: Entries

    /// Scans the whole list (on the fetch connection; the tracked baseline is not touched).
    ///
    /// - Throws: ``PostgresSourceError``.
    /// - Returns: every listed row's identifier, section and summary, in the query's order with the
    ///   identifier as tiebreaker.
    public func loadEntries() async throws -> ListSnapshot<ID, Summary> {
        try await retryingIfItFails { try await scanEntries() }
    }

    /// ``loadEntries()``'s scan.
    func scanEntries() async throws -> ListSnapshot<ID, Summary> {
        await readiness.loadStarting(waitingAtMost: options.replyTimeout)
        let expected = state.withLock { $0.lastCount }
        let scanned: EntryStream<ID, Summary>.Scanned = try await fetching.run(table: table, sql: entriesSQL, limit: options.scanTimeout) { [query, entriesSQL] connection in
            try await EntryStream<ID, Summary>.scan(connection, sql: entriesSQL, arguments: query.arguments, expectedCount: expected)
        }
        state.withLock { $0.lastCount = scanned.snapshot.count }
        return scanned.snapshot
    }

    // MARK: Payloads

    /// Fetches the rows of `ids` as `Item`s.
    ///
    /// - Parameter ids: the identifiers of the rows to fetch, in any order; an empty array asks the
    ///   server nothing.
    /// - Throws: ``PostgresSourceError``.
    /// - Returns: the decoded rows, by identifier; an identifier whose row vanished or no longer
    ///   passes the filter has no entry.
    public func fetchItems(_ ids: [ID]) async throws -> [ID: Item] {
        try await fetchSummarizedItems(ids).mapValues(\.item)
    }

    /// Fetches the rows of `ids` as `Item`s with each row's summary read by the same
    /// statement, in one round trip (`= ANY($1)`); ids whose row vanished (or no longer
    /// passes the filter) are absent from the result.
    ///
    /// - Parameter ids: the identifiers of the rows to fetch, in any order; an empty array asks the
    ///   server nothing.
    /// - Throws: ``PostgresSourceError``; `inconsistent` when the server returns a row for
    ///   an identifier that was not asked for.
    /// - Returns: each row's summary and decoded item, by identifier; an identifier whose row
    ///   vanished or no longer passes the filter has no entry.
    public func fetchSummarizedItems(_ ids: [ID]) async throws -> [ID: SummarizedItem<Summary, Item>] {
        if ids.isEmpty { return [:] }
        let (query, statement) = (query, items)
        let items: [ID: SummarizedItem<Summary, Item>] = try await fetching.run(table: table, sql: itemsSQL, limit: options.replyTimeout) { connection in
            var items: [ID: SummarizedItem<Summary, Item>] = [:]
            items.reserveCapacity(ids.count)
            for try await row in try await statement.run(on: connection, try query.bindings(appending: ids), retrying: true) {
                let (id, summary) = try row.decode((ID, Summary).self)
                items[id] = SummarizedItem(summary: summary, item: try Item(row: row.makeRandomAccess()))
            }
            return items
        }
        let asked = Set(ids)
        if let stray = items.keys.first(where: { !asked.contains($0) }) {
            throw PostgresSourceError(
                .inconsistent, server: server.description, table: table, sql: itemsSQL,
                message: "the server returned a row for identifier \(stray), which was not asked for (does the identifier column compare like the identifier type?)"
            )
        }
        return items
    }

    // MARK: Changes

    /// Starts watching for changes (see `ListSourceAccess`). Called by the adapter on its
    /// own queue; returns at once.
    ///
    /// - Parameter invalidation: told each time the server reports (or a poll finds) a change to
    ///   the list; replaces the invalidation attached before, whose watch stops.
    public func attach(_ invalidation: ListInvalidation) {
        let plan = ChangeWatch.Plan(
            server: server, settings: settings, logger: options.logger,
            channel: changeLog?.channel ?? options.notifyChannel,
            pollTable: changeLog == nil ? query.qualifiedTable : nil,
            pollInterval: options.pollInterval, initialBackoff: options.initialBackoff, maximumBackoff: options.maximumBackoff,
            replyTimeout: options.replyTimeout
        )
        let watch = ChangeWatch(plan: plan, invalidation: invalidation, readiness: readiness, generation: readiness.starting()) { [weak self] in
            self?.state.withLock { $0.statistics.reconnections += 1 }
        }
        let retry = LoadRetry(invalidation: invalidation, initial: options.initialBackoff, maximum: options.maximumBackoff)
        let previous = state.withLock { state in
            defer { (state.watch, state.retry) = (watch, retry) }
            return (state.watch, state.retry)
        }
        previous.0?.stop()
        previous.1?.stop()
        watch.start()
    }

    /// Stops watching. Called by the adapter on its own queue; returns at once.
    public func detach() {
        let previous = state.withLock { state in
            defer { (state.watch, state.retry) = (nil, nil) }
            return (state.watch, state.retry)
        }
        previous.0?.stop()
        previous.1?.stop()
    }

    /// Runs a load, telling the attached source's ``LoadRetry`` how it ended.
    func retryingIfItFails<T>(_ load: () async throws -> T) async throws -> T {
        let retry = state.withLock { $0.retry }
        do {
            let loaded = try await load()
            retry?.loadSucceeded()
            return loaded
        } catch {
            retry?.loadFailed()
            throw error
        }
    }

    /// How often this source patched, rescanned and reconnected.
    public var statistics: PostgresSourceStatistics { state.withLock { $0.statistics } }

    /// Closes the source's connections and stops its watch; later calls fail as
    /// `connection`. Call it from any task.
    public func close() async {
        detach()
        await fetching.close()
        await tracking.close()
        await writing.close()
    }
}
#endif
