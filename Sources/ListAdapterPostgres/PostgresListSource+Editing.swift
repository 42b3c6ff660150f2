#if PostgreSQL
public import ListAdapter
import PostgresNIO

/// A person's moves and deletes, written to an owned table on a connection of the source's
/// own: the change log's triggers record them as they record every writer's commits, so
/// the adapter patches them in.
extension PostgresListSource {
    /// Writes a person's move: the moved row gets an `OrderKey` key where
    /// `ListMove.anchor(listing:)` says among the destination section's rows as the server
    /// has them now, and the destination section's title in the section column.
    ///
    /// One transaction, holding a transaction-level advisory lock on the destination
    /// section (so moves through ListAdapter sources into one section take turns), reads the
    /// neighbours and writes: the anchor's other side is read from the table, not taken from
    /// the move. `previous == nil` puts the row first in the section (before rows another
    /// writer put at the top since), `next == nil` last; else right after `previous`, or just
    /// before `next` when `previous` is no longer in the section, or else last. The move
    /// writes one row, unless the key would be longer than the policy's limit: then it also
    /// rewrites a window of neighbours, never more than the policy's `maximumRowsWritten`
    /// rows.
    ///
    /// Call it from any task; it waits on the network (within ``Options/replyTimeout``).
    /// An adapter listing this source confirms the move by the receipt once it has loaded
    /// the list after the write.
    ///
    /// - Parameter move: the person's move, as the adapter gives it to its `write`: the moved row's
    ///   identifier, the destination section's title, and the neighbours `previous` and `next` that
    ///   place it (read again from the table, see above).
    /// - Returns: the receipt: the moved row's key, and the rows written.
    /// - Throws: ``PostgresSourceError``: `readOnly` for a followed source, `invalidQuery`
    ///   with no ordering, `missingRow` when the moved row is no longer listed (an adapter
    ///   then shows it gone, see `ListItemGoneError`), `invalidOrderKey` for a neighbour
    ///   whose position is not a key, the server's errors.
    @discardableResult
    public func move(_ move: ListMove<ID>) async throws(PostgresSourceError) -> ListMoveReceipt {
        let ordering = try writableOrdering()
        let plan = try await writing.run(table: table, sql: nil, limit: options.replyTimeout) { connection in
            try await Self.inTransaction(connection, "BEGIN") {
                try await self.write(move, ordering: ordering, on: connection)
            }
        }
        return ListMoveReceipt(orderKey: plan.movedKey, rowsWritten: plan.rowsWritten, listedBy: self)
    }

    /// Deletes the listed rows of `ids` in one transaction; identifiers of rows already
    /// gone (or outside the query's filter) are skipped. Call it from any task.
    ///
    /// - Parameter ids: the identifiers of the rows to delete, in any order; an empty array writes
    ///   nothing and returns 0.
    /// - Returns: the rows deleted.
    /// - Throws: ``PostgresSourceError``: `readOnly` for a followed source, the server's errors.
    @discardableResult
    public func delete(_ ids: [ID]) async throws(PostgresSourceError) -> Int {
        guard access == .owned else {
            throw PostgresSourceError(.readOnly, server: server.description, table: table, message: "the source follows \(table) read-only; open it with access: .owned to delete rows")
        }
        guard let qualified = query.qualifiedTable else {
            throw PostgresSourceError(.invalidQuery, server: server.description, table: table, message: "rows are deleted from a table: the query lists a SELECT")
        }
        if ids.isEmpty { return 0 }
        let query = self.query
        return try await writing.run(table: table, sql: nil, limit: options.replyTimeout) { connection in
            var binder = Binder(bindings: query.arguments)
            var sql = "DELETE FROM \(qualified) AS listadapter_rows WHERE \(query.identifierColumn) = ANY(\(try binder.add(ids)))"
            if let filter = query.filter { sql += " AND (\(filter))" }
            var deleted = 0
            for try await _ in try await connection.query(PostgresQuery(unsafeSQL: sql + " RETURNING 1", binds: binder.bindings), logger: connection.logger) {
                deleted += 1
            }
            return deleted
        }
    }

