import Foundation
public import GRDB
public import ListAdapter

/// A `ListDataSource` (ListAdapter's) over a table of your own SQLite database, on GRDB.
///
/// ```swift
/// let source = try SQLiteListSource<Int64, Int64, Message>(
///     path: databasePath,
///     query: SQLiteListQuery(table: "message", section: "day", summary: "version", order: "day DESC, id DESC")
/// )
/// let adapter = ListViewAdapter(source: source)
/// ```
///
/// - Entries: one streamed query reads `(identifier, section, summary)` in list order
///   straight into the adapter's compact storage (see `EntryScan`).
/// - Payloads: rows of your own `FetchableRecord` type, fetched by identifier in batches
///   with one cached statement (`IN (SELECT value FROM json_each(?))`), on a reader.
///   Rows that vanished are simply absent.
/// - Changes: commits through the same `DatabasePool`/`DatabaseQueue` that touch the
///   query's tables invalidate the adapter at once (a GRDB region observation); commits
///   by other connections and processes are noticed through `PRAGMA data_version`, woken
///   by inotify on Linux and by a slow poll everywhere.
/// - Faults become ``SQLiteSourceError``s: the adapter keeps its last good list.
///
/// A NULL section title puts the row in the untitled section.
///
/// Two openings (see `ListSourceAccess`): `init(path:query:)` *follows* a database read-only
/// by default (another app's file stays byte-for-byte unchanged); pass `access: .owned`,
/// or hand the source your own pool with `init(database:query:)`, for a database the app
/// owns.
///
/// Thread safety: `Sendable`; GRDB serialises database access on its own queues, and the
/// source's own state is guarded by a lock (`Guarded`).
public final class SQLiteListSource<
    ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue, Item: FetchableRecord & Sendable
