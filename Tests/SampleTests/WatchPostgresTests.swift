#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterTesting
import Testing

/// `sample watch --postgres`: the same JSON lines as for an SQLite file, from a table in the
/// test server (LISTADAPTER_POSTGRES_URL, which the sample reads itself), written by `psql`.
@Suite(
    "sample watch --postgres", .hangGuard,
    .enabled(if: ProcessInfo.processInfo.environment["LISTADAPTER_POSTGRES_URL"] != nil, "no PostgreSQL server: LISTADAPTER_POSTGRES_URL is not set")
)
struct WatchPostgresTests {
    let url = ProcessInfo.processInfo.environment["LISTADAPTER_POSTGRES_URL"] ?? ""
    let table = "watch_" + UUID().uuidString.prefix(8).lowercased()

    /// Runs `sql` through `psql` and returns its unaligned output lines (`a|b`).
    @discardableResult
    func psql(_ sql: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "psql failed for: \(sql)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The list as a plain SELECT sees it.
    func truth() throws -> ListSnapshot<String, NoSummary> {
        ListSnapshot(try psql("SELECT id, queue FROM \(table) ORDER BY queue, id").map { line in
            let columns = line.split(separator: "|", omittingEmptySubsequences: false)
            return ListEntry(id: String(columns[0]), section: columns[1].isEmpty ? nil : String(columns[1]))
        })
    }

    @Test func anOwnedTableIsPatchedCommitByCommitAndTheURLComesFromTheEnvironment() async throws {
        try psql("CREATE TABLE \(table) (id bigint PRIMARY KEY, queue text, version int NOT NULL DEFAULT 1); INSERT INTO \(table) SELECT g, 'queue ' || (g % 3), 1 FROM generate_series(1, 20) g")
        defer { _ = try? psql("DROP TABLE IF EXISTS \(table) CASCADE; DROP TABLE IF EXISTS listadapter_log_\(table) CASCADE") }
        let watcher = try RunningSample([
            "watch", "--postgres", "--table", table, "--section", "queue", "--summary", "version", "--change-log", "--json",
        ])
        var lines = watcher.lines.makeAsyncIterator()
        let first = try #require(await lines.next())
        let opening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let shown = WatchCommandTests.sections((opening["snapshot"] as? [String: Any])?["sections"])
        #expect(WatchCommandTests.snapshot(shown) == (try truth()))
        var view = ReferenceListView<String, NoSummary>(kind: .table)
        view.reloadData(from: WatchCommandTests.snapshot(shown))

        try psql("BEGIN; DELETE FROM \(table) WHERE id IN (1, 2); UPDATE \(table) SET queue = 'queue 9' WHERE id = 7; INSERT INTO \(table) VALUES (31, NULL, 1); UPDATE \(table) SET version = 2 WHERE id = 8; COMMIT")
        let expected = try truth()
        var updates = 0
        while (try? view.verifyCells(against: expected)) == nil {
            let line = try #require(await lines.next())
            let change = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            updates += ((change["stats"] as? [String: Any])?["updates"] as? Int) ?? 0
            for batch in change["batches"] as? [[String: Any]] ?? [] {
                try view.performBatchUpdates(WatchCommandTests.batchUpdate(batch), dataSource: WatchCommandTests.snapshot(WatchCommandTests.sections(batch["after"])))
            }
        }
        #expect(updates >= 1, "the summary change of 8 is delivered as an update")
        kill(watcher.process.processIdentifier, SIGINT)
        #expect(await watcher.exitStatus(within: 120) == 0)
        let password = try #require(URLComponents(string: url)?.password)
        #expect(!watcher.standardError.contains(password))
    }

    @Test func duplicateIdentifiersAreOneJSONWarningLine() async throws {
        try psql("CREATE TABLE \(table) (id bigint, queue text); INSERT INTO \(table) VALUES (1, 'a'), (1, 'b'), (2, 'a'), (3, 'b'), (3, 'c')")
        defer { _ = try? psql("DROP TABLE IF EXISTS \(table) CASCADE") }
        let watcher = try RunningSample(["watch", "--postgres", "--table", table, "--order", "id, queue", "--json"], inputFromDevNull: true)
        #expect(await watcher.exitStatus(within: 120) == 0, "\(watcher.standardError)")
        let lines = await watcher.remainingLines()
        try #require(lines.count == 2, "\(lines)")
        let components = try #require(URLComponents(string: url))
        let server = "postgres://\(components.user ?? "?")@\(components.host ?? "?"):\(components.port ?? 0)/\(components.path.dropFirst())"
        try WatchWarningTests.checkDuplicateWarning(lines[0], source: "table \(table) in \(server)", samples: ["1", "3"])
        #expect(lines[1] == #"{"snapshot":{"sections":[{"title":null,"ids":[1,2,3]}]}}"#)
        #expect(watcher.standardError.isEmpty, "\(watcher.standardError)")
    }

    /// The change log's triggers on the table and its log table, as `psql` counts them.
    func changeLogParts() throws -> Int {
        let counts = try psql("""
            SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass('\(table)') AND tgname LIKE 'listadapter_log_%'
            UNION ALL SELECT count(*) FROM pg_class WHERE relname = 'listadapter_log_\(table)'
            """)
        return counts.compactMap { Int($0) }.reduce(0, +)
    }

    @Test func aFailedFirstLoadRemovesTheChangeLogThisRunInstalledAndOnlyThat() async throws {
        try psql("CREATE TABLE \(table) (id bigint, queue text); INSERT INTO \(table) VALUES (1, 'a'), (NULL, 'b')")
        defer { _ = try? psql("DROP TABLE IF EXISTS \(table) CASCADE; DROP TABLE IF EXISTS listadapter_log_\(table) CASCADE") }
        let arguments = ["watch", "--postgres", "--table", table, "--order", "id", "--change-log", "--json"]
        let failing = try RunningSample(arguments)
        #expect(await failing.exitStatus(within: 120) == 3)
        let output = await failing.remainingLines()
        #expect(output.count == 1 && output.first?.contains(#""error""#) == true, "\(output)")
        #expect(try changeLogParts() == 0, "nothing left on the table")
        #expect(failing.standardError.contains("note: removed the change log this run installed on table \(table) in postgres://"), "\(failing.standardError)")
        // Installed by a run that listed (and left, as an owned source does), it stays.
        try psql("DELETE FROM \(table) WHERE id IS NULL")
        let listing = try RunningSample(arguments, inputFromDevNull: true)
        #expect(await listing.exitStatus(within: 120) == 0, "\(listing.standardError)")
        #expect(try changeLogParts() == 3)
        try psql("INSERT INTO \(table) VALUES (NULL, 'c')")
        let failingAgain = try RunningSample(arguments)
        #expect(await failingAgain.exitStatus(within: 120) == 3)
        #expect(try changeLogParts() == 3)
        #expect(failingAgain.standardError.contains("was installed before this run: left in place"), "\(failingAgain.standardError)")
    }

    @Test func aMissingTableIsOneJSONErrorNamingItAndTheServerWithoutThePassword() async throws {
        let watcher = try RunningSample(["watch", "--postgres", url, "--table", table, "--json"], inputFromDevNull: true)
        #expect(await watcher.exitStatus(within: 120) == 2)
        let output = await watcher.remainingLines()
        let line = try #require(output.first)
        let error = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "missingTable")
        let message = error["message"] as? String ?? ""
        #expect(message.contains(table))
        let components = try #require(URLComponents(string: url))
        #expect(message.contains("\(components.host ?? "?"):\(components.port ?? 0)"))
        #expect(!message.contains(":\(components.password ?? "?")@"))
    }
}
#endif
