import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// A followed database (the default for `path:`) is only read: these failed before the
/// owned/followed split (the source switched files to WAL, created a file from a 0-byte
/// one, and took a write lock to start).
@MainActor
@Suite("SQLite source: following a database read-only", .hangGuard)
struct SQLiteFollowTests {
    typealias Source = SQLiteListSource<Int64, Int64, Message>

    /// A rollback-journal database (sqlite3's default), as another app would leave it.
    static func rollbackDatabase(rows: Int) throws -> MailFixture {
        let fixture = try MailFixture(rows: rows)
        let queue = try DatabaseQueue(path: fixture.path)
        _ = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        return fixture
    }

    static func journalMode(_ path: String) throws -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    @Test func followingNeverWritesTheFileOrItsDirectory() async throws {
        let fixture = try Self.rollbackDatabase(rows: 300)
        defer { fixture.remove() }
        let before = try DirectoryContents(fixture.directory)
        #expect(try Self.journalMode(fixture.path) == "delete")
        do {
            let source = try Source(path: fixture.path, query: MailFixture.query)
            #expect(source.access == .followed)
            let adapter = ListViewAdapter(source: source)
            let probe = ListViewAdapterProbe(adapter)
            await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
            #expect(adapter.snapshot.count == 300)
            let items = try await source.fetchItems([1, 2, 3])
            #expect(items.count == 3)
            #expect(throws: SQLiteSourceError.self) { try source.createCoveringIndex() }
            #expect((try? source.createCoveringIndex()) == nil)
            #expect(probe.failures.isEmpty)
        }
        let after = try DirectoryContents(fixture.directory)
        #expect(after == before, "before: \(before); after: \(after)")
        #expect(try Self.journalMode(fixture.path) == "delete")
    }

    @Test func anEmptyFileIsReportedAndLeftEmpty() throws {
        let fixture = try MailFixture()
        defer { fixture.remove() }
        let path = fixture.directory.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: SQLiteSourceError.self) { _ = try Source(path: path, query: MailFixture.query) }
        do {
            _ = try Source(path: path, query: MailFixture.query)
        } catch {
            #expect(error.kind == .missingTable)
            #expect(error.path == path)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aDirectoryIsNotADatabase() throws {
        let fixture = try MailFixture()
        defer { fixture.remove() }
        do {
            _ = try Source(path: fixture.directory.path, query: MailFixture.query)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .notADatabase)
            #expect(error.message.contains("directory"))
        }
    }

    /// Another process holds a write transaction (WAL): a follower still opens and reads
    /// the last committed state (it used to wait 5 s for a write lock and fail).
    @Test func readsWhileAnotherProcessHoldsAWriteTransaction() async throws {
        let fixture = try MailFixture(rows: 50)      // WAL, as DatabasePool leaves it
        defer { fixture.remove() }
        let peer = try PythonPeer(script: """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM message")
            print("holding", flush=True)
            sys.stdin.read()
            db.execute("ROLLBACK")
            """, arguments: [fixture.path])
        #expect(await peer.readLine() == "holding")
        // The peer holds its write transaction until its input closes (`finish`, below), so
        // a follower that needed the write lock could never get it: the open or the load
        // would throw `.locked` after the busy timeout, whatever the machine's speed. The
        // verdict is that both succeed, with the last committed rows, while the peer holds it.
        var options = Source.Options()
        options.busyTimeout = .seconds(30)          // long, so that only a lock never let go fails this
        let source = try Source(path: fixture.path, query: MailFixture.query, options: options)
        let snapshot = try await source.loadEntries()
        #expect(snapshot.count == 50)
        #expect(await peer.finish() == 0)
    }

    @Test func errorsNameTheSourceByPathAndTable() async throws {
        let fixture = try MailFixture(rows: 3)
        defer { fixture.remove() }
        let source = try fixture.source(access: .followed)
        #expect(source.description.contains(fixture.path))
        #expect(source.description.contains("\"message\""))
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        try FileManager.default.removeItem(atPath: fixture.path)
        adapter.invalidate()
        await probe.recorder.wait { _ in
            if case .failed = probe.recorder.lastLoadState { true } else { false }
        }
        guard case .failed(let error) = adapter.loadState else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.source == source.description)
        #expect(!"\(error)".contains("SQLiteListSource<"))
        #expect("\(error)".contains(fixture.path))
    }
}
