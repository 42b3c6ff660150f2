import Foundation
import GRDB
import ListAdapter
import ListAdapterTesting
import Testing

@Suite("sample watch", .hangGuard)
struct WatchCommandTests {
    static func sections(_ value: Any?) -> [(title: String?, ids: [String])] {
        (value as? [[String: Any]] ?? []).map { ($0["title"] as? String, PrintedIdentifier.literals($0["ids"]) ?? []) }
    }

    /// The state exactly as printed, empty sections included (a staged batch can leave a
    /// section empty until a later batch of the same change fills or removes it).
    static func snapshot(_ sections: [(title: String?, ids: [String])]) -> ListSnapshot<String, NoSummary> {
        ListSnapshot(sections: sections.map { section in (section.title, section.ids.map { ListEntry(id: $0, section: section.title) }) })!
    }

    /// A printed batch (`sample diff`'s shape) as the update a list view is given.
    static func batchUpdate(_ batch: [String: Any]) -> BatchUpdate {
        func paths(_ key: String) -> [ItemPath] { (batch[key] as? [[Int]] ?? []).map { ItemPath(section: $0[0], item: $0[1]) } }
        return BatchUpdate(
            deleteSections: batch["deleteSections"] as? [Int] ?? [], insertSections: batch["insertSections"] as? [Int] ?? [],
            moveSections: (batch["moveSections"] as? [[Int]] ?? []).map { SectionMove(from: $0[0], to: $0[1]) },
            deleteItems: paths("deleteItems"), insertItems: paths("insertItems"),
            moveItems: (batch["moveItems"] as? [[[Int]]] ?? []).map {
                ItemMove(from: ItemPath(section: $0[0][0], item: $0[0][1]), to: ItemPath(section: $0[1][0], item: $0[1][1]))
            },
            reloadItems: paths("reloadItems"), reconfigureItems: paths("reconfigureItems")
        )
    }

    @Test func jsonLinesFollowAnotherProcessesCommitsAndApplyCleanly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("mail.sqlite").path
        let pool = try DatabasePool(path: path)
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT, version INTEGER NOT NULL)")
            for id in 1 ... 30 { try db.execute(sql: "INSERT INTO message VALUES (?, ?, 1)", arguments: [id, "day \(id % 4)"]) }
        }
        let watcher = try RunningSample([
            "watch", "--db", path, "--table", "message", "--id", "id", "--section", "day", "--summary", "version",
            "--order", "day, id", "--json",
        ])
        var lines = watcher.lines.makeAsyncIterator()
        let first = try #require(await lines.next())
        let opening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let shown = Self.sections((opening["snapshot"] as? [String: Any])?["sections"])
        #expect(shown.count == 4)
        var view = ReferenceListView<String, NoSummary>(kind: .collection)
        view.reloadData(from: Self.snapshot(shown))
        // This test process is the other process: it commits, the watcher prints changes.
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM message WHERE id IN (1, 2)")
            try db.execute(sql: "UPDATE message SET day = 'day 9' WHERE id = 7")
            try db.execute(sql: "INSERT INTO message VALUES (31, 'day 0', 1)")
            try db.execute(sql: "UPDATE message SET version = 2 WHERE id = 8")
        }
        let expected = try await pool.read { db in
            try ListSnapshot(Row.fetchAll(db, sql: "SELECT id, day FROM message ORDER BY day, id").map {
                ListEntry<String, NoSummary>(id: String($0["id"] as Int64), section: $0["day"] as String?)
            })
        }
        while (try? view.verifyCells(against: expected)) == nil {
            let line = try #require(await lines.next())
            let change = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let stats = try #require(change["stats"] as? [String: Any])
            #expect(stats["inserts"] is Int)
            for batch in change["batches"] as? [[String: Any]] ?? [] {
                try view.performBatchUpdates(Self.batchUpdate(batch), dataSource: Self.snapshot(Self.sections(batch["after"])))
            }
        }
        try view.verifyCells(against: expected)
        // Closing standard input ends the watch cleanly.
        try watcher.input.fileHandleForWriting.close()
        #expect(await watcher.exitStatus(within: 120) == 0)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsTheWatchCleanly(signal: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.sqlite").path
        let pool = try DatabasePool(path: path)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)") }
        let watcher = try RunningSample(["watch", "--db", path, "--table", "t", "--json"])
        var lines = watcher.lines.makeAsyncIterator()
        _ = try #require(await lines.next())                 // running and listed
        kill(watcher.process.processIdentifier, signal)
        let status = await watcher.exitStatus(within: 120)
        #expect(status == 0)
        if status != nil { #expect(watcher.process.terminationReason == .exit) }     // only once it has ended
    }

    @Test func badArgumentsExitTwo() throws {
        let missing = try SampleProcess.run(["watch", "--db", "/nonexistent/x.sqlite", "--table", "t"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("missingFile"))
        let noTable = try SampleProcess.run(["watch", "--db", "/dev/null"])
        #expect(noTable.status == 2)
    }
}
