import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// The incremental path: commits through an owned database's own writer are applied as
/// patches. The oracle is a fresh full scan (a plain SELECT in the same order) after every
/// commit; every delivered batch replays on both reference views.
@MainActor
@Suite("SQLite source: incremental updates", .timeLimit(.minutes(2)))
struct SQLiteIncrementalTests {
    struct Mail: FetchableRecord, Decodable, Sendable {
        var id: Int64
        var subject: String
    }

    typealias Source = SQLiteListSource<Int64, Int64, Mail>

    /// Sections by day (NULL: untitled), ordered by day, then subject without case (a
    /// collation), then date descending with ties (the rowid tiebreaks them).
    static let query = SQLiteListQuery(
        table: "mail", identifier: "id", section: "day", summary: "version",
        order: "day DESC, subject COLLATE NOCASE, date DESC", filter: "folder != 'trash'"
    )

    /// The list as a fresh full scan sees it: the oracle.
    static func truth(_ reader: any DatabaseReader) throws -> ListSnapshot<Int64, Int64> {
        try reader.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, day, version FROM mail WHERE folder != 'trash' ORDER BY day DESC, subject COLLATE NOCASE, date DESC, rowid")
            return ListSnapshot(rows.map { ListEntry(id: $0["id"], section: $0["day"], summary: $0["version"]) })
        }
    }

    static func makeDatabase(rows: Int, random: inout SeededGenerator) throws -> MailFixture {
        let fixture = try MailFixture()
        let pool = try DatabasePool(path: fixture.path)
        try pool.write { db in
            try db.execute(sql: """
                CREATE TABLE mail (id INTEGER PRIMARY KEY, day TEXT, date INTEGER NOT NULL, subject TEXT NOT NULL,
                                   version INTEGER NOT NULL DEFAULT 1, folder TEXT NOT NULL DEFAULT 'inbox', note TEXT)
                """)
            for _ in 0 ..< rows { try insert(db, random: &random) }
        }
        try pool.close()
        return fixture
    }

    nonisolated static let days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", nil]
    nonisolated static let subjects = ["alpha", "Alpha", "beta", "Gamma", "gamma", "delta", "é", "e\u{301}"]

    nonisolated static func insert(_ db: Database, random: inout SeededGenerator) throws {
        try db.execute(
            sql: "INSERT INTO mail (day, date, subject, folder) VALUES (?, ?, ?, ?)",
            arguments: [days.randomElement(using: &random)!, Int.random(in: 0 ..< 20, using: &random),
                        subjects.randomElement(using: &random)!, Int.random(in: 0 ..< 10, using: &random) == 0 ? "trash" : "inbox"]
        )
    }

    /// One random write transaction: inserts, deletes, updates of the section, order and
    /// summary columns, of other columns, no-op updates, filter changes.
    nonisolated static func randomWrite(_ db: Database, random: inout SeededGenerator) throws {
        let ids = try Int64.fetchAll(db, sql: "SELECT id FROM mail")
        for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) {
            let id = ids.randomElement(using: &random) ?? 0
            switch Int.random(in: 0 ..< 9, using: &random) {
            case 0: try insert(db, random: &random)
            case 1: try db.execute(sql: "DELETE FROM mail WHERE id = ?", arguments: [id])
            case 2: try db.execute(sql: "UPDATE mail SET day = ? WHERE id = ?", arguments: [days.randomElement(using: &random)!, id])
            case 3: try db.execute(sql: "UPDATE mail SET date = ? WHERE id = ?", arguments: [Int.random(in: 0 ..< 20, using: &random), id])
            case 4: try db.execute(sql: "UPDATE mail SET subject = ? WHERE id = ?", arguments: [subjects.randomElement(using: &random)!, id])
            case 5: try db.execute(sql: "UPDATE mail SET version = version + 1 WHERE id = ?", arguments: [id])
            case 6: try db.execute(sql: "UPDATE mail SET note = 'n' WHERE id = ?", arguments: [id])
            case 7: try db.execute(sql: "UPDATE mail SET version = version WHERE id = ?", arguments: [id])
            default: try db.execute(sql: "UPDATE mail SET folder = ? WHERE id = ?", arguments: [Bool.random(using: &random) ? "trash" : "inbox", id])
            }
        }
    }

    @Test(arguments: 0 ..< 3)
    func ownWritesArePatchedAndEqualAFullScan(run: Int) async throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SQLiteIncrementalTests.ownWrites seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        let fixture = try Self.makeDatabase(rows: 200, random: &random)
        defer { fixture.remove() }
        let source = try Source(path: fixture.path, query: Self.query, access: .owned)
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        for step in 0 ..< 60 {
            let stepSeed = UInt64.random(in: 1 ... UInt64.max, using: &random)
            try await source.database.write { db in
                var stepRandom = SeededGenerator(seed: stepSeed)
                try Self.randomWrite(db, random: &stepRandom)
            }
            let truth = try Self.truth(source.database)
            #expect(await probe.waitUntilShowing(truth), "seed \(seed) step \(step): \(probe.failures)")
            if !probe.failures.isEmpty { return }
        }
        let statistics = source.incrementalStatistics
        #expect(statistics.fullLoads == 1, "seed \(seed): \(statistics)")
        #expect(statistics.patches > 0)
        #expect(statistics.fallbacks == 0, "seed \(seed): \(statistics)")
    }
}
