import Foundation
import GRDB
import Testing
@testable import Sample

/// `sample browse` in a pseudo-terminal: hostile text stays on its line, the status line
/// says what is true, a failed first load ends the program with its whole message, and
/// Ctrl-C quits.
@Suite("sample browse, screen", .serialized, .hangGuard)
struct BrowseScreenTests {
    typealias Session = BrowserTerminalTests.Session

    /// `sample browse --db DB ARGUMENTS` in a pseudo-terminal; with `then`, inside `sh -c`
    /// followed by those shell commands.
    static func browse(_ database: TemporaryDatabase, _ arguments: String, then shell: String? = nil, columns: Int = 80, rows: Int = 24) throws -> Session {
        let command = "\(try SampleProcess.executable.path) browse --db \(database.path) \(arguments)"
        return try Session(command: shell.map { "sh -c '\(command); \($0)'" } ?? command, columns: columns, rows: rows)
    }

    static let hostileTitles = [
        "\u{1B}[31mRED\u{1B}[0m title\u{7}",
        String(repeating: "日本語のタイトル", count: 10),
        String(repeating: "👨‍👩‍👧‍👦 family ", count: 20),
        String(repeating: "🇫🇷🇯🇵 flags e\u{301}e\u{301} ", count: 15),
        "tab\there\nnew line",
    ]

    @Test func hostileTitlesAndRowsNeverWrapOrEscape() async throws {
        // The table's name needs quoting too: `we"ird`, listed through --columns, SQL the sample builds.
        let folder = try TemporaryDatabase { db in
            try db.execute(sql: #"CREATE TABLE "we""ird" (id INTEGER PRIMARY KEY, day TEXT, subject TEXT)"#)
            for id in 1 ... 200 {
                try db.execute(
                    sql: #"INSERT INTO "we""ird" VALUES (?, ?, ?)"#,
                    arguments: [id, Self.hostileTitles[id % 5], String(repeating: "件名 😀 \u{1B}[2J subject \(id) ", count: 8)]
                )
            }
        }
        defer { folder.remove() }
        let session = try Self.browse(folder, #"--table 'we"ird' --section day --order day,id --columns id,subject"#)
        defer { session.kill() }
        func check(_ screen: String, _ moment: String) throws {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 24, "\(moment): \(lines.count) lines")
            for line in lines {
                #expect(TerminalText.width(of: String(line)) <= 80, "\(moment): too wide: \(line)")
            }
            // Every list line is a header or a row: none is the tail of a wrapped one.
            for line in StatusArea.listLines(of: screen) where !line.isEmpty {
                #expect(line.hasPrefix("== ") || line.hasPrefix("  "), "\(moment): \(line)")
            }
            let summary = StatusArea(screen: screen).summary
            #expect(summary.hasSuffix("j/k [ ] q"), "\(moment): \(summary)")
            // Nothing written by the data reached the terminal as a control sequence.
            let styled = try session.tmux(["capture-pane", "-t", session.name, "-p", "-e"])
            #expect(!styled.contains("\u{1B}[31m") && !styled.contains("\u{1B}[2J"), "\(moment)")
        }
        var screen = try await session.waitForScreen("rows") { $0.contains("200 items in 5 sections") && !$0.contains("… loading") }
        #expect(screen.hasPrefix("== ␛[31mRED␛[0m title␇ (40)"))
        #expect(screen.contains("件名 😀 ␛[2J subject"))
        try check(screen, "top")
        var seen = screen
        // Each section header in turn, then back to the top: the header is still line 1.
        for section in 1 ... 4 {
            let previous = try session.cursorLine()?.text
            try session.send("]")
            screen = try await session.waitForLook("section \(section)") { look in
                look.cursor?.word == "==" && look.cursor?.text != previous && !look.text.contains("… loading")
            }.text
            try check(screen, "section \(section)")
            seen += screen
        }
        for shown in ["👨‍👩‍👧", "日本語のタイトル", "🇫🇷", "␉here␊new line"] {
            #expect(seen.contains(shown), "\(shown) never shown in:\n\(seen)")
        }
        try session.send("Home")
        screen = try await session.waitForScreen("the top again") { $0.hasPrefix("== ␛[31mRED") && !$0.contains("… loading") }
        try check(screen, "home")
        try session.send("q")
    }

    @Test func theStatusLineSaysWhatIsTrue() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'only')")
        defer { folder.remove() }
        let session = try Self.browse(folder, "--table t", rows: 10)
        defer { session.kill() }
        let screen = try await session.waitForScreen("the row and its fetch time") {
            $0.contains("1 item") && !$0.contains("… loading") && StatusArea(screen: $0).table["fetch"] != "-"
        }
        let status = StatusArea(screen: screen)
        // Not grouped, one item in one section; only the keys that work here.
        #expect(status.summary.hasPrefix("not grouped | 1 item in 1 section  "), "\(status.summary)")
        #expect(status.summary.hasSuffix("  j/k [ ] q"), "\(status.summary)")
        #expect(!status.summary.contains("by day") && !status.summary.contains("/ g w"))
        // Every figure under its name: no change yet, the row's fetch timed, one payload cached.
        #expect(status.table["added"] == "-" && status.table["off main"] == "-" && status.table["slowest fill"] == "-", "\(screen)")
        #expect(status.table["fetch"]?.hasSuffix("s") == true && status.table["cached"] == "1", "\(screen)")
        try session.send("q")
    }

    @Test func aFailedFirstLoadEndsWithTheWholeMessage() async throws {
        let folder = try TemporaryDatabase(sql: "CREATE TABLE t (id, name); INSERT INTO t VALUES (1, 'a'), (NULL, 'b')")
        defer { folder.remove() }
        let session = try Self.browse(folder, "--table t --id id", then: "echo EXITED $?; sleep 600")
        defer { session.kill() }
        let screen = try await session.waitForScreen("the exit") { $0.contains("EXITED") }
        let joined = try session.joinedScreen()
        let message = #"Error: nullIdentifier: table "t" in \#(folder.path): row 2 has a NULL identifier (id)"#
        #expect(joined.components(separatedBy: message).count == 2, "printed once and whole:\n\(joined)")
        #expect(screen.contains("EXITED 3"))
        #expect(!joined.contains("SQLiteListSource<"))
    }

    @Test func ctrlCQuitsAndTheShellGetsTheKeysAfter() async throws {
        let folder = try TemporaryDatabase { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
            for id in 1 ... 50 { try db.execute(sql: "INSERT INTO t VALUES (?, 'row')", arguments: [id]) }
        }
        defer { folder.remove() }
        let session = try Self.browse(folder, "--table t", then: "echo EXITED $?; stty -a; read line; echo GOT $line; sleep 600", columns: 120, rows: 30)
        defer { session.kill() }
        _ = try await session.waitForScreen("the list") { $0.contains("50 items") }
        try session.send("C-c")
        // `stty -a` runs after the echo: wait for its output too.
        let screen = try await session.waitForScreen("the exit and the terminal settings") { $0.contains("EXITED") && $0.contains("icanon") }
        #expect(screen.contains("EXITED 0"))
        let settings = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        #expect(settings.isSuperset(of: ["isig", "icanon", "echo"]), "\(screen)")
        try session.send("h", "i", "Enter")
        _ = try await session.waitForScreen("the shell reading the keys") { $0.contains("GOT hi") }
    }
}
