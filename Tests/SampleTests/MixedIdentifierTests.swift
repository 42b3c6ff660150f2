import Foundation
import GRDB
import Testing

/// `sample watch` and `browse` on a table whose identifier column mixes storage classes:
/// every row listed, `1` and `'1'` two rows, ids printed as JSON tells them apart (`1`,
/// `"1"`, `{"real": 2.5}`, `{"blob": "0102"}`).
@Suite("sample watch and browse, mixed identifiers", .serialized, .hangGuard)
struct MixedIdentifierTests {
    typealias Session = BrowserTerminalTests.Session

    static let table = """
        CREATE TABLE t (id, name TEXT);
        INSERT INTO t VALUES (1, 'one'), ('x', 'ex'), ('1', 'text one'), (2.5, 'real'), (x'0102', 'blob');
        """

    static func ids(_ line: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let snapshot = (object["snapshot"] as? [String: Any]) ?? ((object["batches"] as? [[String: Any]])?.last)
        let sections = try #require((snapshot?["sections"] ?? snapshot?["after"]) as? [[String: Any]], "\(line)")
        return try sections.flatMap { try #require(PrintedIdentifier.literals($0["ids"]), "\(line)") }
    }

    @Test func watchListsEveryRowAndFollowsChangesToEither1() async throws {
        let folder = try TemporaryDatabase(sql: Self.table)
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id", "--json"])
        var lines = watch.lines.makeAsyncIterator()
        let first = try #require(await lines.next())
        #expect(first.contains(#""ids":[1,"x","1",{"real":2.5},{"blob":"0102"}]"#), "\(first)")
        #expect(try Self.ids(first) == ["1", "'x'", "'1'", "2.5", "x'0102'"], "\(first)")
        // The integer 1 goes, the text '1' stays; a text 'y' comes.
        let writer = try folder.writer()
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM t WHERE id = 1 AND typeof(id) = 'integer'")
            try db.execute(sql: "INSERT INTO t VALUES ('y', 'why')")
        }
        var after = try Self.ids(first)
        while after != ["'x'", "'1'", "2.5", "x'0102'", "'y'"] {
            let line = try #require(await lines.next(), "the watch ended at \(after)")
            after = try Self.ids(line)
        }
        try watch.input.fileHandleForWriting.close()
        #expect(await watch.exitStatus(within: 120) == 0)
        #expect(watch.standardError.isEmpty, "\(watch.standardError)")
    }

    @Test func plainTextOutputCountsEveryRow() async throws {
        let folder = try TemporaryDatabase(sql: Self.table)
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id"], inputFromDevNull: true)
        #expect(await watch.exitStatus(within: 120) == 0, "\(watch.standardError)")
        #expect(await watch.remainingLines() == ["5 items in 1 section"])
    }

    @Test func browseShowsEveryRow() async throws {
        let folder = try TemporaryDatabase(sql: Self.table)
        defer { folder.remove() }
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "\(sample) browse --db \(folder.path) --table t --id id --order rowid --columns name", columns: 80, rows: 12)
        defer { session.kill() }
        let screen = try await session.waitForScreen("the rows") { $0.contains("5 items") && !$0.contains("… loading") }
        let rows = StatusArea.listLines(of: screen).filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows == ["one", "ex", "text one", "real", "blob"], "\(screen)")
        try session.send("q")
    }
}
