import Foundation
import GRDB
import Testing
@testable import Sample

/// A demo database made before the folders existed gets them (and the person's order) on
/// its next run, and a run interrupted halfway through adding them is finished by the next;
/// the write-ahead log that rewriting the rows made is emptied.
@Suite("sample demo, folders", .serialized, .hangGuard)
struct DemoFolderTests {
    typealias Session = BrowserTerminalTests.Session

    /// Positions that are missing, and whether the folder index exists.
    static func state(_ path: String) throws -> (missing: Int, distinct: Int, indexed: Bool) {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM message WHERE position IS NULL") ?? -1,
             try Int.fetchOne(db, sql: "SELECT count(DISTINCT position) FROM message") ?? -1,
             try db.indexes(on: "message").contains { $0.name == "message_by_folder" })
        }
    }

    @Test(arguments: [false, true])
    func foldersAreAddedOnceAndAnInterruptedAdditionIsFinished(interrupted: Bool) async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("demo-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let folder = cache.appendingPathComponent("listadapter-sample")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("mail-300.sqlite").path
        // What an older sample made: no folders.
        #expect(try SampleProcess.run(["generate", "--db", path, "--rows", "300"]).status == 0)
        if interrupted {
            // Columns added, half the positions written, no index: a run killed halfway.
            let old = try DatabaseQueue(path: path)
            try await old.write { db in
                try db.execute(sql: "ALTER TABLE message ADD COLUMN folder TEXT NOT NULL DEFAULT 'Inbox'; ALTER TABLE message ADD COLUMN position TEXT")
                try db.execute(sql: "UPDATE message SET position = 'V' || id || 'z' WHERE id <= 150")
            }
            try old.close()
        }
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c 'XDG_CACHE_HOME=\(cache.path) \(sample) --rows 300; sleep 600'")
        defer { session.kill() }
        _ = try await session.waitForScreen("the list") { StatusArea(screen: $0).summary.hasPrefix("by day | 300 items") }
        let state = try Self.state(path)
        #expect(state.missing == 0 && state.distinct == 300 && state.indexed, "\(state)")
        // Rewriting every row leaves no write-ahead log the size of the table behind (at a
        // million rows it was 400 MB beside the 510 MB file, for good).
        let size = { (file: String) in (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0 }
        #expect(size(path + "-wal") * 4 < size(path), "write-ahead log \(size(path + "-wal")) bytes beside a \(size(path))-byte file")
        try session.send("f")
        _ = try await session.waitForScreen("the folders") { StatusArea(screen: $0).summary.hasPrefix("by folder, your order | 300 items in 5 sections") }
    }
}
