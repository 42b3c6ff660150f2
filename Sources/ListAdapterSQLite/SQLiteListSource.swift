import Foundation
public import GRDB
public import ListAdapter
import Synchronization

/// A ``ListAdapter/ListDataSource`` over a table of your own SQLite database, on GRDB.
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
/// Thread safety: `Sendable`; GRDB serialises database access on its own queues, and the
/// source's own state is guarded by a `Mutex`.
public final class SQLiteListSource<
    ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue, Item: FetchableRecord & Sendable
>: ListDataSource {
    /// Tuning.
    public struct Options: Sendable {
        /// How long a read waits for a lock held by another connection before failing
        /// with ``SQLiteSourceError/Kind/locked`` (for sources that open their own file).
        public var busyTimeout: Duration = .seconds(5)
        /// Whether to watch for commits by other connections and processes.
        public var watchesOtherConnections = true
        /// The fallback poll interval of that watch.
        public var pollInterval: Duration = .seconds(1)

        /// The defaults.
        public init() {}
    }

    /// The database the source reads.
    public let database: any DatabaseWriter
    /// What the source lists.
    public let query: SQLiteListQuery
    /// The source's options.
    public let options: Options
    /// The database file, as opened.
    public let path: String
    private let identity: FileIdentity?

    private struct Attachment {
        var invalidation: ListInvalidation
        var observation: AnyDatabaseCancellable?
        var watcher: ExternalChangeWatcher?
    }

    private struct State {
        var attachment: Attachment?
        var fileReplaced = false
        /// The last load's entry count, to size the next one.
        var lastCount = 0
    }

    private let state = Mutex(State())

    /// Lists `query` from a database the app already has open.
    ///
    /// Call it on any thread.
    public init(database: any DatabaseWriter, query: SQLiteListQuery, options: Options = Options()) {
        self.database = database
        self.query = query
        self.options = options
        self.path = database.path
        self.identity = FileIdentity(path: database.path)
    }

    /// Opens the database file at `path` (which must exist) in a `DatabasePool` and
    /// checks that `query` prepares against it.
    ///
    /// Call it on any thread; it does I/O.
    ///
    /// - Throws: ``SQLiteSourceError`` (`missingFile`, `notADatabase`, `corrupt`,
    ///   `missingTable`, `missingColumn`, `invalidQuery`, `locked`).
    public convenience init(path: String, query: SQLiteListQuery, options: Options = Options()) throws(SQLiteSourceError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SQLiteSourceError(.missingFile, path: path, message: "no database file at \(path)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(options.busyTimeout.timeInterval)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
        self.init(database: pool, query: query, options: options)
        try validate()
    }

    /// Checks that the entry and item queries prepare.
    ///
    /// - Throws: ``SQLiteSourceError``.
    public func validate() throws(SQLiteSourceError) {
        let query = self.query
        for sql in [query.entriesSQL, query.itemsSQL] {
            do {
                _ = try database.read { db in try db.makeStatement(sql: sql) }
            } catch {
                throw SQLiteSourceError(error, path: path, sql: sql)
            }
        }
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
    /// - Throws: ``SQLiteSourceError``.
    public func loadEntries() async throws -> ListSnapshot<ID, Summary> {
        try checkFile()
        do {
            let expected = state.withLock { $0.lastCount }
            let snapshot: ListSnapshot<ID, Summary> = try await EntryScan.load(from: database, query: query, path: path, expectedCount: expected)
            state.withLock { $0.lastCount = snapshot.count + snapshot.duplicates.count }
            return snapshot
        } catch {
            throw SQLiteSourceError(error, path: path, sql: query.entriesSQL)
        }
    }

    /// Fetches the rows of `ids` as `Item`s, on a reader of the database; ids whose row
    /// vanished (or no longer matches the filter) are absent from the result.
    ///
    /// - Throws: ``SQLiteSourceError``.
    public func fetchItems(_ ids: [ID]) async throws -> [ID: Item] {
        try checkFile()
        if ids.isEmpty { return [:] }
        let query = self.query
        let json = "[" + ids.map(\.jsonLiteral).joined(separator: ",") + "]"
        do {
            return try Self.readItems(ids, json: json, query: query, from: database)
        } catch {
            throw SQLiteSourceError(error, path: path, sql: query.itemsSQL)
        }
    }

    /// Reads the rows of `ids` synchronously, on the calling thread when a reader is free.
    ///
    /// A payload fetch is a few hundred microseconds of SQLite work; GRDB's async read
    /// would add two thread hand-offs (to the reader's queue and back), which on a busy
    /// machine cost more than the read itself. The adapter calls `fetchItems` on a
    /// Dispatch thread of its own, so blocking it briefly starves nothing.
    private static func readItems(_ ids: [ID], json: String, query: SQLiteListQuery, from database: any DatabaseWriter) throws -> [ID: Item] {
        try database.read { db in
            let statement = try db.cachedStatement(sql: query.itemsSQL)
            let arguments = query.arguments + [SQLiteListQuery.identifiersArgument: json]
            var items: [ID: Item] = [:]
            items.reserveCapacity(ids.count)
            let rows = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try rows.next() {
                guard let id = ID.from(row[SQLiteListQuery.identifierAlias] as DatabaseValue) else { continue }
                items[id] = try Item(row: row)
            }
            return items
        }
    }

    /// Starts observing the database for changes to what the query reads.
    public func attach(_ invalidation: ListInvalidation) {
        let observation = DatabaseRegionObservation(tracking: SQLRequest<Row>(sql: query.entriesSQL, arguments: query.arguments))
            .start(in: database, onError: { _ in invalidation.invalidate() }, onChange: { _ in invalidation.invalidate() })
        var watcher: ExternalChangeWatcher?
        if options.watchesOtherConnections, !path.isEmpty, path != ":memory:" {
            let database = self.database
            let writerVersion: @Sendable () -> Int? = {
                try? database.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
            }
            watcher = try? ExternalChangeWatcher(
                path: path, identity: identity, pollInterval: options.pollInterval, writerVersion: writerVersion
            ) { [weak self] replaced in
                if replaced { self?.state.withLock { $0.fileReplaced = true } }
                invalidation.invalidate()
            }
        }
        let previous = state.withLock { state in
            defer { state.attachment = Attachment(invalidation: invalidation, observation: observation, watcher: watcher) }
            return state.attachment
        }
        previous?.observation?.cancel()
        previous?.watcher?.cancel()
    }

    /// Stops observing the database.
    public func detach() {
        let previous = state.withLock { state in
            defer { state.attachment = nil }
            return state.attachment
        }
        previous?.observation?.cancel()
        previous?.watcher?.cancel()
    }

    /// Throws when the database file was deleted or replaced since it was opened.
    private func checkFile() throws(SQLiteSourceError) {
        let replaced = state.withLock { $0.fileReplaced } || (identity != nil && FileIdentity(path: path) != identity)
        if replaced {
            throw SQLiteSourceError(
                .fileReplaced, path: path,
                message: "the database file was deleted or replaced while open; open the new file in a new source"
            )
        }
    }
}

extension Duration {
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
