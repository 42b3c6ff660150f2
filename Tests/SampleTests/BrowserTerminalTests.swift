import Foundation
import Testing

/// The interactive list, driven for real: `sample` runs in a pseudo-terminal (tmux), gets
/// keystrokes, and the test reads the screen.
@Suite("sample, interactive", .serialized, .timeLimit(.minutes(2)))
struct BrowserTerminalTests {
    /// A tmux session running one command in a 120x30 pseudo-terminal.
    struct Session {
        let name = "sample-test-\(UUID().uuidString.prefix(8))"

        init(command: String) throws {
            let started = try ToolProcess.run(["tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "30", command])
            try #require(started.status == 0, "tmux new-session exited with \(started.status)")
        }

        /// Runs one tmux command (see ``ToolProcess`` for why not `Process`) and returns its output.
        @discardableResult
        static func tmux(_ arguments: [String]) throws -> String {
            try ToolProcess.run(["tmux"] + arguments).output
        }

        func screen() throws -> String { try Self.tmux(["capture-pane", "-t", name, "-p"]) }

        /// The highlighted (cursor) line's first word, read with the escape sequences kept.
        func cursorWord() throws -> String? {
            let styled = try Self.tmux(["capture-pane", "-t", name, "-p", "-e"])
            guard let line = styled.split(separator: "\n").first(where: { $0.contains("\u{1B}[7m") && !$0.contains("items,") }) else { return nil }
            let text = line.replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            return text.split(separator: " ").first.map(String.init)
        }
        func send(_ keys: String...) throws { try Self.tmux(["send-keys", "-t", name] + keys) }
        func kill() { _ = try? Self.tmux(["kill-session", "-t", name]) }

        /// Polls the screen (a terminal offers nothing to wait on) until `condition` holds.
        func waitForScreen(_ what: String, timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async throws -> String {
            let deadline = ContinuousClock.now + timeout
            var last = ""
            while ContinuousClock.now < deadline {
                last = try screen()
                if condition(last) { return last }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("timed out waiting for \(what); the screen was:\n\(last)")
            return last
        }
    }

    @Test func rowsFillInSearchFindsAndQuitRestoresTheTerminal() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sample-ui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c 'XDG_CACHE_HOME=\(cache.path) \(sample) --rows 3000; echo EXITED; stty -a; sleep 30'")
        defer { session.kill() }
        // The demo database is created, then rows appear; placeholders fill in.
        var screen = try await session.waitForScreen("the list") { $0.contains("3000 items") && $0.contains("== ") }
        screen = try await session.waitForScreen("payloads") { !$0.contains("… loading") && $0.contains("cached") }
        #expect(screen.contains("by day"))
        // A search transitions to the matches.
        try session.send("/", "b", "u", "d", "g", "e", "t", "Enter")
        screen = try await session.waitForScreen("search results") { $0.contains("search \"budget\"") && !$0.contains("3000 items") }
        let rows = screen.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.contains("…") }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.contains("Budget") })
        // Escape goes back; g regroups by sender and back, by transitions.
        try session.send("Escape")
        _ = try await session.waitForScreen("the full list again") { $0.contains("3000 items") && $0.contains("by day") }
        try session.send("g")
        _ = try await session.waitForScreen("grouping by sender") { $0.contains("by sender") && $0.contains("== Ada") || $0.contains("by sender") && $0.contains("sections") }
        try session.send("g")
        _ = try await session.waitForScreen("grouping by day") { $0.contains("by day") }
        // Simulated mail arrives above the cursor: the row under it stays the same item.
        try session.send("j", "j", "j", "j", "j")
        _ = try await session.waitForScreen("the cursor moved") { _ in (try? session.cursorWord()).flatMap { $0 } != nil }
        let before = try session.cursorWord()
        try session.send("w")
        screen = try await session.waitForScreen("live changes") { $0.contains("writer on") && $0.contains("updates,") && !$0.contains("+0 -0 0 moves 0 updates") }
        _ = try await session.waitForScreen("a message arriving") { $0.contains("+1 -") }
        #expect(try session.cursorWord() == before)
        try session.send("w")
        // q quits and gives the terminal back.
        try session.send("q")
        screen = try await session.waitForScreen("the exit") { $0.contains("EXITED") }
        #expect(screen.contains(" icanon") && screen.contains(" echo"))
    }

    @Test func browseShowsAnyTableWithTheChosenColumns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sample-browse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("mail.sqlite").path
        #expect(try SampleProcess.run(["generate", "--db", path, "--rows", "500", "--sections", "5"]).status == 0)
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "\(sample) browse --db \(path) --table message --section day --order 'date DESC' --columns sender,subject")
        defer { session.kill() }
        let screen = try await session.waitForScreen("rows with two columns") { $0.contains("500 items") && !$0.contains("… loading") }
        let rows = screen.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(!rows.isEmpty)
        // sender and subject only: no dates, days or flags.
        #expect(rows.allSatisfy { !$0.contains("2026-") && !$0.contains("179") })
        try session.send("q")
    }

    @Test func withoutATerminalItExplainsInsteadOfDrawing() throws {
        let result = try SampleProcess.run([])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("interactive terminal"))
        #expect(!result.standardOutput.contains("\u{1B}["))
        let browse = try SampleProcess.run(["browse", "--db", "/dev/null", "--table", "t"])
        #expect(browse.status == 2)
    }
}
