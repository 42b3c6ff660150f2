import Foundation
public import ListAdapter
import GRDB

/// A person's moves and deletes, written to an owned database through the source's own
/// writer, so that the source notices them as it notices every commit of that writer.
extension SQLiteListSource {
    /// Writes a person's move: the moved row gets an `OrderKey` key where
    /// `ListMove.anchor(listing:)` says among the destination section's rows as the
    /// database has them now, and the destination section's title in the section column.
    ///
    /// ```swift
    /// adapter.moveItem(from: source, to: destination) { move in
    ///     try await notes.move(move)
    /// }
    /// ```
    ///
    /// One writer transaction (`BEGIN IMMEDIATE`) reads the neighbours and writes: the
    /// anchor's other side is read from the database, not taken from the move, since
    /// another writer may have put a row there. `previous == nil` puts the row first in
    /// the section (before rows another writer put at the top since the person saw it),
    /// `next == nil` last; else the row goes right after `previous`, or just before `next`
    /// when `previous` is no longer in that section, or else last. The move writes one
    /// row, unless the key would be longer than the policy's limit: then it also rewrites a
    /// window of neighbours with short keys, never more than `ListOrdering.policy`'s
    /// `maximumRowsWritten` rows (see `OrderKeyRebalancePolicy`).
    ///
    /// Runs on the database's writer queue; call it from any task. The adapter sees the
    /// write as any commit of the source's writer (a patch, or a reload), and confirms the
    /// move by the receipt once it has loaded this source's list after the write.
    ///
    /// - Parameter move: the person's move, as the adapter gives it to its `write`: the moved row's
    ///   identifier, the destination section's title, and the neighbours `previous` and `next` that
    ///   place it (read again from the database, see above).
    /// - Returns: the receipt: the moved row's key, and the rows written.
    /// - Throws: ``SQLiteSourceError``: `readOnly` for a followed database; `missingColumn`
    ///   or `invalidQuery` for an ordering that does not fit the table (or none, see
    ///   ``Options/ordering``); `missingRow` when the moved row is no longer listed (an
    ///   adapter then shows it gone, see `ListItemGoneError`); `invalidOrderKey` for a
    ///   neighbour whose position is not a key; SQLite's errors (`locked` past the busy
    ///   timeout). Nothing is written when it throws.
    @discardableResult
    public func move(_ move: ListMove<ID>) async throws(SQLiteSourceError) -> ListMoveReceipt {
        let ordering = try writableOrdering()
        let plan: OrderKeyPlan
        do {
            plan = try await database.writeWithoutTransaction { db in
                var plan: OrderKeyPlan?
                try db.inTransaction(.immediate) {
                    plan = try self.write(move, ordering: ordering, db)
                    return .commit
                }
                return plan!
            }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
        return ListMoveReceipt(orderKey: plan.movedKey, rowsWritten: plan.rowsWritten, listedBy: self)
    }

    /// Deletes the listed rows of `ids` in one writer transaction; identifiers of rows
    /// already gone (or outside the query's filter) are skipped.
    ///
    /// Runs on the database's writer queue; call it from any task.
    ///
    /// - Parameter ids: the identifiers of the rows to delete, in any order; an empty array writes
    ///   nothing and returns 0.
    /// - Returns: the rows deleted.
    /// - Throws: ``SQLiteSourceError``: `readOnly` for a followed database, `invalidQuery`
    ///   for a query over a SELECT, SQLite's errors.
    @discardableResult
    public func delete(_ ids: [ID]) async throws(SQLiteSourceError) -> Int {
        guard access == .owned else {
            throw SQLiteSourceError(.readOnly, path: path, message: "\(path) is followed read-only; open it with access: .owned to delete rows")
        }
        guard let table = query.tableName else {
            throw SQLiteSourceError(.invalidQuery, path: path, message: "rows are deleted from a table: the query lists a SELECT; list the table itself")
        }
        if ids.isEmpty { return 0 }
        let statements = OrderingStatements(table: table, query: query, ordering: ListOrdering(position: query.identifier))
        let query = self.query
        do {
            return try await database.writeWithoutTransaction { db in
                var deleted = 0
                try db.inTransaction(.immediate) {
                    let plain = ids.filter { $0.blobBytes == nil }
                    if !plain.isEmpty {
                        try db.execute(sql: statements.delete(blob: false), arguments: query.arguments + [OrderingStatements.rowArgument: Self.json(plain)])
                        deleted += db.changesCount
                    }
                    for bytes in ids.compactMap(\.blobBytes) {
                        try db.execute(sql: statements.delete(blob: true), arguments: query.arguments + [OrderingStatements.rowArgument: Data(bytes)])
                        deleted += db.changesCount
                    }
                    return .commit
                }
                return deleted
            }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
    }

    /// The ordering, for a source that may write.
    func writableOrdering() throws(SQLiteSourceError) -> ListOrdering {
        guard access == .owned else {
            throw SQLiteSourceError(.readOnly, path: path, message: "\(path) is followed read-only; open it with access: .owned to write moves")
        }
        guard let ordering = options.ordering else {
            throw SQLiteSourceError(.invalidQuery, path: path, message: "the source has no ordering: set options.ordering to the position column to write moves")
        }
        return ordering
    }

    /// A JSON array of identifiers for `json_each`.
    static func json(_ ids: [ID]) -> String {
        "[" + ids.map(\.jsonLiteral).joined(separator: ",") + "]"
    }

    /// The move's reads and writes, inside the writer's transaction; the keys written.
    private func write(_ move: ListMove<ID>, ordering: ListOrdering, _ db: Database) throws -> OrderKeyPlan {
        let statements = try checkOrdering(db, ordering)
        let table = statements.table
        let section: DatabaseValue = move.destinationSection?.databaseValue ?? .null
        func find(_ id: ID, inSection: Bool) throws -> Row? {
            let value: DatabaseValue = id.blobBytes.map { Data($0).databaseValue } ?? Self.json([id]).databaseValue
            var arguments = query.arguments + [OrderingStatements.rowArgument: value]
            if inSection, ordering.section != nil { arguments += [OrderingStatements.sectionArgument: section] }
            return try Row.fetchOne(db, sql: statements.row(blob: id.blobBytes != nil, inSection: inSection), arguments: arguments)
        }
        guard let moved = try find(move.id, inSection: false) else {
            throw SQLiteSourceError(
                .missingRow, path: path,
                message: "the moved row \(move.id) of table \(table) is no longer listed (deleted or changed by another connection?)"
            )
        }
        let movedID: DatabaseValue = moved[0]
        func key(_ row: Row) throws(SQLiteSourceError) -> String {
            let value: DatabaseValue = row[1]
            guard let text = String.fromDatabaseValue(value) else {
                throw SQLiteSourceError(
                    .invalidOrderKey, path: path,
                    message: "row \(row[0] as DatabaseValue) of table \(table) has position \(value), not an order key; give the table keys first (assignPositions)"
                )
            }
            do {
                try OrderKey.validate(text)
            } catch {
                throw SQLiteSourceError(.invalidOrderKey, path: path, message: "row \(row[0] as DatabaseValue) of table \(table): \(error)")
            }
            return text
        }
        func neighbours(of bound: String?, ascending: Bool, inclusive: Bool, limit: Int) throws -> [Row] {
            var arguments = query.arguments + [OrderingStatements.movedArgument: movedID, "listadapter_limit": limit]
            if ordering.section != nil { arguments += [OrderingStatements.sectionArgument: section] }
            if let bound { arguments += [OrderingStatements.keyArgument: bound] }
            let sql = statements.neighbours(ascending: ascending, inclusive: inclusive, bounded: bound != nil)
            return try Row.fetchAll(db, sql: sql, arguments: arguments)
        }
        // The gap the row goes into, as the database has it now.
        var lower: String?, upper: String?
        switch try move.anchor(listing: { try find($0, inSection: true) != nil }) {
        case .first:
            upper = try neighbours(of: nil, ascending: true, inclusive: false, limit: 1).first.map(key)
        case .last:
            lower = try neighbours(of: nil, ascending: false, inclusive: false, limit: 1).first.map(key)
        case .after(let previous):
            lower = try key(find(previous, inSection: true)!)
            upper = try neighbours(of: lower, ascending: true, inclusive: false, limit: 1).first.map(key)
        case .before(let next):
            upper = try key(find(next, inSection: true)!)
            lower = try neighbours(of: upper, ascending: false, inclusive: false, limit: 1).first.map(key)
        }
        let policy = ordering.policy
        var before: [Row] = [], after: [Row] = []
        let plan: OrderKeyPlan
        if let single = try policy.singleKey(between: lower, and: upper) {
            plan = OrderKeyPlan(rewrittenBefore: 0, keys: [single])
        } else {
            if let lower { before = try neighbours(of: lower, ascending: false, inclusive: true, limit: policy.neighbourLimit) }
            if let upper { after = try neighbours(of: upper, ascending: true, inclusive: true, limit: policy.neighbourLimit) }
            plan = try policy.plan(before: before.map(key), after: after.map(key))
        }
        let moveSQL = statements.update(settingSection: true)
        var arguments: StatementArguments = [OrderingStatements.keyArgument: plan.movedKey, OrderingStatements.rowArgument: movedID]
        if ordering.section != nil { arguments += [OrderingStatements.sectionArgument: section] }
        try db.execute(sql: moveSQL, arguments: arguments)
        let neighbourSQL = statements.update(settingSection: false)
        for index in 0 ..< plan.rewrittenBefore {
            let row = before[index]
            try db.execute(sql: neighbourSQL, arguments: [OrderingStatements.keyArgument: plan.keys[plan.rewrittenBefore - 1 - index], OrderingStatements.rowArgument: row[0] as DatabaseValue])
        }
        for index in 0 ..< plan.rewrittenAfter {
            let row = after[index]
            try db.execute(sql: neighbourSQL, arguments: [OrderingStatements.keyArgument: plan.keys[plan.rewrittenBefore + 1 + index], OrderingStatements.rowArgument: row[0] as DatabaseValue])
        }
        return plan
    }
}
