import Foundation
import GRDB
import Testing
@testable import Sample

/// The demo's two groupings read covering indexes in their own order (no sort of the
/// million rows per regroup), and a demo database made before the by-sender index existed
/// gets it on its next run, saying so.
@Suite("sample demo, indexes", .serialized, .hangGuard)
struct DemoIndexTests {
    typealias Session = BrowserTerminalTests.Session

    /// The plan of the entry scan the SQLite source runs for `query` (its order, then
    /// `rowid` as the tiebreaker the source adds for a table listed by its rowid).
    static func plan(of query: (identifier: String, section: String?, summary: String?, order: String?), in database: DatabaseQueue) throws -> String {
        let sql = "SELECT \(query.identifier), \(query.section ?? "NULL"), \(query.summary ?? "NULL") FROM message ORDER BY \(query.order ?? ""), rowid"
        return try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String? ?? "" }.joined(separator: "; ")
        }
    }

    @Test func bothGroupingsAreReadFromACoveringIndexWithoutASort() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        #expect(try SampleProcess.run(["generate", "--db", path, "--rows", "2000"]).status == 0)
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        let setup = BrowseSetup.mail(path: path)
        let main = setup.main
        let byDay = try Self.plan(of: (main.identifier, main.section, main.summary, main.order), in: database)
        #expect(byDay.contains("COVERING INDEX message_list") && !byDay.contains("TEMP B-TREE"), "\(byDay)")
        let regrouped = try #require(setup.regrouped?.query)
        let bySender = try Self.plan(of: (regrouped.identifier, regrouped.section, regrouped.summary, regrouped.order), in: database)
        #expect(bySender.contains("COVERING INDEX message_by_sender") && !bySender.contains("TEMP B-TREE"), "\(bySender)")
    }

    @Test func anOlderDemoDatabaseGetsTheIndexOnItsNextRun() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("demo-index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let folder = cache.appendingPathComponent("listadapter-sample")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("mail-300.sqlite").path
        #expect(try SampleProcess.run(["generate", "--db", path, "--rows", "300"]).status == 0)
        func hasIndex() throws -> Bool {
            let database = try DatabaseQueue(path: path)
            defer { try? database.close() }
            return try database.read { db in try db.indexes(on: "message").contains { $0.name == "message_by_sender" } }
        }
        // What an older sample made: no by-sender index.
        let old = try DatabaseQueue(path: path)
        try await old.write { db in try db.execute(sql: "DROP INDEX message_by_sender") }
        try old.close()
        #expect(try !hasIndex())
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c 'XDG_CACHE_HOME=\(cache.path) \(sample) --rows 300; echo EXITED $?; sleep 600'")
        defer { session.kill() }
        _ = try await session.waitForScreen("the list") { StatusArea(screen: $0).summary.hasPrefix("by day | 300 items") }
        #expect(try hasIndex())
        // g reads it: senders in the index's order, A first.
        try session.send("g")
        let screen = try await session.waitForScreen("the list by sender") { StatusArea(screen: $0).summary.hasPrefix("by sender | 300 items") }
        let headers = StatusArea.listLines(of: screen).filter { $0.hasPrefix("== ") }
        #expect(headers.first?.hasPrefix("== Ada (") == true, "\(screen)")
        try session.send("q")
        let end = try await session.waitForScreen("the exit") { $0.contains("EXITED") }
        #expect(end.contains("adding the index that g (by sender) reads to the demo database (once): done in "), "\(end)")
        #expect(end.contains("EXITED 0"))
    }
}

