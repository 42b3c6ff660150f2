import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

@Suite("SQLite source: entries and payloads")
struct SQLiteEntriesTests {
    @Test func theEntryStreamEqualsAPlainSelect() async throws {
        let fixture = try MailFixture(rows: 500, days: 7)
        defer { fixture.remove() }
        let source = try fixture.source()
        try await source.database.write { db in
            try db.execute(sql: "UPDATE message SET day = NULL WHERE id % 50 = 0")     // untitled rows
            try db.execute(sql: "UPDATE message SET version = 3 WHERE id % 7 = 0")
        }
        let snapshot = try await source.loadEntries()
        let expected = try fixture.plainSnapshot(source.database)
        #expect(snapshot == expected)
        #expect(snapshot.count == 500)
        #expect(snapshot.sectionTitles.contains(nil))
        #expect(snapshot.numberOfSections == 8)
    }

    @Test func aLongListReadInBlocksOnTwoThreadsEqualsAPlainSelect() async throws {
        // Longer than several of the scan's blocks, so rows are appended and indexed on the
        // builder's thread: interleaved sections (ordered by id), NULL titles, duplicates
        // (a full SELECT that repeats rows), with Int64 and with String identifiers.
        let fixture = try MailFixture(rows: 30_000, days: 9)
        defer { fixture.remove() }
        let pool = try DatabasePool(path: fixture.path)
        try await pool.write { db in try db.execute(sql: "UPDATE message SET day = NULL WHERE id % 13 = 0") }
        let sql = "SELECT * FROM message UNION ALL SELECT * FROM message WHERE id % 101 = 0"
        let query = SQLiteListQuery(select: sql, identifier: "id", section: "day", summary: "version", order: "id, version")
        let rows = try pool.read { db in try Row.fetchAll(db, sql: "SELECT id, day, version FROM (\(sql)) ORDER BY id, version") }
        let expected = ListSnapshot(rows.map { ListEntry<Int64, Int64>(id: $0["id"], section: $0["day"], summary: $0["version"]) })
        #expect(expected.duplicates.count == 30_000 / 101)

        let integers = SQLiteListSource<Int64, Int64, Message>(database: pool, query: query)
        for _ in 0 ..< 2 {                                  // unsized, then sized from the first load
            let snapshot = try await integers.loadEntries()
            #expect(snapshot == expected)
            #expect(snapshot.duplicates.count == expected.duplicates.count)
            for id in stride(from: Int64(1), through: 30_000, by: 37) {
                #expect(snapshot.path(of: id) == expected.path(of: id))
            }
        }
        let strings = SQLiteListSource<String, Int64, Message>(database: pool, query: query)
        let snapshot = try await strings.loadEntries()
        #expect(snapshot.entries.map { Int64($0.id)! } == expected.entries.map(\.id))
        #expect(snapshot.path(of: "29999") == expected.path(of: 29_999))
        #expect(Array(snapshot.sectionTitles) == Array(expected.sectionTitles))
    }

    @Test func aListPastTheScatterThresholdIsIndexedAsItStreams() async throws {
        // Past the 65,536 entries from which the scan's builder thread hashes identifiers
        // for the index while rows stream in: sections in order (only the placing is left
        // for the build), duplicates among them (reported; the list is regrouped), and
        // sections that come back after 80,000 rows (what was hashed is dropped).
        let fixture = try MailFixture(rows: 100_000, days: 7)
        defer { fixture.remove() }
        let pool = try DatabasePool(path: fixture.path)
        let cases: [(label: String, sql: String, order: String, duplicates: Int)] = [
            ("grouped", "SELECT * FROM message", "day DESC, id", 0),
            ("grouped, duplicates", "SELECT * FROM message UNION ALL SELECT * FROM message WHERE id % 997 = 0", "day DESC, id, version", 100_000 / 997),
            ("sections back after 80,000 rows", "SELECT * FROM message", "id > 80000, day, id", 0),
        ]
        for (label, sql, order, duplicates) in cases {
            let query = SQLiteListQuery(select: sql, identifier: "id", section: "day", summary: "version", order: order)
            let rows = try pool.read { db in try Row.fetchAll(db, sql: "SELECT id, day, version FROM (\(sql)) ORDER BY \(order)") }
            let expected = ListSnapshot(rows.map { ListEntry<Int64, Int64>(id: $0["id"], section: $0["day"], summary: $0["version"]) })
            #expect(expected.duplicates.count == duplicates, "\(label): the oracle's duplicates")
            let source = SQLiteListSource<Int64, Int64, Message>(database: pool, query: query)
            for load in 0 ..< 2 {                               // unsized, then sized from the first load
                let snapshot = try await source.loadEntries()
                #expect(snapshot == expected, "\(label), load \(load)")
                #expect(snapshot.duplicates.count == duplicates, "\(label), load \(load): duplicates")
                var misplaced = 0
                for id in stride(from: Int64(1), through: 100_001, by: 7) where snapshot.path(of: id) != expected.path(of: id) {
                    misplaced += 1
                }
                #expect(misplaced == 0, "\(label), load \(load): \(misplaced) identifiers not where a plain SELECT has them")
            }
        }
    }

