import Foundation
import TestSupport
import Testing

/// Every long-running `sample` command stops on SIGINT and on SIGTERM in each of its
/// phases, as an operator or a shell sends them: within ``limit``, with the documented
/// status (0 "stopped by the user"; 128 + the signal while a database is being created,
/// whose unfinished files are removed). Oracle: the process's exit, its status and the
/// files left behind.
@Suite("sample, stopped by signals in every phase", .hangGuard)
struct StopSignalTests {
    /// How long a stop may take (the operator's patience, not a performance claim).
    static let limit: Double = 5

    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `generate` while it writes: the unfinished file removed, 128 + the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func generateWhileWriting(signal: Int32) async throws {
        let folder = try Self.temporaryFolder("stop-generate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        let generate = try RunningSample(["generate", "--db", path, "--rows", "3000000"], inputFromDevNull: true)
        // The file exists once writing has begun (a condition, checked until it holds).
        while !FileManager.default.fileExists(atPath: path) {
            try #require(generate.process.isRunning, "generate ended before writing: \(generate.standardError)")
            try await Task.sleep(for: .milliseconds(10))         // polling the condition
        }
        kill(generate.process.processIdentifier, signal)
        let status = await generate.exitStatus(within: Self.limit)
        #expect(status == 128 + signal, "\(generate.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(generate.standardError.contains("removed the unfinished"))
    }

    #if WebSocket
    /// `serve` on its first run: while it creates the demo database (the unfinished file
    /// removed, 128 + the signal), and once serving after creating it (status 0: the run
    /// that created the database used to leave SIGINT and SIGTERM ignored for good).
    @Test(arguments: [SIGINT, SIGTERM])
    func serveOnItsFirstRun(signal: Int32) async throws {
        let cache = try Self.temporaryFolder("stop-serve")
        defer { try? FileManager.default.removeItem(at: cache) }
        let demo = cache.appendingPathComponent("listadapter-sample/mail-400.sqlite").path

        let holding = try RunningSample(["serve", "--rows", "400", "--port", "0"], inputFromDevNull: true,
                                        environment: ["XDG_CACHE_HOME": cache.path, "LISTADAPTER_SAMPLE_HOLD_CREATION": "1"])
        while !FileManager.default.fileExists(atPath: demo + ".partial") {
            try #require(holding.process.isRunning, "serve ended before creating: \(holding.standardError)")
            try await Task.sleep(for: .milliseconds(10))         // polling the condition
        }
        kill(holding.process.processIdentifier, signal)
        #expect(await holding.exitStatus(within: Self.limit) == 128 + signal, "\(holding.standardError)")
        #expect(!FileManager.default.fileExists(atPath: demo + ".partial"))

        let first = try RunningSample(["serve", "--rows", "400", "--port", "0"], inputFromDevNull: true, environment: ["XDG_CACHE_HOME": cache.path])
        let port = await first.servedPort()
        try #require(port != nil, "the first run did not serve: \(first.standardError)")
        kill(first.process.processIdentifier, signal)
        #expect(await first.exitStatus(within: Self.limit) == 0, "the first run did not stop on signal \(signal): \(first.standardError)")
        #expect(FileManager.default.fileExists(atPath: demo))

        // The port is free again: another server takes it.
        let again = try RunningSample(["serve", "--rows", "400", "--port", "\(port!)"], inputFromDevNull: true, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(await again.servedPort() == port, "\(again.standardError)")
        kill(again.process.processIdentifier, signal)
        #expect(await again.exitStatus(within: Self.limit) == 0)
    }

    /// `watch --remote` while watching and while retrying after its server was killed.
    @Test(arguments: [SIGINT, SIGTERM])
    func watchWhileWatchingAndWhileRetrying(signal: Int32) async throws {
        let folder = try Self.temporaryFolder("stop-watch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        try #require(try SampleProcess.run(["generate", "--db", path, "--rows", "200", "--sections", "4"]).status == 0)
        let server = try RunningSample(["serve", "--db", path, "--port", "0", "--token", "t"], inputFromDevNull: true)
        let port = try #require(await server.servedPort(), "\(server.standardError)")
        let url = "http://127.0.0.1:\(port)/lists/mail"

        let watching = try RunningSample(["watch", "--remote", url, "--token", "t", "--json"])
        var lines = watching.lines.makeAsyncIterator()
        try #require(await lines.next() != nil, "the watcher printed no list: \(watching.standardError)")
        kill(watching.process.processIdentifier, signal)
        #expect(await watching.exitStatus(within: Self.limit) == 0, "\(watching.standardError)")

        let retrying = try RunningSample(["watch", "--remote", url, "--token", "t", "--json", "--patience", "600"])
        var retryLines = retrying.lines.makeAsyncIterator()
        try #require(await retryLines.next() != nil, "the watcher printed no list: \(retrying.standardError)")
        kill(server.process.processIdentifier, SIGKILL)                  // the server is gone
        _ = await server.exitStatus(within: 60)
        var reported = false
        while !reported, let line = await retryLines.next() { reported = line.contains("\"error\"") }
        try #require(reported, "the watcher did not report the lost server: \(retrying.standardError)")
        kill(retrying.process.processIdentifier, signal)
        #expect(await retrying.exitStatus(within: Self.limit) == 0, "\(retrying.standardError)")
    }
    #endif

    /// `watch --db` while following a file.
    @Test(arguments: [SIGINT, SIGTERM])
    func watchAFile(signal: Int32) async throws {
        let folder = try Self.temporaryFolder("stop-watch-db")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        try #require(try SampleProcess.run(["generate", "--db", path, "--rows", "100", "--sections", "3"]).status == 0)
        let watching = try RunningSample(["watch", "--db", path, "--table", "message", "--section", "day", "--order", "date DESC"])
        var lines = watching.lines.makeAsyncIterator()
        try #require(await lines.next() != nil, "the watcher printed no list: \(watching.standardError)")
        kill(watching.process.processIdentifier, signal)
        #expect(await watching.exitStatus(within: Self.limit) == 0, "\(watching.standardError)")
    }
}
