import Foundation
import GRDB

/// Whether a query's list can be patched from the rows a commit touched, and the SQL that
/// does it. Made on a connection at every full load, so a schema change is noticed.
///
/// The delta is trusted only for a plain rowid table (not a view, not `WITHOUT ROWID`),
/// listed by its INTEGER PRIMARY KEY (or `rowid`), whose section, summary, order and filter
/// read that table alone. The list's order becomes the query's `ORDER BY` followed by
/// `rowid`, a total order, so that ties are placed the same by a full scan and by the
/// delta. Anything else, a join, a view, a `select:` origin, is reloaded in full.
struct IncrementalPlan: Sendable {
    /// The table, as given.
    let table: String
    /// `PRAGMA schema_version` when the plan was made.
    let schemaVersion: Int
    /// The entry query with the tiebreaker: the full scan runs it.
    let entriesSQL: String
    /// `rowid, identifier, section, summary` of the rows in `json_each(:listadapter_ids)`
    /// that pass the filter, in list order.
    let rowsSQL: String
    /// Which of two rows (`:a`, `:b`) comes first in list order.
    let compareSQL: String
    /// Counts the list (for tables where a REPLACE may delete rows unreported).
    let countSQL: String
    /// Whether the table has a UNIQUE constraint besides its primary key, so an
    /// `INSERT OR REPLACE` can delete rows without reporting them.
    let hasOtherUniqueIndexes: Bool
    /// The change log's latest sequence number when the list was scanned, where the source
    /// reads a change log (see `ChangeLog`).
    var logCursor: Int64?

    /// Why a query cannot be patched, for logs and tests.
    enum Ineligibility: Error, Equatable, Sendable {
        case notATable, noOrder, identifierIsNotTheRowid, readsOtherTables, withoutRowid
    }

    /// The plan for `query` on `db`, or why there is none.
    static func make(_ db: Database, query: SQLiteListQuery) throws -> Result<IncrementalPlan, Ineligibility> {
        guard case .table(let table) = query.origin else { return .failure(.notATable) }
        guard let type = try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [table]),
              type == "table" else { return .failure(.notATable) }
        let quoted = table.sqlQuotedIdentifier
        // WITHOUT ROWID tables have no rowid to report changes by.
        if (try? db.makeStatement(sql: "SELECT rowid FROM \(quoted) LIMIT 0")) == nil { return .failure(.withoutRowid) }
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(quoted))")
        let primaryKey = columns.filter { ($0["pk"] as Int? ?? 0) > 0 }
        var rowidNames: Set<String> = ["rowid", "_rowid_", "oid"]
        if primaryKey.count == 1, let name: String = primaryKey[0]["name"],
           (primaryKey[0]["type"] as String? ?? "").uppercased() == "INTEGER" {
            rowidNames.insert(name.lowercased())
        }
        guard rowidNames.contains(Self.unquoted(query.identifier).lowercased()) else { return .failure(.identifierIsNotTheRowid) }
        // Every table the entry query reads must be this one.
        let region = try db.makeStatement(sql: query.entriesSQL).databaseRegion
        let others = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name != ? COLLATE NOCASE", arguments: [table])
        for other in others where region.isModified(byEventsOfKind: .insert(tableName: other)) { return .failure(.readsOtherTables) }
        let order = (query.order.map { $0 + ", " } ?? "") + "rowid"
        let filter = query.filter.map { " AND (\($0))" } ?? ""
        let uniqueIndexes = try Row.fetchAll(db, sql: "PRAGMA index_list(\(quoted))")
            .filter { ($0["unique"] as Int? ?? 0) == 1 && ($0["origin"] as String? ?? "") != "pk" }
        var entries = "SELECT \(query.identifier), \(query.section ?? "NULL"), \(query.summary ?? "NULL") FROM \(quoted)"
        if let where_ = query.filter { entries += " WHERE \(where_)" }
        entries += " ORDER BY \(order)"
        return .success(IncrementalPlan(
            table: table,
            schemaVersion: try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0,
            entriesSQL: entries,
            rowsSQL: "SELECT rowid, \(query.identifier), \(query.section ?? "NULL"), \(query.summary ?? "NULL") FROM \(quoted)"
                + " WHERE rowid IN (SELECT value FROM json_each(:listadapter_ids))\(filter) ORDER BY \(order)",
            compareSQL: "SELECT rowid FROM \(quoted) WHERE rowid IN (:a, :b) ORDER BY \(order) LIMIT 1",
            countSQL: "SELECT count(*) FROM \(quoted)" + (query.filter.map { " WHERE \($0)" } ?? ""),
            hasOtherUniqueIndexes: !uniqueIndexes.isEmpty
        ))
    }

    /// The same plan, checking the list's count after every patch.
    func requiringCount() -> IncrementalPlan {
        IncrementalPlan(
            table: table, schemaVersion: schemaVersion, entriesSQL: entriesSQL, rowsSQL: rowsSQL,
            compareSQL: compareSQL, countSQL: countSQL, hasOtherUniqueIndexes: true, logCursor: logCursor
        )
    }

    /// `"id"`, `[id]` or `` `id` `` as `id`.
    static func unquoted(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first, let last = trimmed.last, trimmed.count >= 2 else { return trimmed }
        if (first == "\"" && last == "\"") || (first == "`" && last == "`") || (first == "[" && last == "]") {
            return String(trimmed.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
        }
        return trimmed
    }
}