    /// Gives every listed row an `OrderKey` key in its position column, in list order
    /// (`order`, the query's by default): evenly spread keys of the fewest digits, written in
    /// transactions of `batchSize` rows. Run it once, before the list is editable. Call it
    /// from any task.
    ///
    /// - Parameters:
    ///   - order: the SQL ORDER BY of the fill; the query's order by default.
    ///   - batchSize: the rows written per transaction.
    /// - Returns: the rows given a key.
    /// - Throws: ``PostgresSourceError``.
    @discardableResult
    public func assignPositions(orderedBy order: String? = nil, batchSize: Int = 10_000) async throws(PostgresSourceError) -> Int {
        precondition(batchSize > 0, "assignPositions: batchSize must be positive")
        let ordering = try writableOrdering()
        guard let qualified = query.qualifiedTable else { throw PostgresSourceError(.invalidQuery, server: server.description, table: table, message: "positions are written to a table") }
        let query = self.query
        let select = "SELECT \(query.identifierColumn) FROM \(query.fromClause)\(query.whereFilter) ORDER BY \(order ?? query.fullOrder)"
        return try await writing.run(table: table, sql: select, limit: options.scanTimeout) { connection in
            var ids: [ID] = []
            for try await id in try await connection.query(PostgresQuery(unsafeSQL: select, binds: query.arguments), logger: connection.logger).decode(ID.self) {
                ids.append(id)
            }
            let keys = try OrderKey.keys(count: ids.count, between: nil, and: nil)
            for start in stride(from: 0, to: ids.count, by: batchSize) {
                let range = start ..< min(start + batchSize, ids.count)
                var binder = Binder(bindings: PostgresBindings())
                let sql = "UPDATE \(qualified) AS listadapter_rows SET \(ordering.position.quotedIdentifier) = v.k"
                    + " FROM unnest(\(try binder.add(Array(keys[range]))), \(try binder.add(Array(ids[range])))) AS v(k, i)"
                    + " WHERE \(query.identifierColumn) = v.i"
                try await Self.inTransaction(connection, "BEGIN") {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binder.bindings), logger: connection.logger).collect()
                }
            }
            return ids.count
        }
    }

    /// The move's reads and writes, inside its transaction on `connection`.
    private func write(_ move: ListMove<ID>, ordering: ListOrdering, on connection: PostgresConnection) async throws -> OrderKeyPlan {
        let query = self.query, table = self.table
        let qualified = query.qualifiedTable!
        let position = "listadapter_rows.\(ordering.position.quotedIdentifier)"
        let title = move.destinationSection
        func rows(_ sql: String, _ binder: Binder) async throws -> [(ID, String?)] {
            var rows: [(ID, String?)] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binder.bindings), logger: connection.logger).decode((ID, String?).self) {
                rows.append(row)
            }
            return rows
        }
        // Moves into one section take turns (other writers' inserts are read as they commit).
        var lock = Binder(bindings: PostgresBindings())
        let lockSQL = "SELECT pg_advisory_xact_lock(hashtext(\(try lock.add("listadapter move \(qualified) \(title ?? "")"))))"
        _ = try await connection.query(PostgresQuery(unsafeSQL: lockSQL, binds: lock.bindings), logger: connection.logger).collect()
        func find(_ id: ID, inSection: Bool) async throws -> (ID, String?)? {
            var binder = Binder(bindings: query.arguments)
            var sql = "SELECT \(query.identifierColumn), \(position) FROM \(qualified) AS listadapter_rows WHERE \(query.identifierColumn) = \(try binder.add(id))"
            if inSection, let condition = try Self.sectionCondition(ordering.section, title, &binder) { sql += " AND \(condition)" }
            if let filter = query.filter { sql += " AND (\(filter))" }
            return try await rows(sql, binder).first
        }
        guard try await find(move.id, inSection: false) != nil else {
            throw PostgresSourceError(.missingRow, server: server.description, table: table, message: "the moved row \(move.id) of table \(table) is no longer listed (deleted or changed by another session?)")
        }
        func key(_ row: (ID, String?)) throws -> String {
            guard let text = row.1 else {
                throw PostgresSourceError(.invalidOrderKey, server: server.description, table: table, message: "row \(row.0) of table \(table) has position NULL, not an order key; give the table keys first (assignPositions)")
            }
            do {
                try OrderKey.validate(text)
            } catch {
                throw PostgresSourceError(.invalidOrderKey, server: server.description, table: table, message: "row \(row.0) of table \(table): \(error)")
            }
            return text
        }
        func neighbours(of bound: String?, ascending: Bool, inclusive: Bool, limit: Int) async throws -> [(ID, String?)] {
            var binder = Binder(bindings: query.arguments)
            var clauses = ["\(query.identifierColumn) <> \(try binder.add(move.id))"]
            if let bound {
                clauses.append("\(position) \(ascending ? ">" : "<")\(inclusive ? "=" : "") \(try binder.add(bound))")
            } else {
                clauses.append("\(position) IS NOT NULL")
            }
            if let condition = try Self.sectionCondition(ordering.section, title, &binder) { clauses.append(condition) }
            if let filter = query.filter { clauses.append("(\(filter))") }
            let sql = "SELECT \(query.identifierColumn), \(position) FROM \(qualified) AS listadapter_rows WHERE "
                + clauses.joined(separator: " AND ") + " ORDER BY \(position) \(ascending ? "ASC" : "DESC") LIMIT \(limit)"
            return try await rows(sql, binder)
        }
        // The gap the row goes into, as the table has it now.
        var lower: String?, upper: String?
        switch try await move.anchor(listing: { try await find($0, inSection: true) != nil }) {
        case .first:
            upper = try await neighbours(of: nil, ascending: true, inclusive: false, limit: 1).first.map(key)
        case .last:
            lower = try await neighbours(of: nil, ascending: false, inclusive: false, limit: 1).first.map(key)
        case .after(let previous):
            lower = try key(try await find(previous, inSection: true)!)
            upper = try await neighbours(of: lower, ascending: true, inclusive: false, limit: 1).first.map(key)
        case .before(let next):
            upper = try key(try await find(next, inSection: true)!)
            lower = try await neighbours(of: upper, ascending: false, inclusive: false, limit: 1).first.map(key)
        }
        let policy = ordering.policy
        var before: [(ID, String?)] = [], after: [(ID, String?)] = []
        let plan: OrderKeyPlan
        if let single = try policy.singleKey(between: lower, and: upper) {
            plan = OrderKeyPlan(rewrittenBefore: 0, keys: [single])
        } else {
            if let lower { before = try await neighbours(of: lower, ascending: false, inclusive: true, limit: policy.neighbourLimit) }
            if let upper { after = try await neighbours(of: upper, ascending: true, inclusive: true, limit: policy.neighbourLimit) }
            plan = try policy.plan(before: before.map(key), after: after.map(key))
        }
        // The moved row (and section), then the window's neighbours, in one statement.
        var ids = [move.id], keys = [plan.movedKey]
        for index in 0 ..< plan.rewrittenBefore {
            ids.append(before[index].0)
            keys.append(plan.keys[plan.rewrittenBefore - 1 - index])
        }
        for index in 0 ..< plan.rewrittenAfter {
            ids.append(after[index].0)
            keys.append(plan.keys[plan.rewrittenBefore + 1 + index])
        }
        var binder = Binder(bindings: PostgresBindings())
        let movedID = try binder.add(move.id)
        var assignments = "\(ordering.position.quotedIdentifier) = v.k"
        if let section = ordering.section {
            let value: String
            if let title { value = try binder.add(title) } else { value = "NULL" }
            assignments += ", \(section.quotedIdentifier) = CASE WHEN \(query.identifierColumn) = \(movedID) THEN \(value) ELSE \(section.quotedIdentifier) END"
        }
        let sql = "UPDATE \(qualified) AS listadapter_rows SET \(assignments)"
            + " FROM unnest(\(try binder.add(keys)), \(try binder.add(ids))) AS v(k, i) WHERE \(query.identifierColumn) = v.i"
        _ = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binder.bindings), logger: connection.logger).collect()
        return plan
    }
}
#endif
