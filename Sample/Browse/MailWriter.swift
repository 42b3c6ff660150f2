import Foundation
import GRDB
import ListAdapter

/// Simulates mail arriving, being read, deleted and refiled, about ten changes a second,
/// from a background thread, through the browser's own database pool.
final class MailWriter: @unchecked Sendable {
    // @unchecked Sendable: `running` is guarded by `lock`.
    private let database: any DatabaseWriter
    private let lock = NSLock()
    private var running = false

    init(database: any DatabaseWriter) {
        self.database = database
    }

    var isRunning: Bool { lock.withLock { running } }

    func toggle() {
        let start = lock.withLock { () -> Bool in
            running.toggle()
            return running
        }
        if start { Thread.detachNewThread { self.loop() } }
    }

    private func loop() {
        var step = 0
        while isRunning {
            step += 1
            try? database.write { db in
                switch step % 4 {
                case 0:
                    try db.execute(
                        sql: """
                            INSERT INTO message (sender, subject, body, date, day)
                            SELECT 'Writer', ?, 'simulated', d, date(d, 'unixepoch')
                            FROM (SELECT coalesce(max(date), 1790000000) + 60 AS d FROM message)
                            """,
                        arguments: ["New message \(step)"]
                    )
                    // New mail goes to the top of the Inbox, in the person's order too.
                    let first = try String.fetchOne(db, sql: "SELECT min(position) FROM message WHERE folder = 'Inbox'")
                    try db.execute(
                        sql: "UPDATE message SET folder = 'Inbox', position = ? WHERE id = ?",
                        arguments: [try OrderKey.key(between: nil, and: first), db.lastInsertedRowID]
                    )
                case 1:
                    try db.execute(sql: "UPDATE message SET flags = flags | 1, version = version + 1 WHERE id = (SELECT id FROM message ORDER BY date DESC LIMIT 1 OFFSET abs(random() % 20))")
                case 2:
                    try db.execute(sql: "DELETE FROM message WHERE id = (SELECT id FROM message ORDER BY date DESC LIMIT 1 OFFSET abs(random() % 30))")
                default:
                    try db.execute(sql: """
                        UPDATE message SET date = date - 86400, day = date(date - 86400, 'unixepoch'), version = version + 1
                        WHERE id = (SELECT id FROM message ORDER BY date DESC LIMIT 1 OFFSET abs(random() % 25))
                        """)
                }
            }
            Thread.sleep(forTimeInterval: 0.1)           // the pace of simulated mail
        }
    }
}
