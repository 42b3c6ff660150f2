import GRDB
public import ListAdapter

/// How often a source patched its list and how often it loaded it whole, and why it last
/// fell back: for tests, benchmarks and logs.
///
/// Thread safety: a value type; use it on any queue.
public struct IncrementalStatistics: Sendable, Equatable {
    /// Lists produced by a full scan.
    public var fullLoads = 0
    /// Lists produced by a patch.
    public var patches = 0
    /// Patch attempts that fell back to a full scan.
    public var fallbacks = 0
    /// Why the last fallback happened.
    public var lastFallbackReason: String?
}

extension SQLiteListSource: IncrementalListDataSource {
    /// Whether the source records its own writer's commits to patch the list with them:
    /// an owned database, a table origin, and ``Options/incrementalUpdates``.
    var isPatchable: Bool {
        access == .owned && options.incrementalUpdates && query.tableName != nil
    }

    /// Whether other processes' commits are read from a change log.
    var usesChangeLog: Bool { isPatchable && options.changeLog }

    /// Installs the change log in the database (a table and three triggers on the listed
    /// table, all `IF NOT EXISTS`), so that every writer, in any process or language,
    /// records the rowids it changes. A source with ``Options/changeLog`` does this itself
    /// at every full load (so the triggers come back after a migration drops them).
    ///
    /// What it costs a writer: one more row inserted per changed row (two for an update
    /// that changes a rowid), in the writer's own transaction. Readers prune the log to
    /// its last 20,000 entries.
    ///
    /// Call it on any thread; it writes.
    ///
    /// - Throws: ``SQLiteSourceError`` (`readOnly` for a followed database, whose file is
    ///   never written; `invalidQuery` for a query that is not over a table).
    public func installChangeLog() throws(SQLiteSourceError) {
        guard access == .owned else {
            throw SQLiteSourceError(.readOnly, path: path, message: "\(path) is followed read-only; a change log needs access: .owned")
        }
        guard let table = query.tableName else {
            throw SQLiteSourceError(.invalidQuery, path: path, message: "a change log needs a table origin, not a SELECT")
        }
        let sql = ChangeLog.installSQL(for: table)
        do {
            try database.write { db in
                try db.execute(sql: sql)
                state.withLock { $0.changeLogRemoved = false }
            }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: sql)
        }
    }

    /// Whether the change log is installed for the listed table: the log table and its
    /// three triggers. Read it before ``installChangeLog()`` to know whether this process
    /// is the one that installs it (and so may ``removeChangeLog()`` it again).
    ///
    /// Call it on any thread; it reads.
    ///
    /// - Returns: `true` when the log table and its three triggers all exist; `false` when any is
    ///   missing.
    /// - Throws: ``SQLiteSourceError`` (`invalidQuery` for a query that is not over a table).
    public func changeLogIsInstalled() throws(SQLiteSourceError) -> Bool {
        guard let table = query.tableName else {
            throw SQLiteSourceError(.invalidQuery, path: path, message: "a change log needs a table origin, not a SELECT")
        }
        do {
            return try database.read { db in try ChangeLog.isInstalled(db, for: table) }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
    }

    /// Removes what ``installChangeLog()`` installed for the listed table: its three
    /// triggers, and the log table once no table's triggers write to it, so that writers
    /// stop paying for it. For a change log that nothing will read, say one this process
    /// installed before its first load failed. The removal sticks: a source with
    /// ``Options/changeLog`` does not install it again by itself (its loads fail, as
    /// `invalidQuery` naming the removal) until ``installChangeLog()``.
    ///
    /// Call it on any thread; it writes.
    ///
    /// - Throws: ``SQLiteSourceError`` (`readOnly` for a followed database; `invalidQuery`
    ///   for a query that is not over a table).
    public func removeChangeLog() throws(SQLiteSourceError) {
        guard access == .owned else {
            throw SQLiteSourceError(.readOnly, path: path, message: "\(path) is followed read-only; removing a change log needs access: .owned")
        }
        guard let table = query.tableName else {
            throw SQLiteSourceError(.invalidQuery, path: path, message: "a change log needs a table origin, not a SELECT")
        }
        do {
            try database.write { db in
                try ChangeLog.remove(db, for: table)
                // In the writer's transaction: a load's repair (below) runs before or after it.
                state.withLock { $0.changeLogRemoved = true }
            }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
    }

    /// Installs the change log if any part of it is missing, unless ``removeChangeLog()``
    /// removed it: then throws `invalidQuery`. One write, ordered with the removal's.
    func ensureChangeLog() async throws {
        guard let table = query.tableName else { return }
        let removed = SQLiteSourceError(
            .invalidQuery, path: path,
            message: "the change log of table \(table.sqlQuotedIdentifier) was removed (removeChangeLog()); installChangeLog() installs it again"
        )
        if state.withLock({ $0.changeLogRemoved }) { throw removed }
        if try await database.read({ db in try ChangeLog.isInstalled(db, for: table) }) { return }
        let sql = ChangeLog.installSQL(for: table)
        try await database.write { db in
            if self.state.withLock({ $0.changeLogRemoved }) { throw removed }
            if try ChangeLog.isInstalled(db, for: table) { return }
            try db.execute(sql: sql)
        }
    }

    /// Counts of patches and full loads so far.
    ///
    /// Any thread.
    public var incrementalStatistics: IncrementalStatistics {
        state.withLock { $0.statistics }
    }

    /// The rows the source's own commits touched since `snapshot` was loaded, placed by
    /// SQLite, as a patch; `nil` (a full reload) when the delta cannot be trusted: another
    /// connection committed (its rows are unknown), the schema changed, more rows were
    /// touched than ``Options/incrementalRowLimit``, the query cannot be patched (see
    /// `IncrementalPlan`), the list's sections are not contiguous in its order, or a row
    /// may have changed its rowid or been deleted by a REPLACE unreported (checked by a
    /// count).
    ///
    /// Runs on the adapter's task, on the database writer's queue (so no own commit can
    /// interleave), inside one read transaction.
    ///
    /// - Parameter snapshot: the list the adapter holds, loaded by ``loadBaseline()`` or patched
    ///   since; the rows the patch places are placed against it.
    /// - Returns: the changes since `snapshot` as a patch (empty when nothing changed); `nil` when
    ///   the adapter must load the whole list again.
    /// - Throws: ``SQLiteSourceError``, as ``loadEntries()``.
    public func loadChanges(since snapshot: ListSnapshot<ID, Summary>) async throws -> ListSnapshotPatch<ID, Summary>? {
        try checkFile()
        let ticket = startOperation()
        guard isPatchable, let (plan, version) = state.withLock({ state in state.plan.map { ($0, state.writerVersion) } }) else {
            return fallBack("the query cannot be patched")
        }
        let query = self.query
        let limit = options.incrementalRowLimit
        if usesChangeLog { return try await loadLoggedChanges(since: snapshot, plan: plan, limit: limit, ticket: ticket) }
        let outcome: Result<ListSnapshotPatch<ID, Summary>, RowPlacement.Untrusted>
        do {
            let tracker = self.tracker
            outcome = try await database.writeWithoutTransaction { db in
                var result = Result<ListSnapshotPatch<ID, Summary>, RowPlacement.Untrusted>.failure(.init(reason: "not run"))
                // A newer load started: the rowids recorded are its to take.
                guard self.isLatestOperation(ticket) else { return .failure(.init(reason: "superseded by a newer load")) }
                try db.inTransaction(.deferred) {
                    result = try Self.patch(db, plan: plan, version: version, query: query, snapshot: snapshot, tracker: tracker, limit: limit)
                    return .commit
                }
                return result
            }
        } catch {
            tracker.invalidateBaseline()
            throw SQLiteSourceError(error, path: path, sql: plan.rowsSQL)
        }
        switch outcome {
        case .success(let patch):
            state.withLock { $0.statistics.patches += 1 }
            return patch
        case .failure(let untrusted):
            return fallBack(untrusted.reason)
        }
    }

    /// The patch for the rows the change log names past the plan's cursor, read and placed
    /// in one read transaction on a reader (every writer's commits, this process's and
    /// others').
    private func loadLoggedChanges(since snapshot: ListSnapshot<ID, Summary>, plan: IncrementalPlan, limit: Int, ticket: Int) async throws -> ListSnapshotPatch<ID, Summary>? {
        guard let cursor = plan.logCursor, let table = query.tableName else { return fallBack("no change log cursor") }
        let query = self.query
        let outcome: Result<(ListSnapshotPatch<ID, Summary>, Int64), RowPlacement.Untrusted>
        do {
            outcome = try await database.read { db in
                guard try Int.fetchOne(db.cachedStatement(sql: "PRAGMA schema_version")) == plan.schemaVersion else {
                    return .failure(.init(reason: "the schema changed"))
                }
                guard let (rowIDs, latest) = try ChangeLog.touched(db, listed: table, after: cursor, limit: limit) else {
                    return .failure(.init(reason: "the change log has a gap or too many rows past the cursor"))
                }
                do {
                    return .success((try RowPlacement.patch(db, plan: plan, query: query, baseline: snapshot, touched: rowIDs), latest))
                } catch let untrusted as RowPlacement.Untrusted {
                    return .failure(untrusted)
                }
            }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: plan.rowsSQL)
        }
        switch outcome {
        case .success(let (patch, latest)):
            let patches = state.withLock { state in
                // Only the latest load moves the cursor (see `State.ticket`).
                if state.ticket == ticket { state.plan?.logCursor = latest }
                state.statistics.patches += 1
                return state.statistics.patches
            }
            if patches % 256 == 0 { pruneChangeLog() }
            return patch
        case .failure(let untrusted):
            return fallBack(untrusted.reason)
        }
    }

    /// Numbers a baseline load or patch as it starts (see `State.ticket`).
    func startOperation() -> Int {
        state.withLock { state in
            state.ticket += 1
            return state.ticket
        }
    }

    /// Whether no load or patch started after the one numbered `ticket`.
    func isLatestOperation(_ ticket: Int) -> Bool {
        state.withLock { $0.ticket == ticket }
    }

    /// Prunes the change log in the background (best effort). Any thread.
    func pruneChangeLog() {
        database.asyncWriteWithoutTransaction { db in try? ChangeLog.prune(db) }
    }

    private func fallBack(_ reason: String) -> ListSnapshotPatch<ID, Summary>? {
        tracker.invalidateBaseline()
        state.withLock {
            $0.statistics.fallbacks += 1
            $0.statistics.lastFallbackReason = reason
        }
        return nil
    }

    /// The patch, computed inside the caller's read transaction on the writer connection.
    private static func patch(
        _ db: Database, plan: IncrementalPlan, version: Int?, query: SQLiteListQuery,
        snapshot: ListSnapshot<ID, Summary>, tracker: DeltaTracker, limit: Int
    ) throws -> Result<ListSnapshotPatch<ID, Summary>, RowPlacement.Untrusted> {
        let delta = tracker.take()
        if delta.mustReload { return .failure(.init(reason: "no baseline to patch")) }
        guard try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) == version else {
            return .failure(.init(reason: "another connection committed"))
        }
        guard try Int.fetchOne(db.cachedStatement(sql: "PRAGMA schema_version")) == plan.schemaVersion else {
            return .failure(.init(reason: "the schema changed"))
        }
        if delta.rowIDs.count > limit { return .failure(.init(reason: "\(delta.rowIDs.count) rows touched (limit \(limit))")) }
        // An updated rowid the list did not hold may be a row whose rowid changed, its old
        // rowid unreported: the count tells.
        let needsCount = plan.hasOtherUniqueIndexes || delta.updatedRowIDs.contains { rowID in
            ID.fromRowID(rowID).map { !snapshot.contains($0) } ?? true
        }
        let countingPlan = needsCount && !plan.hasOtherUniqueIndexes ? plan.requiringCount() : plan
        do {
            return .success(try RowPlacement.patch(db, plan: countingPlan, query: query, baseline: snapshot, touched: delta.rowIDs))
        } catch let untrusted as RowPlacement.Untrusted {
            return .failure(untrusted)
        }
    }
}
