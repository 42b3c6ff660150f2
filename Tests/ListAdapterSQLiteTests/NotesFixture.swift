import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite

/// A note row of a list a person reorders.
struct Note: FetchableRecord, Decodable, Sendable, Equatable {
    var id: Int64
    var folder: String?
    var position: String?
    var title: String
    var version: Int64
}

/// A database of notes in folders, ordered by a position column of order keys, in a
/// temporary directory; a trigger counts the rows updated.
struct NotesFixture {
    let directory: URL
    let path: String

    init(rows: Int, folders: Int = 3, positionType: String = "TEXT") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("notes.sqlite").path
        let pool = try DatabasePool(path: path)
        try pool.write { db in
            try db.execute(sql: """
                CREATE TABLE note (id INTEGER PRIMARY KEY, folder TEXT, position \(positionType), title TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1);
                CREATE INDEX note_order ON note(folder, position);
                CREATE TABLE updates (count INTEGER NOT NULL);
                INSERT INTO updates VALUES (0);
                CREATE TRIGGER note_updates AFTER UPDATE ON note BEGIN UPDATE updates SET count = count + 1; END;
                """)
            for id in 1 ... max(rows, 1) where rows > 0 {
                try db.execute(sql: "INSERT INTO note (id, folder, title) VALUES (?, ?, ?)", arguments: [id, "F\(id % folders)", "Note \(id)"])
            }
        }
        try pool.close()
    }

    static let query = SQLiteListQuery(table: "note", identifier: "id", section: "folder", summary: "version", order: "folder, position")

    /// An owned source with the ordering declared.
    func source(policy: OrderKeyRebalancePolicy = OrderKeyRebalancePolicy()) throws -> SQLiteListSource<Int64, Int64, Note> {
        var options = SQLiteListSource<Int64, Int64, Note>.Options()
        options.ordering = ListOrdering(position: "position", section: "folder", policy: policy)
        return try SQLiteListSource(path: path, query: Self.query, access: .owned, options: options)
    }

    /// Rows updated since the table was made (the trigger's count).
    func updates(_ reader: any DatabaseReader) throws -> Int {
        try reader.read { db in try Int.fetchOne(db, sql: "SELECT count FROM updates")! }
    }

    /// The identifiers of each folder in list order.
    func folders(_ reader: any DatabaseReader) throws -> [String: [Int64]] {
        try reader.read { db in
            var folders: [String: [Int64]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, folder FROM note ORDER BY folder, position") {
                folders[row["folder"], default: []].append(row["id"])
            }
            return folders
        }
    }

    /// Every position, for checks of distinctness and length.
    func positions(_ reader: any DatabaseReader) throws -> [String] {
        try reader.read { db in try String.fetchAll(db, sql: "SELECT position FROM note ORDER BY folder, position") }
    }

    /// The list as a plain SELECT sees it.
    func plainSnapshot(_ reader: any DatabaseReader) throws -> ListSnapshot<Int64, Int64> {
        try reader.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, folder, version FROM note ORDER BY folder, position")
            return ListSnapshot(rows.map { ListEntry(id: $0["id"], section: $0["folder"], summary: $0["version"]) })
        }
    }

    /// A move as the adapter would describe it (paths are not read by the source).
    static func move(_ id: Int64, to folder: String, after previous: Int64?, before next: Int64?) -> ListMove<Int64> {
        ListMove(
            id: id, source: ItemPath(section: 0, item: 0), destination: ItemPath(section: 0, item: 0),
            sourceSection: nil, destinationSection: folder, previous: previous, next: next
        )
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
