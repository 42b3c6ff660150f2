import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite

/// A message row, decoded from the user's own schema.
struct Message: FetchableRecord, Decodable, Sendable, Equatable {
    var id: Int64
    var day: String?
    var version: Int64
    var subject: String
}

/// A real mail-like database in a temporary directory.
struct MailFixture {
    let directory: URL
    let path: String

    init(rows: Int = 0, days: Int = 5) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("mail.sqlite").path
        let pool = try DatabasePool(path: path)
        try pool.write { db in
            try db.execute(sql: """
                CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT, version INTEGER NOT NULL DEFAULT 1, subject TEXT NOT NULL);
                CREATE TABLE unrelated (id INTEGER PRIMARY KEY, note TEXT);
                """)
            for id in 1 ... max(rows, 1) where rows > 0 {
                try db.execute(
                    sql: "INSERT INTO message (id, day, version, subject) VALUES (?, ?, 1, ?)",
                    arguments: [id, "2026-11-\(String(format: "%02d", 1 + id % days))", "Subject \(id)"]
                )
            }
        }
        try pool.close()
    }

    static var query: SQLiteListQuery {
        SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version", order: "day DESC, id")
    }

    /// A source on the fixture's file; owned by default, since most tests write through it.
    func source(
        access: ListSourceAccess = .owned, options: SQLiteListSource<Int64, Int64, Message>.Options = .init()
    ) throws -> SQLiteListSource<Int64, Int64, Message> {
        try SQLiteListSource(path: path, query: Self.query, access: access, options: options)
    }

    /// The list as a plain SELECT sees it, for comparison.
    func plainSnapshot(_ reader: any DatabaseReader) throws -> ListSnapshot<Int64, Int64> {
        try reader.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, day, version FROM message ORDER BY day DESC, id")
            return ListSnapshot(rows.map { ListEntry(id: $0["id"], section: $0["day"], summary: $0["version"]) })
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
