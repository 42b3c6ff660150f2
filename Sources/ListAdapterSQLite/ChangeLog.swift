import Foundation
import GRDB

/// A plain-SQL change log in a database the app owns: a table and three triggers per
/// listed table that record the rowid of every row inserted, updated or deleted, with a
/// sequence number. Any writer, in any process or language, records into it without
/// loading anything; a source reads the log past its cursor after each commit it notices
/// and patches its list with the rows named there.
///
/// Cost to a writer: one extra row inserted into `listadapter_change_log` per changed
/// row (two for an update that changes a rowid), in the same transaction. The log is
/// pruned to its last ``keptEntries`` entries by the sources that read it.
///
/// What it cannot see, and so what makes a source reload in full: a gap in the sequence
/// (entries pruned past a reader's cursor), a schema change (a migration; the triggers are
/// re-created if they were dropped), rows deleted by `INSERT OR REPLACE` without
/// `PRAGMA recursive_triggers` (caught by a count, on tables with such constraints).
enum ChangeLog {
    static let table = "listadapter_change_log"
    /// Entries kept when pruning; a reader further behind reloads in full.
    static let keptEntries = 20_000

    /// The statements that install the log for `listed` (idempotent: `IF NOT EXISTS`).
    static func installSQL(for listed: String) -> String {
        let table = listed.sqlQuotedIdentifier
        let literal = "'" + listed.replacingOccurrences(of: "'", with: "''") + "'"
        func trigger(_ event: String) -> String { "listadapter_log_\(listed)_\(event)".sqlQuotedIdentifier }
        return """
            CREATE TABLE IF NOT EXISTS \(Self.table) (seq INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, rid INTEGER NOT NULL);
            CREATE TRIGGER IF NOT EXISTS \(trigger("insert")) AFTER INSERT ON \(table)
                BEGIN INSERT INTO \(Self.table) (tbl, rid) VALUES (\(literal), NEW.rowid); END;
            CREATE TRIGGER IF NOT EXISTS \(trigger("update")) AFTER UPDATE ON \(table)
                BEGIN
                    INSERT INTO \(Self.table) (tbl, rid) VALUES (\(literal), OLD.rowid);
                    INSERT INTO \(Self.table) (tbl, rid) SELECT \(literal), NEW.rowid WHERE NEW.rowid IS NOT OLD.rowid;
                END;
            CREATE TRIGGER IF NOT EXISTS \(trigger("delete")) AFTER DELETE ON \(table)
                BEGIN INSERT INTO \(Self.table) (tbl, rid) VALUES (\(literal), OLD.rowid); END;
            """
    }

    /// Drops the three triggers on `listed`, then the log table if no table's triggers
    /// write to it any more. Writer, in one transaction.
    static func remove(_ db: Database, for listed: String) throws {
        for event in ["insert", "update", "delete"] {
            try db.execute(sql: "DROP TRIGGER IF EXISTS \("listadapter_log_\(listed)_\(event)".sqlQuotedIdentifier)")
        }
        let writers = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND sql LIKE ?", arguments: ["%" + table + "%"]) ?? 0
        if writers == 0 { try db.execute(sql: "DROP TABLE IF EXISTS \(table)") }
    }

    /// Whether the log and all three triggers for `listed` exist.
    static func isInstalled(_ db: Database, for listed: String) throws -> Bool {
        let names = ["insert", "update", "delete"].map { "listadapter_log_\(listed)_\($0)" }
        let found = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM sqlite_master WHERE (type = 'trigger' AND name IN (?, ?, ?)) OR (type = 'table' AND name = ?)",
            arguments: [names[0], names[1], names[2], table]
        ) ?? 0
        return found == 4
    }

    /// The last sequence number ever given (0 for none), read in the caller's transaction.
    static func latest(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM sqlite_sequence WHERE name = ?"), arguments: [table]) ?? 0
    }

    /// The rowids of `listed` logged after `cursor`, up to the latest entry; `nil` when
    /// entries are missing (pruned past the cursor) or more than `limit` rows were touched.
    static func touched(_ db: Database, listed: String, after cursor: Int64, limit: Int) throws -> (rowIDs: Set<Int64>, latest: Int64)? {
        let latest = try latest(db)
        if latest == cursor { return ([], latest) }
        if latest < cursor { return nil }       // the log was dropped and re-created
        // Statements cached: this runs for every commit another process makes.
        let count = try Int64.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM \(table) WHERE seq > ?"), arguments: [cursor]) ?? 0
        guard count == latest - cursor, count <= Int64(limit) * 2 + 16 else { return nil }
        var rowIDs = Set<Int64>()
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT rid FROM \(table) WHERE seq > ? AND tbl = ?"), arguments: [cursor, listed])
        while let row = try rows.next() { rowIDs.insert(row[0]) }
        return rowIDs.count <= limit ? (rowIDs, latest) : nil
    }

    /// Deletes entries older than the last ``keptEntries``. Writer.
    static func prune(_ db: Database) throws {
        let latest = try latest(db)
        try db.execute(sql: "DELETE FROM \(table) WHERE seq <= ?", arguments: [latest - Int64(keptEntries)])
    }
}
