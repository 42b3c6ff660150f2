import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import Testing

struct Note: FetchableRecord, Decodable, Sendable {
    var id: Int64, folder: String, position: String?, title: String
}

@Test func notesKeepTheOrderAPersonGivesThem() async throws {
    let path = NSTemporaryDirectory() + "notes-\(UUID().uuidString).sqlite"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let pool = try DatabasePool(path: path)
    try await pool.write { db in
        try db.execute(sql: """
            CREATE TABLE note (id INTEGER PRIMARY KEY, folder TEXT NOT NULL, position TEXT, title TEXT NOT NULL);
            CREATE INDEX note_order ON note(folder, position);
            INSERT INTO note (folder, title) VALUES ('Home', 'Milk'), ('Home', 'Bread'), ('Work', 'Report');
            """)
    }
    var options = SQLiteListSource<Int64, NoSummary, Note>.Options()
    options.ordering = ListOrdering(position: "position", section: "folder")
    let notes = SQLiteListSource<Int64, NoSummary, Note>(
        database: pool,
        query: SQLiteListQuery(table: "note", identifier: "id", section: "folder", order: "folder, position"),
        options: options
    )
    try notes.validate()                                        // the columns fit the ordering
    try await notes.assignPositions(orderedBy: "folder, id")   // once: the initial fill

    // Bread dragged above Milk: the move the adapter hands the app.
    let move = ListMove<Int64>(
        id: 2, source: ItemPath(section: 0, item: 1), destination: ItemPath(section: 0, item: 0),
        sourceSection: "Home", destinationSection: "Home", previous: nil, next: 1
    )
    #expect(try await notes.move(move).rowsWritten == 1)        // one row written
    let titles = try await pool.read { db in
        try String.fetchAll(db, sql: "SELECT title FROM note ORDER BY folder, position")
    }
    #expect(titles == ["Bread", "Milk", "Report"])
}
