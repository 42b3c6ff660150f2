import Foundation
import GRDB
import ListAdapterTesting

/// Writes the demo mail database: `message` rows (sender, subject, a few hundred bytes of
/// body, date, day, flags, version), an FTS5 index over subject and sender kept in step
/// by triggers, and the covering indexes the list's two groupings scan (by day, by sender).
struct MailGenerator {
    let path: String
    let rows: Int
    let days: Int

    /// The table, filled first; indexes, search and triggers come after the bulk insert
    /// (building them once is several times faster than maintaining them row by row).
    static let table = """
        CREATE TABLE message (
            id INTEGER PRIMARY KEY,
            sender TEXT NOT NULL,
            subject TEXT NOT NULL,
            body TEXT NOT NULL,
            date INTEGER NOT NULL,
            day TEXT NOT NULL,
            flags INTEGER NOT NULL DEFAULT 0,
            version INTEGER NOT NULL DEFAULT 1
        )
        """

    /// The covering index of the list grouped by sender (`g`), in its order: without it,
    /// SQLite sorts the million rows on every regroup. Also added to a demo database made
    /// before it existed (``DemoDatabase/addMissingIndexes()``).
    static let senderIndex = "CREATE INDEX IF NOT EXISTS message_by_sender ON message(sender, date DESC, id DESC, version)"

    static let indexesAndSearch = """
        CREATE INDEX message_list ON message(date DESC, id DESC, day, version);
        \(senderIndex);
        CREATE VIRTUAL TABLE message_search USING fts5(subject, sender, content='message', content_rowid='id');
        INSERT INTO message_search(message_search) VALUES ('rebuild');
        CREATE TRIGGER message_search_insert AFTER INSERT ON message BEGIN
            INSERT INTO message_search(rowid, subject, sender) VALUES (new.id, new.subject, new.sender);
        END;
        CREATE TRIGGER message_search_delete AFTER DELETE ON message BEGIN
            INSERT INTO message_search(message_search, rowid, subject, sender) VALUES ('delete', old.id, old.subject, old.sender);
        END;
        CREATE TRIGGER message_search_update AFTER UPDATE OF subject, sender ON message BEGIN
            INSERT INTO message_search(message_search, rowid, subject, sender) VALUES ('delete', old.id, old.subject, old.sender);
            INSERT INTO message_search(rowid, subject, sender) VALUES (new.id, new.subject, new.sender);
        END;
        """

    private static let names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Tim",
                                "Margaret", "John", "Leslie", "Niklaus", "Shafi", "Vint", "Hedy", "Linus", "Sophie", "Guido"]
    private static let words = ["release", "build", "meeting", "notes", "invoice", "draft", "review", "travel", "lunch",
                                "report", "budget", "design", "launch", "update", "question", "photos", "contract", "bug",
                                "schedule", "party", "garden", "book", "concert", "patch", "server", "holiday", "plan"]

    /// Creates the database; `progress(done, total)` is called every few thousand rows.
    func generate(progress: (Int, Int) -> Void) throws {
        if FileManager.default.fileExists(atPath: path) {
            throw SampleError("\(path) already exists; remove it or choose another --db")
        }
        let pool = try DatabasePool(path: path)
        try pool.write { db in try db.execute(sql: Self.table) }
        var random = SeededGenerator(seed: 2014)   // every generated database is the same
        let start = 1_790_000_000                      // a date in 2026, in seconds
        let secondsPerRow = max(1, days * 86_400 / max(1, rows))
        let batch = 5_000
        var written = 0
        let dayFormat = DateFormatter()
        dayFormat.dateFormat = "yyyy-MM-dd"
        dayFormat.timeZone = TimeZone(identifier: "UTC")
        // Phrases are drawn from pools made once: building strings per row is the slow part.
        func phrase(_ length: Int) -> String {
            (0 ..< length).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }.joined(separator: " ")
        }
        let subjects = (0 ..< 4_096).map { _ in phrase(4).capitalized }
        let bodies = (0 ..< 512).map { _ in phrase(40) }
        var cachedDayNumber = -1
        var cachedDay = ""
        while written < rows {
            let count = min(batch, rows - written)
            try pool.write { db in
                let insert = try db.makeStatement(sql: "INSERT INTO message (id, sender, subject, body, date, day, flags, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1)")
                for offset in 0 ..< count {
                    let id = written + offset + 1
                    let date = start + id * secondsPerRow
                    let sender = Self.names[Int(random.next() % UInt64(Self.names.count))]
                    let subject = subjects[Int(random.next() % UInt64(subjects.count))]
                    let body = bodies[Int(random.next() % UInt64(bodies.count))]
                    let dayNumber = date / 86_400
                    if dayNumber != cachedDayNumber {
                        cachedDayNumber = dayNumber
                        cachedDay = dayFormat.string(from: Date(timeIntervalSince1970: TimeInterval(date)))
                    }
                    let day = cachedDay
                    try insert.execute(arguments: [id, sender, subject, body, date, day, Int(random.next() % 4)])
                }
            }
            written += count
            progress(written, rows)
        }
        StandardStreams.error("building the list index and the search index...")
        try pool.write { db in try db.execute(sql: Self.indexesAndSearch) }
        try pool.close()
    }
}
