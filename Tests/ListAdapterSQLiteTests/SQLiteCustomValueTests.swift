import Foundation
import GRDB
import GRDBSQLite
import ListAdapter
import ListAdapterSQLite
import Testing

/// Types of the app's own conform to `SQLiteValue` with its required reads only: the entry
/// scan reads them through the default `read(value:)`, which must agree with GRDB's
/// decoding and with the type's own statement read.
@Suite("SQLite source: identifiers and summaries of the app's own types")
struct SQLiteCustomValueTests {
    /// An identifier of the app's own: a ticket number.
    struct Ticket: Hashable, Sendable, SQLiteValue {
        var number: Int64
        static func read(_ statement: OpaquePointer, column: Int32) -> Ticket? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : Ticket(number: sqlite3_column_int64(statement, column))
        }
        static func from(_ value: DatabaseValue) -> Ticket? { Int64.fromDatabaseValue(value).map(Ticket.init) }
        var jsonLiteral: String { String(number) }
    }

    /// A summary of the app's own: a label, text or a number's text.
    struct Label: Equatable, Sendable, SQLiteValue {
        var text: String
        static func read(_ statement: OpaquePointer, column: Int32) -> Label? { String.read(statement, column: column).map(Label.init) }
        static func from(_ value: DatabaseValue) -> Label? { String.from(value).map(Label.init) }
        var jsonLiteral: String { text.jsonLiteral }
    }

    struct Row: FetchableRecord, Sendable {
        var k: Int64
        init(row: GRDB.Row) throws { k = row["k"] }
    }

    /// A database with one table `t(k, day, label)`, no affinity (values stay as written),
    /// filled by `sql`.
    static func database(_ sql: String) throws -> (MailFixture, String) {
        try SQLiteIdentityTests.database(sql, schema: "CREATE TABLE t (k, day TEXT, label)")
    }

    static let query = SQLiteListQuery(table: "t", identifier: "k", section: "day", summary: "label", order: "day, rowid")

    @Test func theDefaultReadAgreesWithGRDBAndTheTypesOwnRead() async throws {
        let (fixture, path) = try Self.database("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
            INSERT INTO t (k, day, label) SELECT i * 7, 'day ' || (i % 4),
                CASE i % 3 WHEN 0 THEN 'label ' || i WHEN 1 THEN i * 10 ELSE 'é ' || i END FROM n
            """)
        defer { fixture.remove() }
        let source = try SQLiteListSource<Ticket, Label, Row>(path: path, query: Self.query)
        let snapshot = try await source.loadEntries()
        // The oracle: the same rows decoded by GRDB, and by the types' own statement reads.
        let (decoded, ownReads) = try await DatabaseQueue(path: path).read { db in
            let rows = try GRDB.Row.fetchAll(db, sql: "SELECT k, day, label FROM t ORDER BY day, rowid")
            let decoded = rows.map { ListEntry(id: Ticket.from($0["k"] as DatabaseValue)!, section: $0["day"] as String?, summary: Label.from($0["label"] as DatabaseValue)!) }
            let statement = try db.makeStatement(sql: "SELECT k, day, label FROM t ORDER BY day, rowid")
            var ownReads: [ListEntry<Ticket, Label>] = []
            while sqlite3_step(statement.sqliteStatement) == SQLITE_ROW {
                let handle = statement.sqliteStatement
                ownReads.append(ListEntry(id: Ticket.read(handle, column: 0)!, section: String.read(handle, column: 1), summary: Label.read(handle, column: 2)!))
            }
            return (decoded, ownReads)
        }
        #expect(decoded.count == 300)
        #expect(snapshot.entries == decoded)
        #expect(snapshot.entries == ownReads)
        #expect(snapshot.numberOfSections == 4)
        #expect(snapshot.summary(of: Ticket(number: 7)) == Label(text: "10"))      // row 1: an INTEGER label, read as its text
    }

    @Test func aNullIdentifierOfTheAppsOwnTypeIsATypedError() async throws {
        let (fixture, path) = try Self.database("INSERT INTO t (k, day, label) VALUES (1, 'a', 'x'), (NULL, 'a', 'y'), (2, 'a', NULL)")
        defer { fixture.remove() }
        let source = try SQLiteListSource<Ticket, Label, Row>(path: path, query: Self.query)
        #expect(await SQLiteFaultTests.kind { _ = try await source.loadEntries() } == .nullIdentifier)
        // An optional summary reads NULL as nil through the default read too.
        let optional = try SQLiteListSource<Ticket, Label?, Row>(
            path: path, query: SQLiteListQuery(table: "t", identifier: "k", section: "day", summary: "label", order: "day, rowid", filter: "k IS NOT NULL")
        )
        let snapshot = try await optional.loadEntries()
        #expect(snapshot.entries == [
            ListEntry(id: Ticket(number: 1), section: "a", summary: Label(text: "x")),
            ListEntry(id: Ticket(number: 2), section: "a", summary: nil),
        ])
        // Without the optional, the NULL summary is a typed error.
        let plain = try SQLiteListSource<Ticket, Label, Row>(
            path: path, query: SQLiteListQuery(table: "t", identifier: "k", section: "day", summary: "label", order: "day, rowid", filter: "k IS NOT NULL")
        )
        #expect(await SQLiteFaultTests.kind { _ = try await plain.loadEntries() } == .nullSummary)
    }
}
