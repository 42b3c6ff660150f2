import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import Testing

/// Identity is the exact value: rows whose identifiers differ in SQLite are never merged
/// (and dropped as "duplicates"), and names are quoted as SQL identifiers.
@Suite("SQLite source: exact identities and hostile names")
struct SQLiteIdentityTests {
    struct Row: FetchableRecord, Sendable {
        var note: String
        init(row: GRDB.Row) throws { note = row["note"] }
    }

    /// A database with one table `t(k, note)` (or `schema`'s) filled by `sql`.
    static func database(
        _ sql: String, schema: String = "CREATE TABLE t (k, note TEXT NOT NULL DEFAULT 'n')"      // k: no affinity
    ) throws -> (MailFixture, String) {
        let fixture = try MailFixture()
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write { db in
            try db.execute(sql: schema)
            try db.execute(sql: sql)
        }
        try queue.close()
        return (fixture, fixture.path)
    }

    static func kind(_ body: () async throws -> Void) async -> SQLiteSourceError.Kind? {
        await SQLiteFaultTests.kind(of: body)
    }

    static let query = SQLiteListQuery(table: "t", identifier: "k", order: "rowid")

    @Test func integerAndTextOfTheSameDigitsAreTwoIdentifiers() async throws {
        let (fixture, path) = try Self.database("INSERT INTO t (k) VALUES (999), ('999'), (1), ('x')")
        defer { fixture.remove() }
        // Int64 and String identifiers cannot tell 999 from '999': a typed error, not a dropped row.
        let integers = try SQLiteListSource<Int64, NoSummary, Row>(path: path, query: Self.query)
        #expect(await Self.kind { _ = try await integers.loadEntries() } == .inexactIdentifier)
        let strings = try SQLiteListSource<String, NoSummary, Row>(path: path, query: Self.query)
        #expect(await Self.kind { _ = try await strings.loadEntries() } == .inexactIdentifier)
        do {
            _ = try await strings.loadEntries()
        } catch let error as SQLiteSourceError {
            #expect(error.message.contains("column k"))
            #expect(error.message.contains("row "))
            #expect(error.path == path)
        }
        // SQLiteIdentifier keeps all four, and fetches each one's row.
        let exact = try SQLiteListSource<SQLiteIdentifier, NoSummary, Row>(path: path, query: Self.query)
        let snapshot = try await exact.loadEntries()
        #expect(snapshot.count == 4)
        #expect(snapshot.duplicates.isEmpty)
        let expected: [SQLiteIdentifier] = [.integer(999), .text("999"), .integer(1), .text("x")]
        #expect((0 ..< 4).map { snapshot.identifier(at: ItemPath(section: 0, item: $0)) } == expected)
        #expect(try await exact.fetchItems(expected).count == 4)
    }

    @Test func blobIdentifiersKeepEveryByte() async throws {
        let (fixture, path) = try Self.database("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO t (k, note) SELECT randomblob(4), 'row ' || i FROM n
            """)
        defer { fixture.remove() }
        let distinct = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(DISTINCT k) FROM t") }
        let strings = try SQLiteListSource<String, NoSummary, Row>(path: path, query: Self.query)
        #expect(await Self.kind { _ = try await strings.loadEntries() } == .inexactIdentifier)
        let exact = try SQLiteListSource<SQLiteIdentifier, NoSummary, Row>(path: path, query: Self.query)
        let snapshot = try await exact.loadEntries()
        #expect(snapshot.count == distinct)
        let ids = (0 ..< 100).map { snapshot.identifier(at: ItemPath(section: 0, item: $0)) }
        #expect(ids.allSatisfy { $0.blobBytes?.count == 4 })
        let items = try await exact.fetchItems(ids)
        #expect(items.count == 100)
        #expect(Set(items.values.map(\.note)).count == 100)
    }

    @Test func textsSwiftEquatesAreNotMerged() async throws {
        // "é" precomposed and decomposed: distinct in SQLite, equal as Swift Strings.
        let (fixture, path) = try Self.database("INSERT INTO t (k) VALUES ('\u{E9}'), ('e\u{301}'), ('a')")
        defer { fixture.remove() }
        let strings = try SQLiteListSource<String, NoSummary, Row>(path: path, query: Self.query)
        #expect(await Self.kind { _ = try await strings.loadEntries() } == .inexactIdentifier)
        let exact = try SQLiteListSource<SQLiteIdentifier, NoSummary, Row>(path: path, query: Self.query)
        let snapshot = try await exact.loadEntries()
        #expect(snapshot.count == 3)
        #expect(try await exact.fetchItems([.text("\u{E9}"), .text("e\u{301}")]).count == 2)
    }

    @Test func realDuplicatesAreStillDuplicates() async throws {
        let (fixture, path) = try Self.database("INSERT INTO t (k) VALUES ('a'), ('b'), ('a')")
        defer { fixture.remove() }
        let strings = try SQLiteListSource<String, NoSummary, Row>(path: path, query: Self.query)
        let snapshot = try await strings.loadEntries()
        #expect(snapshot.count == 2)
        #expect(snapshot.duplicates.count == 1)
    }

    @Test(arguments: [#"we"ird"#, #"message" WHERE 0 --"#, "Ünïcødé table", "a\"\"b"])
    func hostileTableNamesAreQuoted(name: String) async throws {
        let fixture = try MailFixture()
        defer { fixture.remove() }
        let queue = try DatabaseQueue(path: fixture.path)
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE \(name.sqlQuotedIdentifier) (id INTEGER PRIMARY KEY, note TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO \(name.sqlQuotedIdentifier) (note) VALUES ('one'), ('two')")
        }
        try queue.close()
        let source = try SQLiteListSource<Int64, NoSummary, Row>(
            path: fixture.path, query: SQLiteListQuery(table: name, identifier: "id", order: "id")
        )
        #expect(try await source.loadEntries().count == 2)
        #expect(try await source.fetchItems([1, 2]).count == 2)
    }

    /// A name that would inject a clause when badly quoted names a table that does not exist.
    @Test func anInjectedNameIsAMissingTable() throws {
        let fixture = try MailFixture(rows: 3)
        defer { fixture.remove() }
        do {
            _ = try SQLiteListSource<Int64, NoSummary, Row>(
                path: fixture.path, query: SQLiteListQuery(table: #"message" WHERE 0 --"#, identifier: "id")
            )
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingTable)
        }
    }

    @Test func quotingDoublesEmbeddedQuotes() {
        #expect(#"we"ird"#.sqlQuotedIdentifier == #""we""ird""#)
        #expect("plain".sqlQuotedIdentifier == #""plain""#)
        #expect(#"message" WHERE 0 --"#.sqlQuotedIdentifier == #""message"" WHERE 0 --""#)
        #expect("".sqlQuotedIdentifier == #""""#)
    }
}
