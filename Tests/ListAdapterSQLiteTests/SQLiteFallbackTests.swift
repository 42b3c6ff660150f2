import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// Each condition under which a patch cannot be trusted makes the source reload in full,
/// and the list still equals a full scan.
@MainActor
@Suite("SQLite source: incremental fallbacks", .hangGuard)
struct SQLiteFallbackTests {
    typealias Source = SQLiteIncrementalTests.Source

    enum Condition: String, CaseIterable, Sendable {
        case anotherConnectionCommits, schemaChanges, tooManyRows, gapInTheLog, replaceDeletesAnotherRow,
             rowidChanges, truncate, vacuum, interleavedSections, selectOrigin
    }

    struct Setup {
        var options = Source.Options()
        var query = SQLiteIncrementalTests.query
        var truthSQL = "SELECT id, day, version FROM mail WHERE folder != 'trash' ORDER BY day DESC, subject COLLATE NOCASE, date DESC, rowid"
        var fallsBack = true
    }

    static func setup(_ condition: Condition) -> Setup {
        var setup = Setup()
        switch condition {
        case .gapInTheLog: setup.options.changeLog = true
        case .tooManyRows: setup.options.incrementalRowLimit = 5
        case .truncate: setup.fallsBack = false      // every row is reported (GRDB disables the truncate optimisation)
        case .interleavedSections:
            // Sections by subject, ordered by date: a subject's rows are not contiguous.
            setup.query = SQLiteListQuery(table: "mail", identifier: "id", section: "subject", summary: "version", order: "date")
            setup.truthSQL = "SELECT id, subject AS day, version FROM mail ORDER BY date, rowid"
        case .selectOrigin:
            setup.query = SQLiteListQuery(select: "SELECT * FROM mail", identifier: "id", section: "day", summary: "version", order: "day DESC, id")
            setup.truthSQL = "SELECT id, day, version FROM mail ORDER BY day DESC, id"
        default: break
        }
        return setup
    }

    @Test(arguments: Condition.allCases)
    func fallsBackAndStillEqualsAFullScan(_ condition: Condition) async throws {
        var random = SeededGenerator(seed: 42)
        let fixture = try SQLiteIncrementalTests.makeDatabase(rows: 60, random: &random)
        defer { fixture.remove() }
        let setup = Self.setup(condition)
        let source = try Source(path: fixture.path, query: setup.query, access: .owned, options: setup.options)
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        func truth() throws -> ListSnapshot<Int64, Int64> {
            try source.database.read { db in
                ListSnapshot(try Row.fetchAll(db, sql: setup.truthSQL).map { ListEntry(id: $0["id"], section: $0["day"], summary: $0["version"]) })
            }
        }
        try await Self.prepare(condition, source: source)
        // A patched commit first, where the query allows patches.
        try await source.database.write { db in try db.execute(sql: "UPDATE mail SET version = version + 1 WHERE id = 3") }
        #expect(await probe.waitUntilShowing(try truth()), "\(probe.failures)")
        let before = source.incrementalStatistics
        try await Self.provoke(condition, source: source, path: fixture.path)
        #expect(await probe.waitUntilShowing(try truth()), "\(condition): \(probe.failures)")
        let after = source.incrementalStatistics
        if setup.fallsBack {
            #expect(after.fullLoads > before.fullLoads, "\(condition): \(after)")
            #expect(after.fallbacks > before.fallbacks, "\(condition): \(after)")
            #expect(after.lastFallbackReason?.contains(Self.reason(condition)) == true, "\(condition): \(after)")
        } else {
            #expect(after.fullLoads == before.fullLoads, "\(condition): \(after)")
        }
        // And patching resumes after a fallback where the query allows it.
        try await source.database.write { db in try db.execute(sql: "UPDATE mail SET version = version + 1 WHERE id = 4") }
        #expect(await probe.waitUntilShowing(try truth()), "\(condition): \(probe.failures)")
        #expect(probe.failures.isEmpty)
    }

    /// What the source says when it falls back.
    static func reason(_ condition: Condition) -> String {
        switch condition {
        case .anotherConnectionCommits: "another connection committed"
        case .schemaChanges, .vacuum: "the schema changed"
        case .tooManyRows: "rows touched (limit 5)"
        case .gapInTheLog: "gap"
        case .replaceDeletesAnotherRow, .rowidChanges: "the list has"
        case .interleavedSections, .selectOrigin: "cannot be patched"
        case .truncate: ""
        }
    }

    /// What a condition needs before the list is patched once (a schema change reloads).
    static func prepare(_ condition: Condition, source: Source) async throws {
        guard condition == .replaceDeletesAnotherRow else { return }
        try await source.database.write { db in
            try db.execute(sql: "ALTER TABLE mail ADD COLUMN code TEXT")
            try db.execute(sql: "UPDATE mail SET code = 'c' || id")
            try db.execute(sql: "CREATE UNIQUE INDEX mail_code ON mail(code)")
        }
    }

    static func provoke(_ condition: Condition, source: Source, path: String) async throws {
        switch condition {
        case .anotherConnectionCommits:
            let other = try DatabaseQueue(path: path)
            try await other.write { db in try db.execute(sql: "UPDATE mail SET day = '2026-11-09' WHERE id = 7") }
            try other.close()
        case .schemaChanges:
            try await source.database.write { db in
                try db.execute(sql: "ALTER TABLE mail ADD COLUMN extra TEXT")
                try db.execute(sql: "UPDATE mail SET date = 5 WHERE id = 8")
            }
        case .tooManyRows:
            try await source.database.write { db in try db.execute(sql: "UPDATE mail SET date = date + 1 WHERE id <= 20") }
        case .gapInTheLog:
            // Another process prunes past the source's cursor, then commits.
            let other = try DatabaseQueue(path: path)
            try await other.write { db in
                try db.execute(sql: "UPDATE mail SET day = NULL WHERE id = 9")
                try db.execute(sql: "DELETE FROM listadapter_change_log")
                try db.execute(sql: "UPDATE mail SET day = '2026-11-09' WHERE id = 10")
            }
            try other.close()
        case .replaceDeletesAnotherRow:
            // Row 12 holds code 'c12': the REPLACE deletes it, unreported by hooks and triggers.
            try await source.database.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO mail (day, date, subject, code) VALUES ('2026-11-02', 1, 'x', 'c12')")
            }
        case .rowidChanges:
            try await source.database.write { db in try db.execute(sql: "UPDATE mail SET id = 10000 WHERE id = 13") }
        case .truncate:
            try await source.database.write { db in try db.execute(sql: "DELETE FROM mail") }
        case .vacuum:
            try await source.database.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            try await source.database.write { db in try db.execute(sql: "UPDATE mail SET date = 1 WHERE id = 14") }
        case .interleavedSections, .selectOrigin:
            try await source.database.write { db in try db.execute(sql: "UPDATE mail SET date = 3 WHERE id = 15") }
        }
    }
}
