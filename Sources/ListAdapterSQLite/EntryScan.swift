import Foundation
import GRDB
import GRDBSQLite
import ListAdapter

/// The one streamed entry query: `sqlite3_step` straight into a snapshot builder.
///
/// No `Row`, no Codable: identifiers and summaries are read from the statement's columns
/// by ``SQLiteValue``, and a section title becomes a `String` only when its bytes differ
/// from the previous row's (rows ordered by section share one string per section).
enum EntryScan {
    /// Runs the entry query on a reader of `database`, then builds the snapshot (off the
    /// connection).
    ///
    /// Specialised for the common identifier and summary types: the source is generic,
    /// and an unspecialised loop pays generic-metadata lookups and witness calls per row.
    @_specialize(where ID == Int64, Summary == Int64)
    @_specialize(where ID == Int64, Summary == NoSummary)
    @_specialize(where ID == Int64, Summary == Int64?)
    @_specialize(where ID == Int64, Summary == Double)
    @_specialize(where ID == Int64, Summary == String)
    @_specialize(where ID == Int, Summary == Int)
    @_specialize(where ID == String, Summary == Int64)
    @_specialize(where ID == String, Summary == NoSummary)
    @_specialize(where ID == String, Summary == String)
    static func load<ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue>(
        from database: any DatabaseReader, query: SQLiteListQuery, path: String, expectedCount: Int = 0,
        plan makePlan: (@Sendable (Database) throws -> IncrementalPlan?)? = nil
    ) async throws -> Loaded<ID, Summary> {
        try await database.read { db in
            // The plan is made in the same read transaction as the scan, and its entry
            // query (the order with its rowid tiebreaker) is the one scanned.
            let plan = try makePlan?(db)
            var titleRuns = 0
            let builder: ListSnapshot<ID, Summary>.Builder = try run(
                db, query: query, path: path, expectedCount: expectedCount, sql: plan?.entriesSQL, titleRuns: &titleRuns
            )
            let snapshot = builder.build()
            if !snapshot.duplicates.isEmpty {
                try checkDuplicatesAreExact(snapshot.duplicates, db, query: query, path: path)
            }
            return Loaded(snapshot: snapshot, plan: plan, isContiguous: titleRuns == snapshot.numberOfSections)
        }
    }

