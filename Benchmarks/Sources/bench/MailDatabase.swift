import Foundation
import GRDB

/// A mail-like SQLite file with `count` rows in count/1000 days, with a covering index.
struct MailDatabase {
    let path: String

    struct Message: FetchableRecord, Decodable, Sendable {
        var id: Int64
        var day: String
        var version: Int64
        var subject: String
    }

    init(count: Int, directory: URL) throws {
        path = directory.appendingPathComponent("mail-\(count).sqlite").path
        if FileManager.default.fileExists(atPath: path) { return }
        let pool = try DatabasePool(path: path)
        let perDay = max(1, count / 1_000)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT NOT NULL, version INTEGER NOT NULL, subject TEXT NOT NULL)")
            let insert = try db.makeStatement(sql: "INSERT INTO message VALUES (?, ?, 1, ?)")
            for id in 0 ..< count {
                try insert.execute(arguments: [id, "2026-\(String(format: "%04d", id / perDay))", "Subject of message \(id)"])
            }
            try db.execute(sql: "CREATE INDEX message_order ON message(day DESC, id, version)")
        }
        try pool.close()
    }

    static let listSQL = "SELECT id, day, version FROM message ORDER BY day DESC, id"
}
