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

    /// A connection that writes the file while `sample watch` follows it. The file is in
    /// rollback-journal mode, where each of the watch's reads holds a shared lock for a
    /// moment: like any real writer (SQLite's shell, Python's sqlite3), it waits that out
    /// instead of failing with "database is locked" (which it did, once, on a loaded CI
    /// machine).
    func writer() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(60)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
