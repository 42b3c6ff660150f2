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
@Suite("SQLite source: incremental updates", .hangGuard)
struct SQLiteIncrementalTests {
    struct Mail: FetchableRecord, Decodable, Sendable {
        var id: Int64
        var subject: String
    }

    typealias Source = SQLiteListSource<Int64, Int64, Mail>

    /// Sections by day (NULL: untitled), ordered by day, then subject without case (a
    /// collation), then date descending with ties (the rowid tiebreaks them).
    nonisolated static let query = SQLiteListQuery(
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

    /// Another process (Python's sqlite3) writes; the change log (installed by the source
    /// in its owned database) tells the source which rows, and each commit is patched.
    @Test func anotherProcessesWritesArePatchedThroughTheChangeLog() async throws {
        let seed = UInt64.random(in: 1 ... UInt64(Int32.max))
        print("SQLiteIncrementalTests.changeLog seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let fixture = try Self.makeDatabase(rows: 200, random: &random)
        defer { fixture.remove() }
        var options = Source.Options()
        options.changeLog = true
        let source = try Source(path: fixture.path, query: Self.query, access: .owned, options: options)
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        let peer = try PythonPeer(script: Self.pythonWriter, arguments: [fixture.path, String(seed)])
        for step in 0 ..< 40 {
            peer.send("write")
            #expect(await peer.readLine() == "committed")
            let truth = try Self.truth(source.database)
            #expect(await probe.waitUntilShowing(truth), "seed \(seed) step \(step): \(probe.failures)")
            if !probe.failures.isEmpty { break }
        }
        #expect(await peer.finish() == 0)
        let statistics = source.incrementalStatistics
        #expect(statistics.fullLoads == 1, "seed \(seed): \(statistics)")
        #expect(statistics.patches > 0)
        #expect(statistics.fallbacks == 0, "seed \(seed): \(statistics)")
    }

    /// Random writes, one transaction per line read, like ``randomWrite(_:random:)``.
    static let pythonWriter = """
        import random, sqlite3, sys
        db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
        rng = random.Random(int(sys.argv[2]))
        days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", None]
        subjects = ["alpha", "Alpha", "beta", "Gamma", "gamma", "delta", "\\u00e9", "e\\u0301"]
        for line in sys.stdin:
            db.execute("BEGIN IMMEDIATE")
            ids = [row[0] for row in db.execute("SELECT id FROM mail")]
            for _ in range(rng.randint(1, 4)):
                i = rng.choice(ids) if ids else 0
                op = rng.randrange(9)
                if op == 0:
                    db.execute("INSERT INTO mail (day, date, subject) VALUES (?, ?, ?)", (rng.choice(days), rng.randrange(20), rng.choice(subjects)))
                elif op == 1: db.execute("DELETE FROM mail WHERE id = ?", (i,))
                elif op == 2: db.execute("UPDATE mail SET day = ? WHERE id = ?", (rng.choice(days), i))
                elif op == 3: db.execute("UPDATE mail SET date = ? WHERE id = ?", (rng.randrange(20), i))
                elif op == 4: db.execute("UPDATE mail SET subject = ? WHERE id = ?", (rng.choice(subjects), i))
                elif op == 5: db.execute("UPDATE mail SET version = version + 1 WHERE id = ?", (i,))
                elif op == 6: db.execute("UPDATE mail SET note = 'n' WHERE id = ?", (i,))
                elif op == 7: db.execute("UPDATE mail SET version = version WHERE id = ?", (i,))
                else: db.execute("UPDATE mail SET folder = ? WHERE id = ?", (rng.choice(["trash", "inbox"]), i))
            db.execute("COMMIT")
            print("committed", flush=True)
        """
}

/// The benchmark's shape: a covering index on the order, one-row commits alternating a
/// summary update with a move to another day; every commit is delivered as a batch.
@MainActor
@Suite("SQLite source: incremental updates, one row at a time", .hangGuard)
struct SQLiteIncrementalOneRowTests {
    @Test func everyOneRowCommitIsDeliveredAsAPatch() async throws {
        let fixture = try MailFixture(rows: 2_000, days: 40)
        defer { fixture.remove() }
        let source = try fixture.source(access: .owned)
        try source.createCoveringIndex()
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        for round in 0 ..< 30 {
            let id = (round * 79) % 2_000 + 1
            let batches = probe.recorder.batchCount
            try await source.database.write { db in
                if round % 2 == 0 {
                    try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = ?", arguments: [id])
                } else {
                    try db.execute(sql: "UPDATE message SET day = (SELECT day FROM message WHERE id = ?) WHERE id = ?", arguments: [(id + 1_000) % 2_000 + 1, id])
                }
            }
            await probe.recorder.wait { _ in probe.recorder.batchCount > batches || !probe.failures.isEmpty }
            #expect(probe.shows(try fixture.plainSnapshot(source.database)), "round \(round)")
            // Someone else reading the whole list (a truth check) leaves the adapter's
            // baseline alone: patching goes on.
            if round % 5 == 0 { #expect(try await source.loadEntries() == fixture.plainSnapshot(source.database)) }
        }
        #expect(probe.failures.isEmpty)
        #expect(source.incrementalStatistics.fallbacks == 0, "\(source.incrementalStatistics)")
    }
}
