import Foundation
import GRDB
import Testing

/// `sample watch --json --no-after`: batches without their `after` lists.
@Suite("sample watch --no-after", .hangGuard)
struct WatchNoAfterTests {
    /// The first change line `watch` prints with `extra` options, after one insert.
    static func firstChange(_ extra: [String]) async throws -> [String: Any] {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        defer { folder.remove() }
        let watcher = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--json"] + extra)
        defer { watcher.process.terminate() }
        var lines = watcher.lines.makeAsyncIterator()
        let snapshot = try #require(await lines.next())
        #expect(snapshot.hasPrefix(#"{"snapshot":"#))
        let database = try folder.writer()
        try await database.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        let line = try #require(await lines.next())
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func noAfterLeavesTheAfterListsOut() async throws {
        let change = try await Self.firstChange(["--no-after"])
        let batches = try #require(change["batches"] as? [[String: Any]])
        #expect(!batches.isEmpty)
        #expect(batches.allSatisfy { $0["after"] == nil })
        #expect(batches.first?["insertItems"] as? [[Int]] == [[0, 1]])
        #expect((change["stats"] as? [String: Any])?["inserts"] as? Int == 1)
    }

    @Test func byDefaultEachBatchCarriesItsAfterList() async throws {
        let change = try await Self.firstChange([])
        let batches = try #require(change["batches"] as? [[String: Any]])
        let after = try #require(batches.last?["after"] as? [[String: Any]])
        #expect(after.first?["ids"] as? [Int] == [1, 2])
    }

    @Test func noAfterNeedsJSON() throws {
        let result = try SampleProcess.run(["watch", "--db", "/dev/null", "--table", "t", "--no-after"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--no-after applies to --json"))
    }
}
