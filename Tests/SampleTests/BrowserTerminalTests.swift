import Foundation
import ListAdapterTesting
import Testing
import TestSupport
@testable import Sample

/// The interactive list, driven for real: `sample` runs in a pseudo-terminal (tmux), gets
/// keystrokes, and the test reads the screen.
@Suite("sample, interactive", .serialized, .hangGuard)
struct BrowserTerminalTests {
    /// A tmux session running one command in a pseudo-terminal (120x30 by default).
    struct Session {
        let name = "sample-test-\(UUID().uuidString.prefix(8))"
        var socket: String { FileManager.default.temporaryDirectory.appendingPathComponent("\(name).tmux").path }

        /// Each session has a tmux server of its own (`-S`, a socket named after the session
        /// in the temporary folder, removed by `kill()`). Sessions of tests running in parallel once shared the user's default
        /// server, and two `new-session` calls racing to start it, or one racing the
        /// server's exit after another test killed the last session, failed about one time
        /// in three (seen in CI: "tmux new-session exited with 1").
        init(command: String, columns: Int = 120, rows: Int = 30) throws {
            let started = try ChildProcess.runToEnd(["tmux", "-S", socket, "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", command])
            try #require(started.status == 0, "tmux new-session exited with \(started.status): \(started.output)")
        }

        /// Runs one tmux command against this session's server (see `ChildProcess.runToEnd`
        /// for why not `Process`) and returns its output.
        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            try ChildProcess.runToEnd(["tmux", "-S", socket] + arguments).output
        }

        func screen() throws -> String { try tmux(["capture-pane", "-t", name, "-p"]) }

        /// The screen with wrapped lines joined (what a long message printed after the
        /// program ends reads as).
        func joinedScreen() throws -> String { try tmux(["capture-pane", "-t", name, "-p", "-J"]) }

        /// One look at the screen, from a single capture: its text, and the highlighted
        /// (cursor) line of the list with its screen line and first word (an item's id, or
        /// `==` on a section header). Taking both from one capture matters: two captures
        /// may straddle a key being handled.
        struct Look {
            let text: String
            let cursor: (line: Int, word: String, text: String)?
        }

