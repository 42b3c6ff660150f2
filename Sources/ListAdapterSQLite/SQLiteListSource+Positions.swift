import Foundation
import ListAdapter
import GRDB

extension SQLiteListSource {
    /// Gives every listed row an `OrderKey` key in its position column, in list order:
    /// the initial fill of a table whose rows a person will move.
    ///
    /// The keys are `OrderKey.keys(count:between:and:)` over the whole list (four digits
    /// each at a million rows), written in transactions of `batchSize` rows so that other
    /// connections get turns. Run it once, before the list is editable: rows inserted
    /// meanwhile keep their position. Runs on the database's writer queue; call it from
    /// any task.
    ///
    /// - Parameters:
    ///   - order: the SQL ORDER BY of the fill; the query's order by default (rows whose
    ///     positions are all NULL then come in the order of its other terms).
    ///   - batchSize: the rows written per transaction.
    /// - Returns: the rows given a key.
    /// - Complexity: O(rows), one `UPDATE` per row.
    /// - Throws: ``SQLiteSourceError``: as ``move(_:)`` does for the ordering; SQLite's errors.
    @discardableResult
    public func assignPositions(orderedBy order: String? = nil, batchSize: Int = 10_000) async throws(SQLiteSourceError) -> Int {
        precondition(batchSize > 0, "assignPositions: batchSize must be positive")
        let ordering = try writableOrdering()
        let query = self.query
        var sql = "SELECT \(query.identifier) FROM \(query.fromClause)"
        if let filter = query.filter { sql += " WHERE \(filter)" }
        if let order = order ?? query.order { sql += " ORDER BY \(order)" }
        let select = sql
        do {
            return try await database.writeWithoutTransaction { db in
                let statements = try self.checkOrdering(db, ordering)
                let ids = try DatabaseValue.fetchAll(db, sql: select, arguments: query.arguments)
                let keys = try OrderKey.keys(count: ids.count, between: nil, and: nil)
                let update = statements.update(settingSection: false)
                for start in stride(from: 0, to: ids.count, by: batchSize) {
                    try db.inTransaction(.immediate) {
                        let statement = try db.cachedStatement(sql: update)
                        for index in start ..< min(start + batchSize, ids.count) {
                            try statement.execute(arguments: [OrderingStatements.keyArgument: keys[index], OrderingStatements.rowArgument: ids[index]])
                        }
                        return .commit
                    }
                }
                return ids.count
            }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: select)
        }
    }
}
