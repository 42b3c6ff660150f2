#if PostgreSQL
public import ListAdapter
import Logging
import PostgresNIO

extension PostgresListSource: IncrementalListDataSource {
    /// Installs (or repairs) the change log: a log table (`listadapter_log_<table>`) and two
    /// triggers on the listed table, in one transaction. An owned source with
    /// ``Options/changeLog`` does this when it opens, and again at a full load that finds
    /// a trigger missing (after a migration dropped it).
    ///
    /// Call it from any task; it writes to the server.
    ///
    /// - Throws: ``PostgresSourceError``: `readOnly` for a followed source;
    ///   `permissionDenied` when the role may not create tables, functions or triggers.
    public func installChangeLog() async throws(PostgresSourceError) {
        _ = try await installChangeLogNoting()
    }

    /// ``installChangeLog()``, returning whether the log's triggers were missing (so this
    /// call installed them), as seen inside the installing transaction. A `repair` (a
    /// load's) fails instead when ``removeChangeLog()`` removed the log: checked under the
    /// installers' lock, which the removal takes too; any other install ends the removal.
    func installChangeLogNoting(repair: Bool = false) async throws(PostgresSourceError) -> Bool {
        guard access == .owned else {
            throw PostgresSourceError(.readOnly, server: server.description, table: table, message: "the source follows \(table) read-only; a change log needs access: .owned")
        }
        guard let changeLog else {
            throw PostgresSourceError(.invalidQuery, server: server.description, table: table, message: "a change log needs a table origin (not a SELECT) and Options.changeLog")
        }
        let regclass = changeLog.qualifiedTable
        let identifier = query.identifier
        let typeSQL = PostgresChangeLog.identifierTypeSQL
        let identifierType: String? = try await tracking.run(table: table, sql: typeSQL, limit: options.replyTimeout) { connection in
            var bindings = PostgresBindings()
            bindings.append(regclass)
            bindings.append(identifier)
            for try await type in try await connection.query(PostgresQuery(unsafeSQL: typeSQL, binds: bindings), logger: connection.logger).decode(String.self) {
                return type
            }
            return nil
        }
        guard let identifierType else {
            throw PostgresSourceError(.missingColumn, server: server.description, table: table, message: "\(table) has no column \(identifier)")
        }
        let statements = changeLog.installSQL(identifierType: identifierType)
        let removed = removedChangeLogError
        let installed = try await tracking.run(table: table, sql: statements.joined(separator: ";\n"), limit: options.replyTimeout) { connection in
            try await Self.inTransaction(connection, "BEGIN") {
                var wasInstalled = true
                for (index, statement) in statements.enumerated() {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: connection.logger).collect()
                    guard index == 0 else { continue }
                    // After the advisory lock: no other installer or remover runs between
                    // these looks and the install.
                    if repair && self.state.withLock({ $0.changeLogRemoved }) { throw removed }
                    wasInstalled = try await self.changeLogIsInstalled(connection, changeLog)
                }
                return !wasInstalled
            }
        }
        if !repair { state.withLock { $0.changeLogRemoved = false } }
        return installed
    }

    /// What a load says once ``removeChangeLog()`` removed the change log.
    var removedChangeLogError: PostgresSourceError {
        PostgresSourceError(.invalidQuery, server: server.description, table: table, message: "the change log of \(table) was removed (removeChangeLog()); installChangeLog() installs it again")
    }

    /// Whether both triggers of the change log are on the table.
    func changeLogIsInstalled(_ connection: PostgresConnection, _ changeLog: PostgresChangeLog) async throws -> Bool {
        var bindings = PostgresBindings()
        bindings.append(changeLog.qualifiedTable)
        for try await count in try await connection.query(PostgresQuery(unsafeSQL: PostgresChangeLog.installedTriggersSQL, binds: bindings), logger: connection.logger).decode(Int64.self) {
            return count == 2
        }
        return false
    }

    /// Scans the whole list as the baseline the next ``loadChanges(since:)`` patches: in
    /// one repeatable-read transaction with the change log's position, so that the list
    /// and the cursor describe the same state.
    ///
    /// Called from one of the adapter's tasks, never on the main queue.
    ///
    /// - Returns: every listed row's identifier, section and summary, in the query's order with the
    ///   identifier as tiebreaker.
    /// - Throws: ``PostgresSourceError``.
    public func loadBaseline() async throws -> ListSnapshot<ID, Summary> {
        try await retryingIfItFails { try await scanBaseline() }
    }

    /// ``loadBaseline()``'s scan.
    private func scanBaseline() async throws -> ListSnapshot<ID, Summary> {
        guard let changeLog else { return try await scanEntries() }
        await readiness.loadStarting(waitingAtMost: options.replyTimeout)
        let ticket = state.withLock { state in
            state.ticket += 1
            return state.ticket
        }
        let repaired = try await tracking.run(table: table, sql: nil, limit: options.replyTimeout) { [self] connection in
            try await changeLogIsInstalled(connection, changeLog)
        }
        if !repaired { _ = try await installChangeLogNoting(repair: true) }
        let expected = state.withLock { $0.lastCount }
        let (scanned, cursor): (EntryStream<ID, Summary>.Scanned, LogCursor) = try await tracking.run(table: table, sql: entriesSQL, limit: options.scanTimeout) { [query, entriesSQL] connection in
            try await Self.inTransaction(connection, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                let scanned = try await EntryStream<ID, Summary>.scan(connection, sql: entriesSQL, arguments: query.arguments, expectedCount: expected)
                let position = try await Self.position(connection, changeLog)
                var applied = Set<Int64>()
                for try await seq in try await connection.query(PostgresQuery(unsafeSQL: changeLog.recentSQL), logger: connection.logger).decode(Int64.self) {
                    applied.insert(seq)
                }
                return (scanned, LogCursor(xmin: position.xmin, applied: applied, highest: position.highest))
            }
        }
        // Prune now and then (a reader further behind than the log reaches rescans).
        if cursor.highest % 64 == 0 || cursor.highest > 0 && ticket % 16 == 1 {
            let prune = changeLog.pruneSQL
            try? await tracking.run(table: table, sql: prune, limit: options.replyTimeout) { connection in
                _ = try await connection.query(PostgresQuery(unsafeSQL: prune), logger: connection.logger).collect()
            }
        }
        state.withLock { state in
            state.lastCount = scanned.snapshot.count
            state.statistics.fullLoads += 1
            guard state.ticket == ticket else { return }
            state.cursor = scanned.isContiguous ? cursor : nil
        }
        return scanned.snapshot
    }

    /// The change since `snapshot` (the list this source last produced) as a patch read
    /// from the change log; `nil` to have the adapter rescan (no log, sections not
    /// contiguous in the order, a truncate, entries pruned past the cursor, too many rows,
    /// rows that moved in ways the log does not explain).
    ///
    /// Called from one of the adapter's tasks, never on the main queue.
    ///
    /// - Parameter snapshot: the list this source last produced for the adapter (by
    ///   ``loadBaseline()`` or a patch since); the change log is read from the cursor that list was
    ///   read at.
    /// - Returns: the changes since `snapshot` as one patch (empty when nothing changed); `nil`
    ///   when the adapter must rescan.
    /// - Throws: ``PostgresSourceError``.
    public func loadChanges(since snapshot: ListSnapshot<ID, Summary>) async throws -> ListSnapshotPatch<ID, Summary>? {
        try await retryingIfItFails { try await readChanges(since: snapshot) }
    }

    /// ``loadChanges(since:)``'s read.
    private func readChanges(since snapshot: ListSnapshot<ID, Summary>) async throws -> ListSnapshotPatch<ID, Summary>? {
        guard let changeLog else { return nil }
        await readiness.loadStarting(waitingAtMost: options.replyTimeout)
        let (ticket, cursor) = state.withLock { state in
            state.ticket += 1
            return (state.ticket, state.cursor)
        }
        guard let cursor else { return nil }
        let outcome: PatchOutcome
        do {
            outcome = try await patchOutcome(changeLog, cursor: cursor, snapshot: snapshot)
        } catch let error as PostgresSourceError where error.sqlState == PreparedText.stalePlanState {
            // A column the list reads changed type since the statements were planned
            // (they are prepared again next time): the list is rescanned.
            outcome = .fallback("the table changed shape: \(error.message)")
        }
        switch outcome {
        case .fallback(let reason):
            state.withLock { state in
                state.statistics.fallbacks += 1
                state.statistics.lastFallbackReason = reason
            }
            return nil
        case .patch(let patch, let next, let roundTrips):
            state.withLock { state in
                state.statistics.patches += 1
                if roundTrips < 0 { state.statistics.directPatches += 1 }
                state.statistics.placementRoundTrips += max(0, roundTrips)
                if state.ticket == ticket { state.cursor = next }
            }
            return patch
        }
    }

    /// One patch read: in one statement when the order allows (``PostgresDirectPatch``),
    /// else, or when its rows do not place from their predecessors, the log past `cursor`
    /// and a search for the touched rows' places in one repeatable-read transaction.
    private func patchOutcome(_ changeLog: PostgresChangeLog, cursor: LogCursor, snapshot: ListSnapshot<ID, Summary>) async throws -> PatchOutcome {
        let limit = options.incrementalRowLimit
        if let directPatch, let regclass = query.qualifiedTable {
            let query = query
            let indexed = state.withLock { $0.directPatchIndexed }
            let outcome: PostgresDirectPatch.Outcome<ID, Summary>? = try await tracking.run(table: table, sql: directPatch.statement.sql, limit: options.replyTimeout) { connection in
                // Asked once: without an index on the order's columns, each predecessor
                // would be a scan of the table.
                var found = indexed
                if found == nil {
                    found = try await directPatch.hasIndex(on: connection, table: regclass)
                    self.state.withLock { $0.directPatchIndexed = found }
                }
                guard found == true else { return nil }
                return try await directPatch.read(on: connection, query: query, cursor: cursor, snapshot: snapshot, limit: limit)
            }
            switch outcome {
            case .patch(let patch, let next)?: return .patch(patch, next, -1)
            case .fallback(let reason)?: return .fallback(reason)
            case .search?, nil: break
            }
        }
        let fanOut = options.placementFanOut
        let (query, statements) = (query, placementStatements)
        return try await tracking.run(table: table, sql: changeLog.positionAndEntriesSQL, limit: options.replyTimeout) { connection in
            try await Self.inTransaction(connection, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                var bindings = PostgresBindings()
                bindings.append(cursor.xmin)
                var position: (xmin: String, lowest: Int64, highest: Int64)?
                var touched = Set<ID>()
                var applied = Set<Int64>()
                var truncated = false
                // The log's position and the entries past the cursor, in one statement.
                let rows = try await changeLog.positionAndEntries.run(on: connection, bindings)
                for try await row in rows {
                    let (xmin, lowest, highest, entry, isTruncate, recent) = try row.decode((String, Int64, Int64, Int64?, Bool?, Bool?).self)
                    if position == nil { position = (xmin, lowest, highest) }
                    guard let seq = entry else { continue }
                    if recent == true { applied.insert(seq) }
                    if cursor.applied.contains(seq) { continue }
                    if isTruncate == true {
                        truncated = true
                    } else {
                        touched.insert(try row.decode((String, Int64, Int64, Int64?, Bool?, Bool?, ID).self).6)
                    }
                }
                guard let position else { return .fallback("no log position") }
                if let obstacle = cursor.obstacle(position: position, truncated: truncated, touched: touched.count, limit: limit) { return .fallback(obstacle) }
                let next = cursor.next(at: position, applied: applied)
                if touched.isEmpty { return .patch(ListSnapshotPatch(touched: [], rows: []), next, 0) }
                var placement = PostgresRowPlacement<ID, Summary>(connection: connection, query: query, statements: statements, fanOut: fanOut)
                do {
                    let patch = try await placement.patch(baseline: snapshot, touched: Array(touched))
                    return .patch(patch, next, placement.roundTrips)
                } catch let untrusted as PostgresRowPlacement<ID, Summary>.Untrusted {
                    return .fallback(untrusted.reason)
                }
            }
        }
    }

    enum PatchOutcome: Sendable {
        /// The patch, the cursor past it and the placement's round trips (-1: read in one
        /// statement, see ``PostgresDirectPatch``).
        case patch(ListSnapshotPatch<ID, Summary>, LogCursor, Int)
        case fallback(String)
    }

    /// The snapshot's `xmin` and the log's smallest and largest `seq`.
    static func position(_ connection: PostgresConnection, _ changeLog: PostgresChangeLog) async throws -> (xmin: String, lowest: Int64, highest: Int64) {
        for try await (xmin, lowest, highest) in try await connection.query(PostgresQuery(unsafeSQL: changeLog.positionSQL), logger: connection.logger).decode((String, Int64, Int64).self) {
            return (xmin, lowest, highest)
        }
        throw PostgresRowPlacement<ID, Summary>.Untrusted(reason: "no log position")
    }

    /// Runs `body` between `begin` and `COMMIT`, rolling back when it throws.
    static func inTransaction<T: Sendable>(_ connection: PostgresConnection, _ begin: String, _ body: () async throws -> T) async throws -> T {
        _ = try await connection.query(PostgresQuery(unsafeSQL: begin), logger: connection.logger).collect()
        do {
            let result = try await body()
            _ = try await connection.query("COMMIT", logger: connection.logger).collect()
            return result
        } catch {
            // A statement sent on a closed connection is never answered (postgres-nio 1.33).
            if !connection.isClosed { _ = try? await connection.query("ROLLBACK", logger: connection.logger).collect() }
            throw error
        }
    }
}
#endif