        func look() throws -> Look {
            let styled = try tmux(["capture-pane", "-t", name, "-p", "-e"])
            let text = styled.replacing(/\x1B\[[0-9;]*m/, with: "")
            let lines = styled.split(separator: "\n", omittingEmptySubsequences: false)
            // The status area's summary line, also highlighted, is below the list. Reverse
            // video comes as `ESC[7m`, or `ESC[0;7m` after a styled line (the demo's legend).
            guard let index = lines.dropLast(BrowserStatus.height + 1).firstIndex(where: { $0.contains(/\x1B\[(?:[0-9]+;)*7m/) }) else { return Look(text: text, cursor: nil) }
            let line = String(lines[index]).replacing(/\x1B\[[0-9;]*m/, with: "")
            return Look(text: text, cursor: line.split(separator: " ").first.map { (index, String($0), line) })
        }

        func cursorLine() throws -> (line: Int, word: String, text: String)? { try look().cursor }

        /// The highlighted line's first word: an item's id, or `==` on a section header.
        func cursorWord() throws -> String? { try cursorLine()?.word }
        func send(_ keys: String...) throws { try send(contentsOf: keys) }
        func send(contentsOf keys: [String]) throws { try tmux(["send-keys", "-t", name] + keys) }
        func kill() {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: socket)
        }

        /// Polls the screen (a terminal offers nothing to wait on) until `condition` holds.
        /// The timeout is a hang guard, not a timing check: on two busy cores running the
        /// whole suite, a phase of the program may take many times its usual second.
        func waitForScreen(_ what: String, timeout: Duration = .seconds(120), _ condition: @escaping @Sendable (String) -> Bool) async throws -> String {
            try await waitForLook(what, timeout: timeout) { condition($0.text) }.text
        }

        /// Polls the screen until `condition` holds for one look at it, every 50 ms, on a
        /// thread of its own: on the shared concurrency threads, a loaded machine's other
        /// tests could hold both for longer than a whole phase of the program lasts (a
        /// 20 s database creation came and went between two looks, and the test timed out
        /// waiting for it).
        func waitForLook(_ what: String, timeout: Duration = .seconds(120), _ condition: @escaping @Sendable (Look) -> Bool) async throws -> Look {
            let session = self
            let (found, last) = try await onOwnThread { () -> Result<(Bool, Look), any Error> in
                Result {
                    let deadline = ContinuousClock.now + timeout
                    var last = Look(text: "", cursor: nil)
                    while ContinuousClock.now < deadline {
                        last = try session.look()
                        if condition(last) { return (true, last) }
                        Thread.sleep(forTimeInterval: 0.05)        // a terminal offers nothing to wait on
                    }
                    return (false, last)
                }
            }.get()
            if !found { Issue.record("timed out waiting for \(what); the screen was:\n\(last.text)") }
            return last
        }
    }

    @Test func rowsFillInSearchFindsAndQuitRestoresTheTerminal() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sample-ui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c 'XDG_CACHE_HOME=\(cache.path) \(sample) --rows 3000; echo EXITED; stty -a; sleep 600'")
        defer { session.kill() }
        // The demo database is created, then rows appear; placeholders fill in.
        var screen = try await session.waitForScreen("the list") { $0.contains("3000 items") && $0.contains("== ") }
        screen = try await session.waitForScreen("payloads") { !$0.contains("… loading") && StatusArea(screen: $0).table["fetch"] != "-" }
        #expect(StatusArea(screen: screen).summary.hasPrefix("by day | 3000 items in "), "\(screen)")
        // A search transitions to the matches.
        try session.send("/", "b", "u", "d", "g", "e", "t", "Enter")
        // A capture can catch tmux halfway through drawing a frame (a row cut short): wait
        // for every row to be whole: `id  sender  subject  date  day  flags  version`.
        screen = try await session.waitForScreen("search results") { screen in
            screen.contains("search \"budget\"") && !screen.contains("3000 items")
                && StatusArea.listLines(of: screen).filter { $0.hasPrefix("  ") }.allSatisfy { $0.wholeMatch(of: #/\ \ \d+\ \ .+\ \ \d{4}-\d\d-\d\d\ \ \d+\ \ \d+\ */#) != nil }
        }
        let rows = StatusArea.listLines(of: screen).filter { $0.hasPrefix("  ") }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.contains("Budget") }, "\(screen)")
        // Escape goes back; g regroups by sender and back, by transitions.
        try session.send("Escape")
        _ = try await session.waitForScreen("the full list again") { $0.contains("3000 items") && $0.contains("by day") }
        // The status line names the new grouping once its list is delivered (see
        // BrowseTransitionTests): wait for the list itself (headers are days, or senders).
        try session.send("g")
        _ = try await session.waitForScreen("grouping by sender") { screen in
            let first = StatusArea.listLines(of: screen).first ?? ""
            return screen.contains("by sender") && first.hasPrefix("== ") && !first.hasPrefix("== 2026-")
        }
        try session.send("g")
        screen = try await session.waitForScreen("grouping by day") { screen in
            screen.contains("by day") && StatusArea.listLines(of: screen).first?.hasPrefix("== 2026-") == true && !screen.contains("… loading")
        }
        // Simulated mail arrives above the cursor: the row under it stays the same item on
        // the same screen line. `]` then `j` put the cursor on the first message of the
        // second day, under its header at the top of the screen (line 0 is the legend),
        // with the list scrolled (so that rows vanishing above it can move the list, not
        // the cursor). The writer reads, deletes and
        // refiles only among the 30 newest messages, so it never touches that one. The
        // test waits until both keys are handled (reading the cursor right after sending
        // them once caught the header it started on).
        try session.send("]", "j")
        let firstDay = String(StatusArea.listLines(of: screen).first ?? "")
        let moved = try await session.waitForLook("the cursor on the second day's first message") { look in
            let lines = look.text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count > 2, lines[1].hasPrefix("== "), lines[1] != firstDay, let cursor = look.cursor else { return false }
            return cursor.line == 2 && Int(cursor.word) != nil
        }
        let before = try #require(moved.cursor)
        try session.send("w")
        _ = try await session.waitForScreen("live changes") { screen in
            let status = StatusArea(screen: screen)
            let counts = ["added", "removed", "moved", "updated"].compactMap { status.table[$0].flatMap { Int($0) } }
            return status.summary.contains("writer on") && counts.count == 4 && counts.contains { $0 > 0 }
        }
        _ = try await session.waitForScreen("a message arriving") { (StatusArea(screen: $0).table["added"].flatMap { Int($0) } ?? 0) >= 1 }
        let after = try #require(try session.cursorLine())
        #expect(after.word == before.word)
        #expect(after.line == before.line)
        // Back at the top, where the writer's messages arrive, rows it brings on screen
        // fill in, and the status line says how long the slowest of them stayed
        // `… loading` (a figure, printed, not judged: this machine may be loaded; the
        // issue's 100 ms is checked by hand at 1M in a release build, see BENCHMARKS.md).
        try session.send("Home")
        screen = try await session.waitForScreen("a row filled in under the writer") { StatusArea(screen: $0).table["slowest fill"] != "-" }
        let slowest = try #require(StatusArea(screen: screen).table["slowest fill"])
        #expect(slowest.wholeMatch(of: /\d+(\.\d+)? m?s/) != nil, "\(screen)")
        print("sample, interactive: under the writer the slowest row filled in after \(slowest)")
        try session.send("w")
        // q quits and gives the terminal back.
        try session.send("q")
        // `stty -a` runs after the echo: wait for its output too.
        screen = try await session.waitForScreen("the exit and the terminal settings") { $0.contains("EXITED") && $0.contains("icanon") }
        let settings = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        #expect(settings.isSuperset(of: ["icanon", "echo"]), "\(screen)")
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
        let rows = StatusArea.listLines(of: screen).filter { $0.hasPrefix("  ") }
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
