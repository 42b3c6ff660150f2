import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite

/// Your row type: a GRDB record, fetched by identifier when its row is shown.
struct Message: FetchableRecord, Decodable, Sendable {
    var id: Int64
    var day: String
    var subject: String
    var version: Int64
}

/// Your app's database (here a new file in the temporary folder) and its schema.
func openDatabase() throws -> DatabasePool {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let database = try DatabasePool(path: folder.appendingPathComponent("mail.sqlite").path)
    try database.write { db in
        try db.execute(sql: """
            CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT NOT NULL, subject TEXT NOT NULL,
                                  version INTEGER NOT NULL DEFAULT 1);
            INSERT INTO message (day, subject) VALUES
                ('2026-11-28', 'Lunch?'), ('2026-11-28', 'The build is green'), ('2026-11-27', 'Welcome');
            """)
    }
    return database
}

/// A commit of your app's; another process's commit would reach the adapter the same way.
func addMessage(_ subject: String, to database: DatabasePool) throws {
    try database.write { db in
        try db.execute(sql: "INSERT INTO message (day, subject) VALUES ('2026-11-28', ?)", arguments: [subject])
    }
}

let database = try openDatabase()
// The list: every message, in sections by day, newest first. The adapter keeps only each
// row's id, day and version in memory; a commit is applied as a patch, not a rescan.
let source = SQLiteListSource<Int64, Int64, Message>(
    database: database,                 // owned; or SQLiteListSource(path:query:) follows a file read-only
    query: SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version",
                           order: "day DESC, id DESC")
)
try source.validate()                   // a missing table or column: a typed SQLiteSourceError
let adapter = ListViewAdapter(source: source)

events: for await event in adapter.events {
    switch event {
    case .reload(let list):
        print("\(list.count) messages in \(list.numberOfSections) days")
        try addMessage("Your order has shipped", to: database)
    case .batch(let batch, _):
        for path in batch.update.insertItems {
            let fetched = try await adapter.item(at: path)
            print("inserted at \(path): \(fetched?.item.subject ?? "(gone)")")
        }
        break events
    case .loadStateChanged(.failed(let error)):
        print("failed: \(error)")
        break events
    case .loadStateChanged, .duplicateIdentifiers, .itemMoved, .editEnded:
        continue
    }
}
