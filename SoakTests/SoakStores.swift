import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting

/// The data a soak run mutates: an in-memory list and a real SQLite file, each written
/// from a background thread, and the sources that list them.
final class SoakStores: @unchecked Sendable {
    // @unchecked Sendable: `memory` and `pool` are thread-safe; `nextID`/`sectionNames`
    // are only touched from the mutation queue.
    typealias Memory = InMemoryListSource<Int64, Int64, SoakItem>
    typealias SQLite = SQLiteListSource<Int64, Int64, SoakItem>

    let memory = Memory()
    let pool: DatabasePool
    let path: String
    let sqliteAll: SQLite
    let sqliteFiltered: SQLite
    /// Ordered by section first, so its sections are contiguous and commits are patched
    /// (the incremental path); with `--change-log`, from the change log, so the child
    /// process's commits are patched too.
    let sqliteSorted: SQLite
    /// The rows in the person's order (`soak --edits`): by section, then a position
    /// column of order keys the person's moves write (``SQLiteListSource/move(_:)``).
    let sqliteOrdered: SQLite
    private var nextID: Int64 = 1
    private var sectionNames: [String] = ["Alpha", "Bravo", "Charlie"]
    private var sectionCounter = 0

    init(directory: URL, changeLog: Bool = false) throws {
        path = directory.appendingPathComponent("soak.sqlite").path
        // Like an app's own pool shared with another writer process: wait for its locks.
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, section TEXT, rank REAL NOT NULL, version INTEGER NOT NULL, position TEXT)")
        }
        sqliteAll = SQLite(database: pool, query: SQLiteListQuery(table: "item", identifier: "id", section: "section", summary: "version", order: "rank, id"))
        sqliteFiltered = SQLite(
            database: pool,
            query: SQLiteListQuery(table: "item", identifier: "id", section: "section", summary: "version", order: "rank, id", filter: "id % 3 != ?", arguments: [0])
        )
        var options = SQLite.Options()
        options.changeLog = changeLog
        sqliteSorted = SQLite(
            database: pool,
            query: SQLiteListQuery(table: "item", identifier: "id", section: "section", summary: "version", order: "section, rank, id"),
            options: options
        )
        var ordered = SQLite.Options()
        ordered.ordering = ListOrdering(position: "position", section: "section")
        sqliteOrdered = SQLite(
            database: pool,
            query: SQLiteListQuery(table: "item", identifier: "id", section: "section", summary: "version", order: "section, position, id"),
            options: ordered
        )
        // Installed before any writer runs, as an app would at launch.
        if changeLog { try sqliteSorted.installChangeLog() }
    }

    /// The kinds of change a step makes.
    enum Change: String, CaseIterable {
        case insert, delete, move, crossSection, update, renameSections, empty, burst, duplicate, noOp
    }

    /// A random order key (five digits, the last not `0`): where another writer puts a row
    /// in the person's order.
    static func randomKey(_ random: inout SeededGenerator) -> String {
        let digits = OrderKey.digits
        let body = (0 ..< 4).map { _ in digits[Int.random(in: 0 ..< digits.count, using: &random)] }
        return String(decoding: body + [digits[Int.random(in: 1 ..< digits.count, using: &random)]], as: UTF8.self)
    }

    private func section(_ random: inout SeededGenerator) -> String? {
        Int.random(in: 0 ..< 20, using: &random) == 0 ? nil : sectionNames.randomElement(using: &random)
    }

    private func freshID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    /// Sections appear, vanish and reorder by renaming the pool of titles.
    private func renameSections(_ random: inout SeededGenerator) {
        sectionCounter += 1
        if sectionNames.count > 1 && Bool.random(using: &random) { sectionNames.remove(at: Int.random(in: 0 ..< sectionNames.count, using: &random)) }
        if sectionNames.count < 12 { sectionNames.append("S\(sectionCounter)") }
        sectionNames.shuffle(using: &random)
    }

    /// Applies one random change to the in-memory list.
    func mutateMemory(_ change: Change, maxItems: Int, random: inout SeededGenerator) {
        if change == .renameSections { renameSections(&random) }
        if change == .noOp {
            memory.invalidate()
            return
        }
        var random2 = random
        let ids = (0 ..< 200).map { _ in freshID() }
        memory.mutate { records in
            func record(_ id: Int64) -> Memory.Record {
                Memory.Record(entry: ListEntry(id: id, section: self.section(&random2), summary: 1), item: SoakItem(id: id, version: 1))
            }
            switch change {
            case .insert:
                for id in ids.prefix(Int.random(in: 1 ... 5, using: &random2)) where records.count < maxItems {
                    records.insert(record(id), at: Int.random(in: 0 ... records.count, using: &random2))
                }
            case .delete:
                for _ in 0 ..< Int.random(in: 1 ... 5, using: &random2) where !records.isEmpty {
                    records.remove(at: Int.random(in: 0 ..< records.count, using: &random2))
                }
            case .move, .crossSection:
                for _ in 0 ..< Int.random(in: 1 ... 5, using: &random2) where records.count > 1 {
                    var moved = records.remove(at: Int.random(in: 0 ..< records.count, using: &random2))
                    if change == .crossSection { moved.entry.section = self.section(&random2) }
                    records.insert(moved, at: Int.random(in: 0 ... records.count, using: &random2))
                }
            case .update:
                // Every copy of a duplicated identifier moves to the new version together,
                // so the version the adapter sees for an identifier never goes back when the
                // copies reorder (whichever copy comes first is the one listed).
                for _ in 0 ..< Int.random(in: 1 ... 8, using: &random2) where !records.isEmpty {
                    let id = records[Int.random(in: 0 ..< records.count, using: &random2)].entry.id
                    let version = records.lazy.filter { $0.entry.id == id }.map(\.entry.summary).max()! + 1
                    for index in records.indices where records[index].entry.id == id {
                        records[index].entry.summary = version
                        records[index].item.version = version
                    }
                }
            case .renameSections:
                for index in records.indices where Int.random(in: 0 ..< 4, using: &random2) == 0 {
                    records[index].entry.section = self.section(&random2)
                }
            case .empty:
                records.removeAll()
            case .burst:
                let target = Int.random(in: 0 ... maxItems, using: &random2)
                var fresh = ids.makeIterator()
                while records.count < target, let id = fresh.next() {
                    records.insert(record(id), at: Int.random(in: 0 ... records.count, using: &random2))
                }
                for _ in 0 ..< records.count / 4 where records.count > 1 {
                    records.swapAt(Int.random(in: 0 ..< records.count, using: &random2), Int.random(in: 0 ..< records.count, using: &random2))
                }
            case .duplicate:
                // Bad input: an identifier listed twice (the adapter keeps the first).
                if let existing = records.randomElement(using: &random2) {
                    var copy = existing
                    copy.entry.section = self.section(&random2)
                    records.insert(copy, at: Int.random(in: 0 ... records.count, using: &random2))
                }
            case .noOp:
                break
            }
        }
        random = random2
    }

    /// Applies one random change to the SQLite file, through the same pool (another thread).
    func mutateSQLite(_ change: Change, maxItems: Int, random: inout SeededGenerator) throws {
        if change == .renameSections { renameSections(&random) }
        var random2 = random
        let ids = (0 ..< 200).map { _ in freshID() }
        try pool.write { db in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0
            func randomID() throws -> Int64? {
                try Int64.fetchOne(db, sql: "SELECT id FROM item ORDER BY rowid LIMIT 1 OFFSET ?", arguments: [Int.random(in: 0 ..< max(1, count), using: &random2)])
            }
            switch change {
            case .insert, .burst:
                let inserts = change == .burst ? Int.random(in: 0 ... min(200, max(0, maxItems - count)), using: &random2) : Int.random(in: 1 ... 5, using: &random2)
                for id in ids.prefix(max(0, min(inserts, maxItems - count))) {
                    try db.execute(sql: "INSERT INTO item VALUES (?, ?, ?, 1, ?)", arguments: [id, self.section(&random2), Double.random(in: 0 ..< 1, using: &random2), Self.randomKey(&random2)])
                }
                if change == .burst {
                    try db.execute(sql: "UPDATE item SET rank = abs(random() % 1000000) / 1000000.0 WHERE abs(random() % 4) = 0")
                }
            case .delete:
                for _ in 0 ..< Int.random(in: 1 ... 5, using: &random2) {
                    if let id = try randomID() { try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id]) }
                }
            case .move, .crossSection:
                for _ in 0 ..< Int.random(in: 1 ... 5, using: &random2) {
                    guard let id = try randomID() else { break }
                    try db.execute(sql: "UPDATE item SET rank = ?, position = ? WHERE id = ?", arguments: [Double.random(in: 0 ..< 1, using: &random2), Self.randomKey(&random2), id])
                    if change == .crossSection {
                        try db.execute(sql: "UPDATE item SET section = ? WHERE id = ?", arguments: [self.section(&random2), id])
                    }
                }
            case .update:
                for _ in 0 ..< Int.random(in: 1 ... 8, using: &random2) {
                    if let id = try randomID() { try db.execute(sql: "UPDATE item SET version = version + 1 WHERE id = ?", arguments: [id]) }
                }
            case .renameSections:
                for name in sectionNames where Bool.random(using: &random2) {
                    try db.execute(sql: "UPDATE item SET section = ? WHERE abs(random() % 4) = 0", arguments: [name])
                }
            case .empty:
                try db.execute(sql: "DELETE FROM item")
            case .duplicate, .noOp:
                // Identifiers are a primary key here; a no-op write touches nothing listed.
                try db.execute(sql: "UPDATE item SET version = version WHERE id = -1")
            }
        }
        random = random2
    }
}
