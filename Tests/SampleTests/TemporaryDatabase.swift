import Foundation
import GRDB

/// A folder of its own holding one SQLite file, `t.sqlite`, made by the test; `remove()`
/// deletes the folder.
struct TemporaryDatabase {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-db-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("t.sqlite").path }

    /// Creates the file (in rollback-journal mode) and runs `write` in one transaction.
    init(_ write: (Database) throws -> Void) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path)
        try database.write(write)
        try database.close()
    }

    /// Creates the file and runs the statements in `sql`.
    init(sql: String) throws {
        try self.init { db in try db.execute(sql: sql) }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