    /// A scanned list, with the plan to patch it (if any) and whether its sections were
    /// contiguous in the query's order (a patch keeps list order only then).
    struct Loaded<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
        let snapshot: ListSnapshot<ID, Summary>
        let plan: IncrementalPlan?
        let isContiguous: Bool
    }

    /// Duplicates the snapshot dropped must be duplicates in SQLite too. When the
    /// identifier type equated values SQLite keeps apart (two texts Swift's `String`
    /// equates, `999` and `'999'`), dropping them would lose rows: fail instead.
    /// Runs only when a load found duplicates (a fault), on the same read transaction.
    static func checkDuplicatesAreExact<ID: Hashable & Sendable>(
        _ duplicates: DuplicateIdentifiers<ID>, _ db: Database, query: SQLiteListQuery, path: String
    ) throws(SQLiteSourceError) {
        let sql = "SELECT count(*) - count(DISTINCT (listadapter_id COLLATE BINARY)) FROM (\(query.identifiersSQL))"
        let exact: Int
        do {
            exact = try Int.fetchOne(db, sql: sql, arguments: query.arguments) ?? 0
        } catch {
            throw SQLiteSourceError(error, path: path, sql: sql)
        }
        guard duplicates.count > exact else { return }
        let example = duplicates.samples.first.map { " (for example \($0))" } ?? ""
        throw SQLiteSourceError(
            .inexactIdentifier, path: path, sql: query.entriesSQL,
            message: "\(duplicates.count - exact) rows of column \(query.identifier) have identifiers that are distinct in SQLite"
                + " but equal as \(ID.self)\(example); use SQLiteIdentifier, which compares exact values"
        )
    }

    /// Runs the entry query on `db` (a reader's connection) and returns the filled builder.
    /// `expectedCount` (the previous load's count) sizes the builder up front, so a reload
    /// does not grow its arrays by doubling.
    static func run<ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue>(
        _ db: Database, query: SQLiteListQuery, path: String, expectedCount: Int = 0, sql: String? = nil, titleRuns: inout Int
    ) throws(SQLiteSourceError) -> ListSnapshot<ID, Summary>.Builder {
        let sql = sql ?? query.entriesSQL
        let statement: Statement
        do {
            statement = try db.makeStatement(sql: sql)
            try statement.setArguments(query.arguments)
        } catch {
            throw SQLiteSourceError(error, path: path, sql: sql)
        }
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let capacity = expectedCount > 0 ? expectedCount + expectedCount / 32 + 16 : 0
        // The previous row's title bytes, to compare the next row's with (no ARC per row).
        var titleBytes = TitleBytes()
        defer { titleBytes.deallocate() }
        // Rows are staged in blocks and copied into the builder in bulk. A list longer than
        // one block is built on a second thread while this one reads on (the builder hashes
        // each block's identifiers for the index as it arrives), so the index costs little
        // more than the reading.
        var staged = StagedRows<ID, Summary>()
        defer { staged.deallocate() }
        var pipeline: BuilderThread<ID, Summary>?
        var row = 0
        // The storage classes seen in the identifier column: a new one (rare) is checked
        // against what the identifier type represents exactly.
        var identifierClasses = SQLiteStorageClasses()
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
                throw SQLiteSourceError(DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql), path: path, sql: sql)
            }
            row += 1
            // One SQLite call per column: the type and value are read from what it returns
            // (each `sqlite3_column_*` call pays the API's entry and exit).
            let identifierValue: OpaquePointer = sqlite3_column_value(handle, 0)
            let identifierClass = SQLiteStorageClasses(columnType: sqlite3_value_type(identifierValue))
            if !identifierClasses.contains(identifierClass) {
                identifierClasses.insert(identifierClass)
                if !ID.representsExactly(identifierClasses) {
                    throw inexactIdentifier(ID.self, classes: identifierClasses, row: row, handle: handle, query: query, path: path)
                }
            }
            guard let id = ID.read(value: identifierValue) else {
                throw SQLiteSourceError(.nullIdentifier, path: path, sql: sql, message: "row \(row) has a NULL identifier (\(query.identifier))")
            }
            guard let summary = Summary.read(value: sqlite3_column_value(handle, 2)) else {
                throw SQLiteSourceError(
                    .nullSummary, path: path, sql: sql,
                    message: "row \(row) has a NULL summary (\(query.summary ?? "NULL")); use an Optional summary type if that is expected"
                )
            }
            // sqlite3_value_text is NULL for a NULL value: no separate type call.
            let titleValue: OpaquePointer = sqlite3_column_value(handle, 1)
            if let text = sqlite3_value_text(titleValue) {
                let count = Int(sqlite3_value_bytes(titleValue))
                if !titleBytes.equals(text, count: count) {
                    titleRuns += 1
                    titleBytes.set(text, count: count)
                    staged.setSection(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
                }
            } else if !titleBytes.isNull || row == 1 {
                titleRuns += 1
                titleBytes.setNull()
                staged.setSection(nil)
            }
            if staged.append(id, summary) {
                if pipeline == nil { pipeline = BuilderThread(capacity: capacity) }
                pipeline?.submit(staged.takeBlock())
                yieldToWaitingThreads()
            }
        }
        if let pipeline {
            pipeline.submit(staged.takeBlock())
            return pipeline.finish()
        }
        var builder = ListSnapshot<ID, Summary>.Builder()
        staged.takeBlock().apply(to: &builder)
        return builder
    }

    /// The error for an identifier column whose values `ID` cannot read exactly.
    private static func inexactIdentifier<ID>(
        _: ID.Type, classes: SQLiteStorageClasses, row: Int, handle: OpaquePointer, query: SQLiteListQuery, path: String
    ) -> SQLiteSourceError {
        let value = SQLiteIdentifier.read(handle, column: 0).map(\.description) ?? "NULL"
        return SQLiteSourceError(
            .inexactIdentifier, path: path, sql: query.entriesSQL,
            message: "column \(query.identifier) holds \(classes) values (row \(row): \(value)), which \(ID.self) identifiers"
                + " cannot represent exactly; use SQLiteIdentifier"
        )
    }
}
