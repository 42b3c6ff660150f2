import Foundation
import GRDB
import GRDBSQLite
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

@Suite("SQLite source: bad input and faults")
struct SQLiteFaultTests {
    typealias Source = SQLiteListSource<Int64, Int64, Message>

    static func kind(of body: () throws -> Void) -> SQLiteSourceError.Kind? {
        do {
            try body()
            return nil
        } catch let error as SQLiteSourceError {
            return error.kind
        } catch {
            return .other
        }
    }

    static func kind(of body: () async throws -> Void) async -> SQLiteSourceError.Kind? {
        do {
            try await body()
            return nil
        } catch let error as SQLiteSourceError {
            return error.kind
        } catch {
            return .other
        }
    }

    @Test func aMissingFileIsNamed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).sqlite").path
        do {
            _ = try Source(path: path, query: MailFixture.query)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingFile)
            #expect(error.path == path)
            #expect("\(error)".contains(path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))      // and not created
    }

    @Test func aFileThatIsNotADatabase() throws {
        let fixture = try MailFixture()
        defer { fixture.remove() }
        let path = fixture.directory.appendingPathComponent("notes.txt").path
        try Data(String(repeating: "this is not a database\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        #expect(Self.kind { _ = try Source(path: path, query: MailFixture.query) } == .notADatabase)
    }

    @Test func aCorruptFile() async throws {
        let fixture = try MailFixture(rows: 2_000)
        defer { fixture.remove() }
        // Keep the header page, scribble over the pages holding the table.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: fixture.path))
        try handle.seek(toOffset: 4_096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64 * 1_024))
        try handle.close()
        let kind = await Self.kind {
            let source = try Source(path: fixture.path, query: MailFixture.query)
            _ = try await source.loadEntries()
        }
        #expect(kind == .corrupt || kind == .notADatabase)
    }

    @Test func queriesThatDoNotFitTheSchema() throws {
        let fixture = try MailFixture(rows: 3)
        defer { fixture.remove() }
        #expect(Self.kind { _ = try Source(path: fixture.path, query: SQLiteListQuery(table: "nope")) } == .missingTable)
        #expect(Self.kind {
            _ = try Source(path: fixture.path, query: SQLiteListQuery(table: "message", summary: "colour"))
        } == .missingColumn)
        #expect(Self.kind {
            _ = try Source(path: fixture.path, query: SQLiteListQuery(table: "message", order: "id DESC DESC"))
        } == .invalidQuery)
    }

    @Test func nullIdentifiersAndSummaries() async throws {
        let fixture = try MailFixture(rows: 10)
        defer { fixture.remove() }
        let nullID = try Source(path: fixture.path, query: SQLiteListQuery(table: "message", identifier: "NULLIF(id, 5)", summary: "version", order: "id"))
        await #expect(Self.kind { _ = try await nullID.loadEntries() } == .nullIdentifier)
        let nullSummary = try Source(path: fixture.path, query: SQLiteListQuery(table: "message", summary: "NULLIF(id, 3)", order: "id"))
        await #expect(Self.kind { _ = try await nullSummary.loadEntries() } == .nullSummary)
        // An optional summary type accepts NULL.
        let optional = try SQLiteListSource<Int64, Int64?, Message>(
            path: fixture.path, query: SQLiteListQuery(table: "message", summary: "NULLIF(id, 3)", order: "id")
        )
        let snapshot = try await optional.loadEntries()
        #expect(snapshot.summary(of: 3) == .some(nil))
        #expect(snapshot.summary(of: 4) == .some(4))
    }

    @Test func aLockedDatabaseFailsAfterTheBusyTimeout() async throws {
        // A rollback-journal database (WAL readers are never blocked by a writer), read
        // through the app's own DatabaseQueue with a short busy timeout.
        let fixture = try MailFixture()
        defer { fixture.remove() }
        let path = fixture.directory.appendingPathComponent("journal.sqlite").path
        var configuration = Configuration()
        configuration.busyMode = .timeout(0.1)
        let appQueue = try DatabaseQueue(path: path, configuration: configuration)
        try await appQueue.write { db in
            try db.execute(sql: "CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT, version INTEGER NOT NULL DEFAULT 1, subject TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO message (day, subject) VALUES ('d', 'a'), ('d', 'b')")
        }
        var options = Source.Options()
        options.watchesOtherConnections = false
        let source = Source(database: appQueue, query: MailFixture.query, options: options)
        // Another connection (plain C API: GRDB rightly refuses to leave a transaction
        // open) takes an exclusive lock and keeps it.
        var holder: OpaquePointer?
        #expect(sqlite3_open(path, &holder) == SQLITE_OK)
        #expect(sqlite3_exec(holder, "BEGIN EXCLUSIVE; UPDATE message SET version = 2;", nil, nil, nil) == SQLITE_OK)
        let start = ContinuousClock.now
        await #expect(Self.kind { _ = try await source.loadEntries() } == .locked)
        #expect(ContinuousClock.now - start >= .milliseconds(90))
        #expect(sqlite3_exec(holder, "COMMIT", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(holder)
        #expect(try await source.loadEntries().count == 2)
    }

    @Test func aDeletedOrReplacedFileIsReported() async throws {
        let fixture = try MailFixture(rows: 5)
        defer { fixture.remove() }
        let source = try fixture.source()
        #expect(try await source.loadEntries().count == 5)
        let other = try MailFixture(rows: 8)
        defer { other.remove() }
        try FileManager.default.removeItem(atPath: fixture.path)
        try FileManager.default.copyItem(atPath: other.path, toPath: fixture.path)
        await #expect(Self.kind { _ = try await source.loadEntries() } == .fileReplaced)
        await #expect(Self.kind { _ = try await source.fetchItems([1]) } == .fileReplaced)
    }
}

@MainActor
@Suite("SQLite source faults through the adapter", .hangGuard)
struct SQLiteAdapterFaultTests {
    @Test func theAdapterKeepsItsLastGoodListWhenTheFileIsReplaced() async throws {
        let fixture = try MailFixture(rows: 30)
        defer { fixture.remove() }
        let source = try fixture.source()
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        let good = adapter.snapshot
        try FileManager.default.removeItem(atPath: fixture.path)
        adapter.invalidate()
        await probe.recorder.wait { _ in
            if case .failed = probe.recorder.lastLoadState { true } else { false }
        }
        guard case .failed(let error) = adapter.loadState else {
            Issue.record("expected a failure")
            return
        }
        #expect((error.underlying as? SQLiteSourceError)?.kind == .fileReplaced)
        #expect(adapter.snapshot == good)
        #expect(probe.failures.isEmpty)
        // Logged (into the tests' log, not their output) before the failure was delivered,
        // as an error naming the file.
        let logged = TestLogs.lines(containing: fixture.path)
        #expect(!logged.isEmpty && logged.allSatisfy { $0.hasPrefix("error ListAdapter:") && $0.contains("load failed; keeping the last good list") }, "\(logged)")
    }
}
