import Foundation
import GRDB
import ListAdapterSQLite
#if canImport(Glibc)
import Glibc
#endif

/// A fault the fault table injects into a database a source lists.
enum Fault: String, CaseIterable, Sendable {
    /// No file at the path.
    case missing
    /// The file is cut to 0 bytes (in place: same inode).
    case empty
    /// A directory at the path.
    case directory
    /// The file's bytes are text (in place).
    case notADatabase
    /// The file is cut to half its size (in place).
    case truncated
    /// The last third of the table's leaf pages is overwritten with garbage.
    case corruptTablePage
    /// The last third of the index's leaf pages is overwritten with garbage.
    case corruptIndexPage
    /// Another process holds a read transaction (rollback journal: a SHARED lock).
    case lockedByReader
    /// Another process holds a write transaction on a WAL database.
    case lockedByWriterWAL
    /// Another process holds an exclusive write transaction on a rollback-journal database.
    case lockedByWriterRollback
    /// The file is unlinked.
    case deleted
    /// Another database file is renamed over the path, and the old file's `-wal` and
    /// `-shm` are removed with it (left beside the new file, SQLite would pair them with
    /// it and corrupt it for every connection).
    case replaced
    /// The file is made 0444 and its directory 0555.
    case madeReadOnly
    /// Writes fail with SQLITE_FULL (`PRAGMA max_page_count` at the current size, on the
    /// owner's writer connection).
    case diskFull
    /// Another process drops the column the summary names (`version`).
    case columnDropped
    /// Another process renames that column.
    case columnRenamed
    /// Another process drops the table.
    case tableDropped

    /// The journal mode of the file the fault strikes.
    var journal: FaultJournal { self == .lockedByWriterWAL ? .wal : .rollback }

    /// The statements another process runs to cause the fault, if it is one of those.
    var peerStatements: [String]? {
        switch self {
        case .lockedByReader: ["BEGIN", "SELECT count(*) FROM message"]
        case .lockedByWriterWAL: ["BEGIN IMMEDIATE", "DELETE FROM message WHERE id > 600"]
        case .lockedByWriterRollback: ["BEGIN EXCLUSIVE", "DELETE FROM message WHERE id > 600"]
        case .columnDropped: ["ALTER TABLE message DROP COLUMN version"]
        case .columnRenamed: ["ALTER TABLE message RENAME COLUMN version TO revision"]
        case .tableDropped: ["DROP TABLE message"]
        default: nil
        }
    }

    /// Whether the fault goes away by itself (another process lets go of a lock).
    var isTransient: Bool { [.lockedByReader, .lockedByWriterWAL, .lockedByWriterRollback].contains(self) }

    /// Whether a new file may appear at the path afterwards (and take commits).
    var leavesThePathFree: Bool { self == .deleted || self == .replaced }
}

/// One fault in one fixture: the file, the peer process that causes it (if any), and the
/// steps that inject it.
final class FaultScene: Sendable {
    let fault: Fault
    let fixture: FaultFixture
    private let peer: SQLPeer?
    private let replacement: String

    init(_ fault: Fault) async throws {
        self.fault = fault
        fixture = try FaultFixture(journal: fault.journal)
        replacement = fixture.directory.appendingPathComponent("replacement.sqlite").path
        if fault == .replaced { try Self.createDatabase(at: replacement, rows: 7) }
        peer = if let statements = fault.peerStatements {
            try await SQLPeer(path: fixture.path, statements: statements)
        } else {
            nil
        }
    }

    /// Injects the fault without waiting for anything (so it may run inside a scan's hook).
    /// `source` is the owner whose writer connection a full disk fails.
    func strike(source: FaultFixture.Source?) throws {
        let path = fixture.path
        switch fault {
        case .missing, .deleted:
            try FileManager.default.removeItem(atPath: path)
        case .empty:
            try Self.check(truncate(path, 0), "truncate")
        case .directory:
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .notADatabase:
            // Text over the header first, then the rest cut: a reader that comes in between
            // (a followed source reloads on the file's change) meets text, never an empty
            // file (which SQLite reads as an empty database: "no such table").
            let text = Data(String(repeating: "this is not a database\n", count: 400).utf8)
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            try handle.write(contentsOf: text)
            try handle.truncate(atOffset: UInt64(text.count))
            try handle.close()
        case .truncated:
            try Self.check(truncate(path, off_t(fixture.template.bytes.count / 2)), "truncate")
        case .corruptTablePage:
            try scribble(over: fixture.template.tableTail)
        case .corruptIndexPage:
            try scribble(over: fixture.template.indexTail)
        case .lockedByReader, .lockedByWriterWAL, .lockedByWriterRollback, .columnDropped, .columnRenamed, .tableDropped:
            peer?.go()
        case .replaced:
            try Self.check(rename(replacement, path), "rename")
            for companion in [path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: companion) {
                try FileManager.default.removeItem(atPath: companion)
            }
        case .madeReadOnly:
            try Self.check(chmod(path, 0o444), "chmod")
            try Self.check(chmod(fixture.directory.path, 0o555), "chmod")
        case .diskFull:
            guard let source, source.access == .owned else { return }     // a follower never writes
            try source.database.writeWithoutTransaction { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(pages)")
            }
        }
    }

    /// Waits until the fault is in place: a peer has run its statements (it may have had
    /// to wait for a scan to end first).
    func settle() async throws {
        try await peer?.waitUntilDone()
    }

    /// Lifts a transient fault: the peer rolls back and exits.
    func lift() async {
        await peer?.finish()
    }

    /// After a delete or a replacement: commits land in the file now at the path (a new
    /// database where the old one was deleted).
    func commitToTheNewFile() throws {
        if fault == .deleted { try Self.createDatabase(at: fixture.path, rows: 3) }
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO message (day, subject) VALUES ('2026-12-01', 'new file')")
        }
        try queue.close()
    }

    func tearDown() async {
        await peer?.finish()
        fixture.remove()
    }

    private func scribble(over pages: [Int]) throws {
        let size = fixture.template.pageSize
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: fixture.path))
        defer { try? handle.close() }
        for page in pages {
            try handle.seek(toOffset: UInt64((page - 1) * size))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: size))
        }
    }

    private static func createDatabase(at path: String, rows: Int) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT, version INTEGER NOT NULL DEFAULT 1, subject TEXT NOT NULL)")
            for id in 1 ... rows {
                try db.execute(sql: "INSERT INTO message (id, day, subject) VALUES (?, '2026-12-01', 'other')", arguments: [id])
            }
        }
        try queue.close()
    }

    private static func check(_ result: Int32, _ call: String) throws {
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: ["call": call]) }
    }
}
