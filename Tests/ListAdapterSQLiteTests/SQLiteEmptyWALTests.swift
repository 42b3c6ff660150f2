import Foundation
import GRDB
import ListAdapterSQLite
import Testing

/// A followed WAL database whose file was cut to 0 bytes, its `-wal` still beside it.
/// SQLite deletes the WAL of an empty database file on a connection's first read, read-only
/// connections included: the follower used to delete another process's WAL (committed
/// transactions and all) on open. Found by the sqlite-files fuzzer (Fuzz/README.md),
/// reproducers `dGFzayAwOTcRHAAAAH8=` and `RA0A9AD/BQAAAAAAAABzc6mYZSgA/wN0YXNrIDExNQAB`
/// (base64): the WAL seed with its main file cut to 0 bytes, and to 1 (SQLite's unix VFS
/// reports a 1-byte file as empty).
@Suite("SQLite source: an empty file with a WAL beside it", .hangGuard)
struct SQLiteEmptyWALTests {
    typealias Source = SQLiteListSource<Int64, Int64, Message>

    /// A WAL database with 20 rows and a `-wal` that holds a committed, uncheckpointed
    /// update; the WAL's bytes.
    static func walDatabase() throws -> (MailFixture, wal: Data) {
        let fixture = try MailFixture(rows: 20)
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "UPDATE message SET version = 2 WHERE id <= 10")
        }
        // Read while the queue is open: closing the last connection checkpoints and deletes it.
        let wal = try Data(contentsOf: URL(fileURLWithPath: fixture.path + "-wal"))
        try queue.close()
        #expect(!wal.isEmpty)
        try wal.write(to: URL(fileURLWithPath: fixture.path + "-wal"))
        return (fixture, wal)
    }

    /// Cuts the file to `size` bytes in place, as a writer truncating it would (same inode).
    static func truncate(_ path: String, to size: UInt64 = 0) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    @Test(arguments: [0, 1] as [UInt64])
    func openingLeavesTheWALAndFailsAsCorrupt(size: UInt64) throws {
        let (fixture, wal) = try Self.walDatabase()
        defer { fixture.remove() }
        try Self.truncate(fixture.path, to: size)
        let error = #expect(throws: SQLiteSourceError.self) {
            _ = try Source(path: fixture.path, query: MailFixture.query, access: .followed)
        }
        #expect(error?.kind == .corrupt, "\(String(describing: error))")
        #expect(error?.path == fixture.path)
        #expect(FileManager.default.contents(atPath: fixture.path + "-wal") == wal, "the WAL is still there, unchanged")
        #expect(FileManager.default.contents(atPath: fixture.path)?.count == Int(size))
    }

    @Test func aFileCutWhileFollowedFailsEveryReadAndKeepsItsWAL() async throws {
        let (fixture, wal) = try Self.walDatabase()
        defer { fixture.remove() }
        let source = try Source(path: fixture.path, query: MailFixture.query, access: .followed)
        #expect(try await source.loadEntries().count == 20)
        try Self.truncate(fixture.path)
        for read in ["loadEntries", "fetchItems"] {
            do {
                if read == "loadEntries" { _ = try await source.loadEntries() } else { _ = try await source.fetchItems([1, 2]) }
                Issue.record("\(read) succeeded on an empty file")
            } catch let error as SQLiteSourceError {
                #expect(error.kind == .corrupt, "\(read): \(error)")
            }
        }
        #expect(FileManager.default.contents(atPath: fixture.path + "-wal") == wal, "the WAL is still there, unchanged")
    }
}
