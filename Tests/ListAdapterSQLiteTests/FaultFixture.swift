import Foundation
import GRDB
import GRDBSQLite
import ListAdapter
import ListAdapterSQLite

/// How a fault-table database keeps its journal.
enum FaultJournal: Sendable {
    /// sqlite3's default (`DELETE`): what another app's file usually is.
    case rollback
    /// Write-ahead logging.
    case wal
}

/// The fault table's database: a copy of a template mail database (1,200 rows whose day
/// grows with the id, an index on `(day, id)` that the entry query walks), in a
/// temporary directory of its own.
///
/// The list query walks the index in order and looks each row up in the table, so the
/// last leaf pages of both hold the last rows of the list: damage there strikes a scan
/// late, after it has read most rows.
struct FaultFixture: Sendable {
    typealias Source = SQLiteListSource<Int64, Int64, Message>

    static let rows = 1_200

    /// The template's bytes and where its rows live.
    struct Template: Sendable {
        let bytes: Data
        let pageSize: Int
        /// 1-based pages holding the last third of the table's leaves (in key order).
        let tableTail: [Int]
        /// 1-based pages holding the last third of the index's leaves (in key order).
        let indexTail: [Int]
        /// The list, read by a plain SELECT: the oracle.
        let expected: ListSnapshot<Int64, Int64>
    }

    private static let templates: Result<[FaultJournal: Template], any Error> = Result {
        [.rollback: try makeTemplate(.rollback), .wal: try makeTemplate(.wal)]
    }

    /// What the source lists: the index on `(day, id)` gives the order.
    static let query = SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version", order: "day, id")
    /// The same list with a hook in its summary (`+ 0`), called once per row scanned.
    static let hookedQuery = SQLiteListQuery(
        table: "message", identifier: "id", section: "day", summary: "version + \(FaultHook.functionName)()", order: "day, id"
    )

    let directory: URL
    let path: String
    let journal: FaultJournal
    let template: Template

    init(journal: FaultJournal) throws {
        self.journal = journal
        template = try Self.templates.get()[journal]!
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("mail.sqlite").path
        try template.bytes.write(to: URL(fileURLWithPath: path))
    }

    /// Opens the file as a user would: `SQLiteListSource(path:query:access:options:)`.
    func open(_ access: ListSourceAccess) throws(SQLiteSourceError) -> Source {
        try Source(path: path, query: Self.query, access: access, options: Self.options)
    }

    /// Opens the file like `open(_:)` (read-only for a follower, a WAL pool for an owner,
    /// the same busy timeout), on connections that also know the hook's function.
    func openHooked(_ access: ListSourceAccess, hook: FaultHook) throws -> Source {
        var configuration = Configuration()
        let timeout = Self.options.busyTimeout.inSeconds
        configuration.busyMode = .timeout(timeout)
        configuration.readonly = access == .followed
        configuration.prepareDatabase { db in
            // As the source does for its own pools: GRDB gives pool readers a fixed 10 s.
            if let connection = db.sqliteConnection { _ = sqlite3_busy_timeout(connection, Int32(timeout * 1_000)) }
            hook.install(in: db)
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        let source = Source(database: pool, query: Self.hookedQuery, options: Self.options)
        precondition(source.access == access)
        return source
    }

    /// Drops the pages the source's connections cached, as GRDB does on a memory
    /// warning: SQLite re-reads a page only after a commit it can see, so damage done to
    /// the bytes of pages already cached would otherwise stay unseen.
    static func forgetCachedPages(of source: Source) {
        (source.database as? DatabasePool)?.releaseMemory()
    }

    /// A short busy timeout: a lock is reported in a tenth of a second.
    static var options: Source.Options {
        var options = Source.Options()
        options.busyTimeout = .milliseconds(100)
        return options
    }

    /// Every file in the directory, byte for byte; for a WAL database without SQLite's
    /// shared-memory index (`-shm`, which every reader writes its read marks into) and
    /// without an empty `-wal` (which a reader creates when there is none).
    func contents() throws -> DirectoryContents {
        let contents = try DirectoryContents(directory)
        guard journal == .wal else { return contents }
        return DirectoryContents(files: contents.files.filter { name, data in
            !name.hasSuffix("-shm") && !(name.hasSuffix("-wal") && data.isEmpty)
        })
    }

    func remove() {
        _ = chmod(directory.path, 0o755)
        try? FileManager.default.removeItem(at: directory)
    }

    private static func makeTemplate(_ journal: FaultJournal) throws -> Template {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-template-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("template.sqlite").path
        let queue = try DatabaseQueue(path: path)
        var template: (Int, [Int], [Int], ListSnapshot<Int64, Int64>)?
        try queue.writeWithoutTransaction { (db: Database) throws -> Void in
            if journal == .wal { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try db.inTransaction {
                try db.execute(sql: """
                    CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT, version INTEGER NOT NULL DEFAULT 1, subject TEXT NOT NULL);
                    CREATE TABLE unrelated (id INTEGER PRIMARY KEY, note TEXT);
                    """)
                let statement = try db.makeStatement(sql: "INSERT INTO message (id, day, version, subject) VALUES (?, ?, 1, ?)")
                for id in 1 ... Self.rows {
                    let day = "2026-11-\(String(format: "%02d", 1 + (id - 1) * 5 / Self.rows))"
                    try statement.execute(arguments: [id, day, "Subject \(id)"])
                }
                try db.execute(sql: "CREATE INDEX message_by_day ON message(day, id)")
                return .commit
            }
            var tails: [[Int]] = []
            for name in ["message", "message_by_day"] {
                let leaves = try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY path", arguments: [name])
                tails.append(Array(leaves.suffix(max(1, leaves.count / 3))))
            }
            let list = try Row.fetchAll(db, sql: "SELECT id, day, version FROM message ORDER BY day, id")
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096
            let entries: [ListEntry<Int64, Int64>] = list.map { row in ListEntry(id: row["id"], section: row["day"], summary: row["version"]) }
            template = (pageSize, tails[0], tails[1], ListSnapshot(entries))
        }
        try queue.close()
        let (pageSize, tableTail, indexTail, expected) = template!
        return Template(
            bytes: try Data(contentsOf: URL(fileURLWithPath: path)), pageSize: pageSize,
            tableTail: tableTail, indexTail: indexTail, expected: expected
        )
    }
}

extension Duration {
    /// The duration in seconds, for GRDB's busy timeout.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
