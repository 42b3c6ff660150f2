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
    public func loadChanges(since snapshot: ListSnapshot<ID, Summary>) async throws -> ListSnapshotPatch<ID, Summary>? {
        try checkFile()
        guard isPatchable, let (plan, version) = state.withLock({ state in state.plan.map { ($0, state.writerVersion) } }) else {
            return fallBack("the query cannot be patched")
        }
        let query = self.query
        let limit = options.incrementalRowLimit
        let outcome: Result<ListSnapshotPatch<ID, Summary>, RowPlacement.Untrusted>
        do {
            let tracker = self.tracker
            outcome = try await database.writeWithoutTransaction { db in
                var result = Result<ListSnapshotPatch<ID, Summary>, RowPlacement.Untrusted>.failure(.init(reason: "not run"))
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
        guard try Int.fetchOne(db, sql: "PRAGMA data_version") == version else {
            return .failure(.init(reason: "another connection committed"))
        }
        guard try Int.fetchOne(db, sql: "PRAGMA schema_version") == plan.schemaVersion else {
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
