import Foundation
import GRDB
import Testing

/// `sample watch` never hangs in silence: each failure is printed once, named by the
/// table and file, and when it cannot go on it exits with a documented status.
@Suite("sample watch, failures and endings", .hangGuard)
struct WatchFailureTests {
    /// A hang guard, not a timing check: a status is due within a few seconds, but on two
    /// busy cores running the whole suite a process's start alone may take many seconds.
    static let deadline = 120.0

    @Test func endOfInputFromDevNullEndsTheWatchAfterTheList() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2)")
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--json"], inputFromDevNull: true)
        #expect(await watch.exitStatus(within: Self.deadline) == 0)
        let lines = await watch.remainingLines()
        #expect(lines == [#"{"snapshot":{"sections":[{"title":null,"ids":[1,2]}]}}"#])
    }

    @Test(arguments: [true, false])
    func aFirstLoadFailureIsPrintedOnceAndEndsTheWatch(json: Bool) async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id, name); INSERT INTO t VALUES (1, 'a'), (NULL, 'b')")
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id"] + (json ? ["--json"] : []))
        #expect(await watch.exitStatus(within: Self.deadline) == 3)
        let output = await watch.remainingLines()
        let errors = watch.standardError.split(separator: "\n")
        let line: String
        if json {
            #expect(errors.isEmpty, "\(errors)")
            try #require(output.count == 1, "\(output)")
            line = output[0]
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let error = try #require(object["error"] as? [String: Any])
            #expect(error["kind"] as? String == "nullIdentifier")
            #expect((error["message"] as? String)?.hasPrefix(#"table "t" in \#(folder.path): "#) == true)
        } else {
            #expect(output.isEmpty, "\(output)")
            try #require(errors.count == 1, "\(errors)")
            line = String(errors[0])
            #expect(line.hasPrefix(#"Error: nullIdentifier: table "t" in \#(folder.path): "#))
        }
        #expect(!line.contains("SQLiteListSource<"))
    }

    @Test func anOpeningFailureIsPrintedOnceInTheChosenForm() async throws {
        let text = try SampleProcess.run(["watch", "--db", "/nonexistent/x.sqlite", "--table", "t"])
        #expect(text.status == 2)
        #expect(text.standardError.split(separator: "\n") == [#"Error: missingFile: table "t" in /nonexistent/x.sqlite: no database file at /nonexistent/x.sqlite"#])
        let json = try SampleProcess.run(["watch", "--db", "/nonexistent/x.sqlite", "--table", "t", "--json"])
        #expect(json.status == 2)
        #expect(json.standardError.isEmpty)
        let lines = json.standardOutput.split(separator: "\n")
        try #require(lines.count == 1)
        let error = try #require((try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "missingFile")
    }

    enum FileFate: String, CaseIterable { case deleted, replaced }

    @Test(arguments: FileFate.allCases)
    func aFileDeletedOrReplacedEndsTheWatch(fate: FileFate) async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--json"])
        var lines = watch.lines.makeAsyncIterator()
        let first = try #require(await lines.next())
        #expect(first.hasPrefix(#"{"snapshot":"#))
        switch fate {
        case .deleted:
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.path + suffix) }
        case .replaced:
            let other = folder.folder.appendingPathComponent("other.sqlite").path
            let database = try DatabaseQueue(path: other)
            try await database.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (7)") }
            try database.close()
            #expect(rename(other, folder.path) == 0)
        }
        #expect(await watch.exitStatus(within: Self.deadline) == 4)
        var rest: [String] = []
        while let line = await lines.next() { rest.append(line) }
        let errors = rest.filter { $0.hasPrefix(#"{"error":"#) }
        #expect(errors.count == 1, "\(rest)")
        #expect(errors.first?.contains(#""kind":"fileReplaced""#) == true)
    }

    /// Starts `watch --json` on a table of one row, waits for the list, then drops the table.
    static func watchThenDropTheTable(_ folder: TemporaryDatabase, patience: [String] = []) async throws
        -> (watch: RunningSample, lines: AsyncStream<String>.Iterator, database: DatabaseQueue)
    {
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--json"] + patience)
        var lines = watch.lines.makeAsyncIterator()
        _ = try #require(await lines.next())
        let database = try folder.writer()
        try await database.write { db in try db.execute(sql: "DROP TABLE t") }
        return (watch, lines, database)
    }

    @Test func aLaterFailureIsRetriedThenEndsTheWatch() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        defer { folder.remove() }
        var (watch, lines, _) = try await Self.watchThenDropTheTable(folder)
        // Printed once, although every retry fails the same way; then status 5.
        #expect(await watch.exitStatus(within: Self.deadline) == 5)
        var rest: [String] = []
        while let line = await lines.next() { rest.append(line) }
        #expect(rest.count == 1, "\(rest)")
        #expect(rest.first?.contains(#""kind":"missingTable""#) == true)
        #expect(rest.first?.contains(#"table \"t\" in "#) == true)
    }

    @Test func aSourceThatRecoversIsFollowedOn() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        defer { folder.remove() }
        // Patience past the test's own time limit: on a loaded machine the table may come
        // back later than the default 5 s, which is the other test's subject.
        var (watch, lines, database) = try await Self.watchThenDropTheTable(folder, patience: ["--patience", "600"])
        let failure = try #require(await lines.next())
        #expect(failure.contains(#""kind":"missingTable""#))
        try await database.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2)") }
        let change = try #require(await lines.next())
        #expect(change.contains(#""insertItems":[[0,1]]"#), "\(change)")
        try watch.input.fileHandleForWriting.close()
        #expect(await watch.exitStatus(within: Self.deadline) == 0)
    }

    @Test func helpDocumentsTheExitStatuses() throws {
        for command in ["watch", "browse", "demo"] {
            let help = try SampleProcess.run([command, "--help"])
            #expect(help.status == 0)
            let text = help.standardOutput.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            for status in ["0 stopped by the user", "2 bad arguments", "3 the first load failed", "4 the database file was deleted or replaced", "5 a later load failed"] {
                #expect(text.contains(status), "\(command) --help lacks \(status)")
            }
        }
    }
}