    @Test func aFilterWithArgumentsAndAFullSelectWork() async throws {
        let fixture = try MailFixture(rows: 100, days: 4)
        defer { fixture.remove() }
        let filtered = try SQLiteListSource<Int64, Int64, Message>(
            path: fixture.path,
            query: SQLiteListQuery(table: "message", identifier: "id", summary: "version", order: "id DESC", filter: "id <= ?", arguments: [10])
        )
        let snapshot = try await filtered.loadEntries()
        #expect(Array(snapshot.identifiers(inSection: 0)) == Array((1 ... 10).reversed()))
        let select = try SQLiteListSource<Int64, NoSummary, Message>(
            path: fixture.path,
            query: SQLiteListQuery(select: "SELECT * FROM message WHERE id % 2 = 0", identifier: "id", section: "day", order: "id")
        )
        let even = try await select.loadEntries()
        #expect(even.count == 50)
        let items = try await select.fetchItems([2, 3, 4])
        #expect(items.keys.sorted() == [2, 4])                    // 3 is not in the SELECT
    }

    @Test func payloadsComeInBatchesAndVanishedRowsAreAbsent() async throws {
        let fixture = try MailFixture(rows: 50)
        defer { fixture.remove() }
        let source = try fixture.source()
        let items = try await source.fetchItems([1, 2, 3, 999])
        #expect(items.count == 3)
        #expect(items[2] == Message(id: 2, day: "2026-11-03", version: 1, subject: "Subject 2"))
        try await source.database.write { db in try db.execute(sql: "DELETE FROM message WHERE id = 2") }
        let after = try await source.fetchItems([1, 2, 3])
        #expect(after.keys.sorted() == [1, 3])
        #expect(try await source.fetchItems([]).isEmpty)
    }

    @Test func textIdentifiersWork() async throws {
        let fixture = try MailFixture(rows: 0)
        defer { fixture.remove() }
        let pool = try DatabasePool(path: fixture.path)
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE tag (name TEXT PRIMARY KEY, kind TEXT)")
            try db.execute(sql: #"INSERT INTO tag VALUES ('a"b', 'x'), ('c', 'x'), ('d', NULL)"#)
        }
        struct Tag: FetchableRecord, Decodable, Sendable { var name: String; var kind: String? }
        let source = SQLiteListSource<String, NoSummary, Tag>(
            database: pool, query: SQLiteListQuery(table: "tag", identifier: "name", section: "kind", order: "name")
        )
        let snapshot = try await source.loadEntries()
        #expect(snapshot.entries.map(\.id) == [#"a"b"#, "c", "d"])
        let rows = try await source.fetchItems([#"a"b"#, "d"])
        #expect(rows.count == 2)
    }

    @Test func stringIdentifiersCanListAnIntegerKey() async throws {
        // `sample watch` and `sample browse` list any table with String identifiers.
        let fixture = try MailFixture(rows: 20)
        defer { fixture.remove() }
        let source = try SQLiteListSource<String, Int64, Message>(path: fixture.path, query: MailFixture.query)
        let snapshot = try await source.loadEntries()
        #expect(snapshot.contains("7"))
        let items = try await source.fetchItems(["7", "8", "999"])
        #expect(items.keys.sorted() == ["7", "8"])
        #expect(items["7"]?.id == 7)
    }

    @Test func aCoveringIndexIsCreatedForAPlainOrder() async throws {
        let fixture = try MailFixture(rows: 10)
        defer { fixture.remove() }
        let source = try fixture.source()
        let explain = "EXPLAIN QUERY PLAN SELECT id, day, version FROM message ORDER BY day DESC, id"
        // A fresh connection each time: a connection's cached EXPLAIN would not see the index.
        func plan() async throws -> String {
            try await DatabaseQueue(path: fixture.path).read { db in
                try Row.fetchAll(db, sql: explain).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        #expect(try await plan().contains("TEMP B-TREE"))          // a sort before
        #expect(try source.createCoveringIndex())
        let after = try await plan()
        #expect(after.contains("COVERING INDEX"), "\(after)")       // a scan after
        #expect(try !(await plan().contains("TEMP B-TREE")))
    }
}

