import GRDB
import GRDBSQLite
import ListAdapter

/// Turns the rowids a commit touched into a ``ListAdapter/ListSnapshotPatch``: reads the
/// touched rows that are (still) in the list, in list order, and finds each one's gap among
/// the untouched rows by binary search, with SQLite comparing the row with untouched rows
/// fetched by rowid (so collations, NULLs and DESC are SQLite's own). No sort key is kept
/// in memory.
///
/// Runs on a connection inside one read transaction (the caller's), so every comparison
/// sees the same database state as the rows it places.
enum RowPlacement {
    /// The patch can't be trusted: reload the whole list.
    struct Untrusted: Error {
        let reason: String
    }

    /// - Complexity: O(k log n) comparisons (two point lookups each) for k touched rows; a
    ///   row whose place did not change relative to its neighbours costs two.
    static func patch<ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue>(
        _ db: Database, plan: IncrementalPlan, query: SQLiteListQuery, baseline: ListSnapshot<ID, Summary>, touched: Set<Int64>
    ) throws -> ListSnapshotPatch<ID, Summary> {
        var touchedIDs: [ID] = []
        touchedIDs.reserveCapacity(touched.count)
        for rowID in touched {
            guard let id = ID.fromRowID(rowID) else { throw Untrusted(reason: "identifier type cannot hold rowid \(rowID)") }
            touchedIDs.append(id)
        }
        let untouched = baseline.untouchedRows(excluding: touchedIDs)
        let present = try readRows(db, plan: plan, query: query, touched: touched) as [Present<ID, Summary>]
        let compare = try db.cachedStatement(sql: plan.compareSQL)
        func precedes(_ a: Int64, _ b: Int64) throws -> Bool {
            guard let first = try Int64.fetchOne(compare, arguments: ["a": a, "b": b]) else {
                throw Untrusted(reason: "row \(a) or \(b) vanished during placement")
            }
            return first == a
        }
        func rowID(atRank rank: Int) throws -> Int64 {
            guard let rowID = untouched.identifier(atRank: rank).rowID else { throw Untrusted(reason: "an identifier is not a rowid") }
            return rowID
        }
        var rows: [ListSnapshotPatch<ID, Summary>.Row] = []
        rows.reserveCapacity(present.count)
        var lowest = 0      // rows come in list order, so gaps never decrease
        for row in present {
            var gap: Int?
            // Most touched rows stay between the same neighbours: try the old place first.
            if let candidate = untouched.formerGap(of: row.id) {
                if candidate >= lowest,
                   try candidate == untouched.count || precedes(row.rowID, rowID(atRank: candidate)),
                   try candidate == lowest || !precedes(row.rowID, rowID(atRank: candidate - 1)) {
                    gap = candidate
                }
            }
            if gap == nil {
                var low = lowest
                var high = untouched.count
                while low < high {
                    let middle = (low + high) / 2
                    if try precedes(row.rowID, rowID(atRank: middle)) { high = middle } else { low = middle + 1 }
                }
                gap = low
            }
            lowest = gap!
            rows.append(.init(id: row.id, section: row.section, summary: row.summary, gap: lowest))
        }
        if plan.hasOtherUniqueIndexes {
            // An INSERT OR REPLACE may have deleted rows that no hook or trigger reported.
            let count = try Int.fetchOne(db, sql: plan.countSQL, arguments: query.arguments) ?? 0
            if count != untouched.count + rows.count { throw Untrusted(reason: "the list has \(count) rows, the patch \(untouched.count + rows.count)") }
        }
        return ListSnapshotPatch(touched: touchedIDs, rows: rows)
    }

    struct Present<ID, Summary> {
        let rowID: Int64
        let id: ID
        let section: String?
        let summary: Summary
    }

    /// The touched rows that pass the filter, in list order, read like the entry scan reads.
    static func readRows<ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue>(
        _ db: Database, plan: IncrementalPlan, query: SQLiteListQuery, touched: Set<Int64>
    ) throws -> [Present<ID, Summary>] {
        let statement = try db.cachedStatement(sql: plan.rowsSQL)
        let json = "[" + touched.map { String($0) }.joined(separator: ",") + "]"
        try statement.setArguments(query.arguments + ["listadapter_ids": json])
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var rows: [Present<ID, Summary>] = []
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: plan.rowsSQL)
            }
            let rowID = sqlite3_column_int64(handle, 0)
            guard ID.representsExactly(SQLiteStorageClasses(columnType: sqlite3_column_type(handle, 1))),
                  let id = ID.read(handle, column: 1), let summary = Summary.read(handle, column: 3) else {
                throw Untrusted(reason: "row \(rowID) has an identifier or summary the full scan would reject")
            }
            let section = sqlite3_column_text(handle, 2).map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(handle, 2))), as: UTF8.self)
            }
            rows.append(Present(rowID: rowID, id: id, section: section, summary: summary))
        }
        return rows
    }
}
