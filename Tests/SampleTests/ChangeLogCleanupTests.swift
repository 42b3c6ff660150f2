import Foundation
import GRDB
import Testing

/// `--change-log` on an SQLite table whose first load fails: the change log this run
/// installed is removed again (writers stop paying for triggers nothing reads); one that
/// was there before is left in place; either way standard error says so.
@Suite("sample --change-log, a failed first load", .serialized, .hangGuard)
struct ChangeLogCleanupTests {
    typealias Session = BrowserTerminalTests.Session

    /// The change log's parts in the file: the triggers on each table, and the log table.
    static func changeLogParts(_ path: String) throws -> [String] {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'listadapter%' ORDER BY name")
        }
    }

    static let installed = [
        "listadapter_change_log", "listadapter_log_t_delete", "listadapter_log_t_insert", "listadapter_log_t_update",
    ]

    @Test func watchRemovesTheChangeLogItInstalled() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id, name); INSERT INTO t VALUES (1, 'a'), (NULL, 'b')")
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id", "--change-log", "--json"])
        #expect(await watch.exitStatus(within: 120) == 3)
        let output = await watch.remainingLines()
        #expect(output.count == 1 && output.first?.hasPrefix(#"{"error":{"kind":"nullIdentifier""#) == true, "\(output)")
        #expect(try Self.changeLogParts(folder.path).isEmpty)
        #expect(watch.standardError == #"note: removed the change log this run installed on table "t" in \#(folder.path) (its triggers and log table): the first load failed, so nothing reads it"# + "\n")
    }

    @Test func aChangeLogThatWasThereBeforeIsLeftInPlace() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id, name); INSERT INTO t VALUES (1, 'a')")
        defer { folder.remove() }
        // A run that listed installs it and, like any owned source, leaves it.
        let first = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id", "--change-log"], inputFromDevNull: true)
        #expect(await first.exitStatus(within: 120) == 0, "\(first.standardError)")
        #expect(try Self.changeLogParts(folder.path) == Self.installed)
        let writer = try folder.writer()
        try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (NULL, 'b')") }
        try writer.close()
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id", "--change-log"])
        #expect(await watch.exitStatus(within: 120) == 3)
        #expect(try Self.changeLogParts(folder.path) == Self.installed)
        #expect(watch.standardError.hasSuffix(#"note: the change log on table "t" in \#(folder.path) was installed before this run: left in place"# + "\n"), "\(watch.standardError)")
    }

    @Test func anotherTablesChangeLogKeepsTheLogTable() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id, name); INSERT INTO t VALUES (NULL, 'b'); CREATE TABLE u (id INTEGER PRIMARY KEY); INSERT INTO u VALUES (1)")
        defer { folder.remove() }
        let other = try RunningSample(["watch", "--db", folder.path, "--table", "u", "--change-log"], inputFromDevNull: true)
        #expect(await other.exitStatus(within: 120) == 0, "\(other.standardError)")
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id", "--change-log"])
        #expect(await watch.exitStatus(within: 120) == 3)
        // t's triggers are gone; u's still write to the log, which stays.
        #expect(try Self.changeLogParts(folder.path) == ["listadapter_change_log", "listadapter_log_u_delete", "listadapter_log_u_insert", "listadapter_log_u_update"])
    }

    @Test func browseRemovesTheChangeLogItInstalled() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id, name); INSERT INTO t VALUES (1, 'a'), (NULL, 'b')")
        defer { folder.remove() }
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c '\(sample) browse --db \(folder.path) --table t --id id --change-log; echo EXITED $?; sleep 600'")
        defer { session.kill() }
        _ = try await session.waitForScreen("the exit") { $0.contains("EXITED") }
        let screen = try session.joinedScreen()
        #expect(screen.contains("EXITED 3"), "\(screen)")
        #expect(screen.contains("note: removed the change log this run installed on table \"t\""), "\(screen)")
        #expect(try Self.changeLogParts(folder.path).isEmpty)
    }
}