>: SummarizingListDataSource, CustomStringConvertible {
    /// The database the source reads.
    public let database: any DatabaseWriter
    /// What the source lists.
    public let query: SQLiteListQuery
    /// The source's options.
    public let options: Options
    /// The database file, as opened.
    public let path: String
    /// Whether the source only reads the database or may write to it.
    ///
    /// - `ListSourceAccess.followed` is for databases the app does not own
    ///   (another app's file, a file the user picked, a database another process writes). The
    ///   source opens the file read-only and never writes to it: it does not change its
    ///   journal mode, never creates a file (not even `-wal` or `-shm` for a rollback-journal
    ///   database), takes no write lock, reads while another process holds a write
    ///   transaction (in WAL mode), and notices other processes' commits with what a reader
    ///   can see (`PRAGMA data_version`, woken by file events). The file stays byte-for-byte
    ///   unchanged.
    /// - `ListSourceAccess.owned` is for the app's own database. The source may
    ///   switch it to WAL, create indexes (``createCoveringIndex()``) and a change log
    ///   (``installChangeLog()``), and write a person's moves and deletes.
    ///
    /// `SQLiteListSource(path:query:)` follows by default; `SQLiteListSource(database:query:)`
    /// owns the pool you hand it unless that pool was opened read-only. Any queue.
    public let access: ListSourceAccess
    private let identity: FileIdentity?
    /// `query.itemsSQL`, built once: payload fetches look their cached statement up by it.
    private let itemsSQL: String

    struct Attachment {
        var invalidation: ListInvalidation
        var observation: AnyDatabaseCancellable?
        var watcher: ExternalChangeWatcher?
        var recorder: OwnWriteRecorder?
    }

    struct State {
        var attachment: Attachment?
        var fileReplaced = false
        /// The last load's entry count, to size the next one.
        var lastCount = 0
        /// How the last loaded list can be patched; `nil`: it cannot.
        var plan: IncrementalPlan?
        /// The writer's `PRAGMA data_version` at the last load (moves only for other
        /// connections' commits).
        var writerVersion: Int?
        var statistics = IncrementalStatistics()
        /// Numbers each baseline load and patch as it starts. Only the latest started may
        /// change the tracked baseline (plan, cursor, writer version, recorded rowids): a
        /// superseded one (its adapter moved on to a newer load) finishing late would move
        /// the cursor past what the adapter's list reflects, and lose changes.
        var ticket = 0
        /// Whether ``SQLiteListSource/removeChangeLog()`` removed the change log since the
        /// last ``SQLiteListSource/installChangeLog()``: loads then fail instead of
        /// installing it again.
        var changeLogRemoved = false
    }

    let state = Guarded(State())
    /// Rowids touched by own commits since the last load.
    let tracker = DeltaTracker()

    /// Lists `query` from a database the app already has open.
    ///
    /// The source owns the database (`ListSourceAccess.owned`) unless `database` was opened
    /// read-only, in which case it only follows it. Call it on any thread.
    ///
    /// - Parameters:
    ///   - database: the app's open `DatabasePool` or `DatabaseQueue`; opened read-only, it is only
    ///     followed (`ListSourceAccess.followed`). An in-memory database has no file to watch for
    ///     other connections' commits.
    ///   - query: what to list; not checked against the schema here (``validate()`` does).
    ///   - options: busy timeout, change watching, incremental updates and ordering; the defaults
    ///     by default.
    public init(database: any DatabaseWriter, query: SQLiteListQuery, options: Options = Options()) {
        self.database = database
        self.query = query
        itemsSQL = query.itemsSQL
        self.options = options
        self.path = database.path
        self.access = database.configuration.readonly ? .followed : .owned
        self.identity = FileIdentity(path: database.path)
    }

    /// Opens the database file at `path` (which must exist) and checks that `query`
    /// prepares against it.
    ///
    /// By default the source *follows* the file (`ListSourceAccess.followed`): it opens it
    /// read-only, never writes to it, never creates a file, takes no write lock. Pass
    /// `access: .owned` for a database the app owns: it is opened in a `DatabasePool`,
    /// which switches it to WAL.
    ///
    /// Call it on any thread; it does I/O.
    ///
    /// - Parameters:
    ///   - path: the database file's path; the file must exist and is never created.
    ///   - query: what to list; checked to prepare against the file's schema.
    ///   - access: `ListSourceAccess.followed`, the default, opens the file read-only and never
    ///     writes to it; `ListSourceAccess.owned` opens it in a `DatabasePool` (switching it to WAL)
    ///     and allows writes.
    ///   - options: busy timeout, change watching, incremental updates and ordering; the defaults
    ///     by default.
    /// - Throws: ``SQLiteSourceError`` (`missingFile`, `notADatabase`, `corrupt`,
    ///   `missingTable`, `missingColumn`, `invalidQuery`, `locked`).
    public convenience init(
        path: String, query: SQLiteListQuery, access: ListSourceAccess = .followed, options: Options = Options()
    ) throws(SQLiteSourceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SQLiteSourceError(.missingFile, path: path, message: "no database file at \(path)")
        }
        if isDirectory.boolValue {
            throw SQLiteSourceError(.notADatabase, path: path, message: "\(path) is a directory, not a database file")
        }
        if access == .followed { try EmptyDatabaseWAL.check(path: path) }
        var configuration = Configuration()
        configuration.waitForLocks(upTo: options.busyTimeout)
        configuration.readonly = access == .followed
        configuration.label = "ListAdapterSQLite(\(path))"
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
        self.init(database: pool, query: query, options: options)
        try validate()
    }

    /// The source as the user named it: what it lists and where, for messages.
    public var description: String {
        let what = switch query.origin {
        case .table(let name): "table \(name.sqlQuotedIdentifier)"
        case .select: "query"
        }
        return "SQLite \(what) in \(path)"
    }

    /// Checks that the entry and item queries prepare, and the columns of
    /// ``Options/ordering`` (see `ListOrdering`). Call it on any thread; it reads the
    /// schema.
    ///
    /// - Throws: ``SQLiteSourceError``; for the ordering, `missingColumn` or `invalidQuery`
    ///   naming the table and column.
    public func validate() throws(SQLiteSourceError) {
        let query = self.query
        for sql in [query.entriesSQL, query.itemsSQL] {
            do {
                _ = try database.read { db in try db.makeStatement(sql: sql) }
            } catch {
                throw SQLiteSourceError(error, path: path, sql: sql)
            }
        }
        try validateOrdering()
    }

    /// Creates (if missing) an index on the query's order columns followed by its section
    /// and summary expressions, so that the entry query scans the index instead of
    /// sorting the table: at a million rows, about a 600 ms sort becomes a 95 ms scan.
    ///
    /// Only for table origins whose order is a list of columns. Call it on any thread.
    ///
    /// - Returns: whether the query qualified.
    @discardableResult
    public func createCoveringIndex() throws(SQLiteSourceError) -> Bool {
        guard let sql = query.coveringIndexSQL(name: "listadapter_\(query.tableName ?? "")_order") else { return false }
        guard access == .owned else {
            throw SQLiteSourceError(
                .readOnly, path: path, sql: sql,
                message: "\(path) is followed read-only; open it with access: .owned to create an index in it"
            )
        }
        do {
            try database.write { db in try db.execute(sql: sql) }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: sql)
        }
        return true
    }

    // MARK: - ListDataSource

    /// Reads every entry with one streamed query, on a reader of the database.
    ///
    /// - Returns: every listed row's identifier, section and summary, in the query's order.
    /// - Throws: ``SQLiteSourceError``.
    public func loadEntries() async throws -> ListSnapshot<ID, Summary> {
        try await scan(asBaseline: false)
    }

    /// A full scan that the next ``loadChanges(since:)`` patches from: it also starts
    /// recording own commits afresh and remembers the change-log cursor. The adapter calls
    /// it; ``loadEntries()`` (a truth check, say) leaves the adapter's baseline alone.
    ///
    /// - Returns: every listed row's identifier, section and summary, in the order the patches
    ///   keep.
    /// - Throws: ``SQLiteSourceError``.
    public func loadBaseline() async throws -> ListSnapshot<ID, Summary> {
        try await scan(asBaseline: true)
    }

    /// One streamed scan, in the order a patch keeps (with the rowid tiebreaker) where the
    /// query can be patched.
    private func scan(asBaseline: Bool) async throws -> ListSnapshot<ID, Summary> {
        try checkFile()
        do {
            let expected = state.withLock { $0.lastCount }
            let patchable = isPatchable
            let usesChangeLog = self.usesChangeLog
            let ticket = asBaseline ? startOperation() : 0
            if usesChangeLog && asBaseline { try await ensureChangeLog() }
            // Own commits from here on are recorded against this load (unless a newer
            // load started meanwhile: it owns the record).
            let version = asBaseline && patchable && !usesChangeLog ? try await database.writeWithoutTransaction { db in
                guard self.isLatestOperation(ticket) else { return nil as Int? }
                _ = self.tracker.take()
                return try Int.fetchOne(db, sql: "PRAGMA data_version")
            } : nil
            let query = self.query
            let loaded: EntryScan.Loaded<ID, Summary> = try await EntryScan.load(
                from: database, query: query, path: path, expectedCount: expected,
                plan: patchable ? { @Sendable db in
                    guard var plan = try? IncrementalPlan.make(db, query: query).get() else { return nil }
                    if usesChangeLog { plan.logCursor = try ChangeLog.latest(db) }
                    return plan
                } : nil
            )
            let snapshot = loaded.snapshot
            state.withLock {
                $0.lastCount = snapshot.count + snapshot.duplicates.count
                if asBaseline && $0.ticket == ticket {
                    $0.plan = loaded.isContiguous ? loaded.plan : nil
                    $0.writerVersion = version
                    $0.statistics.fullLoads += 1
                }
            }
            if usesChangeLog && asBaseline { pruneChangeLog() }
            return snapshot
        } catch {
            if asBaseline { tracker.invalidateBaseline() }
            throw SQLiteSourceError(error, path: path, sql: query.entriesSQL)
        }
    }

    /// Fetches the rows of `ids` as `Item`s, on a reader of the database; ids whose row
    /// vanished (or no longer matches the filter) are absent from the result.
    ///
    /// - Parameter ids: the identifiers of the rows to fetch, in any order; an empty array reads
    ///   nothing.
    /// - Returns: the decoded rows, by identifier; an identifier whose row is gone or outside the
    ///   filter has no entry.
    /// - Throws: ``SQLiteSourceError``.
    public func fetchItems(_ ids: [ID]) async throws -> [ID: Item] {
        try await fetchSummarizedItems(ids).mapValues(\.item)
    }

    /// Fetches the rows of `ids` as `Item`s with each row's summary read by the same
    /// statement, on a reader of the database; ids whose row vanished (or no longer
    /// matches the filter) are absent from the result.
    ///
    /// - Parameter ids: the identifiers of the rows to fetch, in any order; an empty array reads
    ///   nothing.
    /// - Returns: each row's summary and decoded item, by identifier; an identifier whose row is
    ///   gone or outside the filter has no entry.
    /// - Throws: ``SQLiteSourceError``; `corrupt` when SQLite returns a row for an
    ///   identifier that was not asked for (a damaged index that disagrees with its table,
    ///   which SQLite does not always notice).
    public func fetchSummarizedItems(_ ids: [ID]) async throws -> [ID: SummarizedItem<Summary, Item>] {
        try checkFile()
        if ids.isEmpty { return [:] }
        let query = self.query
        let json = "[" + ids.map { $0.jsonLiteral }.joined(separator: ",") + "]"
        let items: [ID: SummarizedItem<Summary, Item>]
        do {
            items = try Self.readItems(ids, json: json, query: query, sql: itemsSQL, from: database)
        } catch {
            throw SQLiteSourceError(error, path: path, sql: itemsSQL)
        }
        let asked = Set(ids)
        if let stray = items.keys.first(where: { !asked.contains($0) }) {
            throw SQLiteSourceError(
                .corrupt, path: path, sql: itemsSQL,
                message: "the database returned a row for identifier \(stray), which was not asked for: an index disagrees with its table (PRAGMA integrity_check tells)"
            )
        }
        return items
    }

    /// Reads the rows of `ids` synchronously, on the calling thread when a reader is free.
    ///
    /// A payload fetch is a few hundred microseconds of SQLite work; GRDB's async read
    /// would add two thread hand-offs (to the reader's queue and back), which on a busy
    /// machine cost more than the read itself. The adapter calls `fetchItems` on a
    /// Dispatch thread of its own, so blocking it briefly starves nothing.
    private static func readItems(_ ids: [ID], json: String, query: SQLiteListQuery, sql: String, from database: any DatabaseWriter) throws -> [ID: SummarizedItem<Summary, Item>] {
        try database.read { db in
            var items: [ID: SummarizedItem<Summary, Item>] = [:]
            items.reserveCapacity(ids.count)
            let statement = try db.cachedStatement(sql: sql)
            try readRows(statement, arguments: query.arguments + [SQLiteListQuery.identifiersArgument: json], into: &items)
            // Blob identifiers (only ``SQLiteIdentifier`` has them) cannot travel in JSON.
            let blobs = ids.compactMap { $0.blobBytes }
            for start in stride(from: 0, to: blobs.count, by: 64) {
                let chunk = blobs[start ..< min(start + 64, blobs.count)]
                var named: [String: (any DatabaseValueConvertible)?] = [:]
                for (index, bytes) in chunk.enumerated() { named[SQLiteListQuery.blobArgument(index)] = Data(bytes) }
                let statement = try db.cachedStatement(sql: query.itemsSQL(blobCount: chunk.count))
                try readRows(statement, arguments: query.arguments + StatementArguments(named), into: &items)
            }
            return items
        }
    }

    /// Reads fetched rows with their identifier and summary, the last two columns, read as
    /// the entry scan reads them, so that the two agree exactly (a payload whose summary
    /// differs is newer).
    private static func readRows(_ statement: Statement, arguments: StatementArguments, into items: inout [ID: SummarizedItem<Summary, Item>]) throws {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        let summaryColumn = Int32(statement.columnCount - 1)
        let identifierColumn = summaryColumn - 1
        while let row = try rows.next() {
            guard let id = ID.read(statement.sqliteStatement, column: identifierColumn),
                  let summary = Summary.read(statement.sqliteStatement, column: summaryColumn) else { continue }
            items[id] = SummarizedItem(summary: summary, item: try Item(row: row))
        }
    }

    /// Starts observing the database for changes to what the query reads.
    ///
    /// An owned database's own commits are observed through GRDB (a followed one has
    /// none); other connections' commits through the external-change watch.
    ///
    /// - Parameter invalidation: told each time a commit may have changed the list; replaces the
    ///   invalidation attached before, whose observations stop.
    public func attach(_ invalidation: ListInvalidation) {
        var observation: AnyDatabaseCancellable?
        var recorder: OwnWriteRecorder?
        if isPatchable, !usesChangeLog, let table = query.tableName {
            let own = OwnWriteRecorder(table: table, tracker: tracker)
            database.add(transactionObserver: own, extent: .observerLifetime)
            recorder = own
        }
        if access == .owned {
            observation = DatabaseRegionObservation(tracking: SQLRequest<Row>(sql: query.entriesSQL, arguments: query.arguments))
                .start(in: database, onError: { _ in invalidation.invalidate() }, onChange: { _ in invalidation.invalidate() })
        }
        var watcher: ExternalChangeWatcher?
        if options.watchesOtherConnections, !path.isEmpty, path != ":memory:" {
            let database = self.database
            // A follower has no writer of its own, so every commit it sees is external.
            var writerVersion: (@Sendable () -> Int?)?
            if access == .owned {
                writerVersion = { @Sendable in
                    try? database.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
                }
            }
            watcher = try? ExternalChangeWatcher(
                path: path, identity: identity, pollInterval: options.pollInterval, writerVersion: writerVersion
            ) { [weak self] replaced in
                if replaced { self?.state.withLock { $0.fileReplaced = true } }
                invalidation.invalidate()
            }
        }
        let previous = state.withLock { state in
            defer { state.attachment = Attachment(invalidation: invalidation, observation: observation, watcher: watcher, recorder: recorder) }
            return state.attachment
        }
        cancel(previous)
    }

    private func cancel(_ attachment: Attachment?) {
        attachment?.observation?.cancel()
        attachment?.watcher?.cancel()
        if let recorder = attachment?.recorder { database.remove(transactionObserver: recorder) }
        // Commits are no longer recorded: the next load must be a full one.
        tracker.invalidateBaseline()
    }

    /// Stops observing the database.
    public func detach() {
        let previous = state.withLock { state in
            defer { state.attachment = nil }
            return state.attachment
        }
        cancel(previous)
    }

    /// Throws when the database file was deleted or replaced since it was opened.
    func checkFile() throws(SQLiteSourceError) {
        let replaced = state.withLock { $0.fileReplaced } || (identity != nil && FileIdentity(path: path) != identity)
        if replaced {
            throw SQLiteSourceError(
                .fileReplaced, path: path,
                message: "the database file was deleted or replaced while open; open the new file in a new source"
            )
        }
        // Before every read: a file cut to nothing since the open must not cost its WAL.
        if access == .followed { try EmptyDatabaseWAL.check(path: path) }
    }
}

extension Duration {
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
