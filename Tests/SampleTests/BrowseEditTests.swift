import Foundation
import GRDB
import ListAdapterTesting
import Testing
@testable import Sample

/// The demo's edit keys as a person uses them in a terminal: in the folder list (`f`) `J`
/// and `>` move the row under the cursor, written to the database; `d` deletes it; in
/// the list ordered by date a move snaps back with a note saying why.
@Suite("sample, editing the demo mailbox", .serialized, .hangGuard)
struct BrowseEditTests {
    typealias Session = BrowserTerminalTests.Session
    typealias Shown = BrowseTransitionTests.Shown

    /// The identifiers of `folder` in the person's order, read from the file.
    static func folder(_ name: String, in path: String) throws -> [Int64] {
        let database = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? database.close() }
        return try database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM message WHERE folder = ? ORDER BY position", arguments: [name]) }
    }

    @Test func movesAndDeletesAreWrittenAndADateOrderedListSnapsBack() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sample-edits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c 'XDG_CACHE_HOME=\(cache.path) \(sample) --rows 2000; sleep 600'", columns: 100, rows: 30)
        defer { session.kill() }
        let path = cache.appendingPathComponent("listadapter-sample/mail-2000.sqlite").path
        _ = try await session.waitForScreen("the list by day") { Shown($0).summary.hasPrefix("by day | 2000 items") }
        try session.send("f")
        _ = try await session.waitForScreen("the folders") { Shown($0).summary.hasPrefix("by folder, your order | 2000 items in 5 sections") }
        let archive = try Self.folder("Archive", in: path)
        try session.send("j", "J")                     // the first archived message, one down
        let moved = [archive[1], archive[0]] + archive[2...]
        _ = try await session.waitForScreen("the first two archived messages swapped") { screen in
            let rows = Shown(screen).rows
            return rows.count > 2 && rows[0].hasPrefix("  \(archive[1]) ") && rows[1].hasPrefix("  \(archive[0]) ")
        }
        #expect(try Self.folder("Archive", in: path) == Array(moved))
        // Nowhere to go is said, not silently ignored; the demo's columns are named over the list.
        try session.send("<")
        let first = try await session.waitForScreen("the note that Archive is the first folder") { $0.contains("the row is already in the first folder") }
        #expect(first.hasPrefix("id  sender  subject  date (Unix time)  day  flags  version"), "\(first)")
        #expect(try Self.folder("Archive", in: path) == Array(moved))
        try session.send(">")                          // into Family, first
        _ = try await session.waitForScreen("the message first in Family") { screen in
            let lines = StatusArea.listLines(of: screen)
            guard let family = lines.firstIndex(where: { $0.hasPrefix("== Family") }) else { return false }
            return lines.count > family + 1 && lines[family + 1].hasPrefix("  \(archive[0]) ")
        }
        #expect(try Self.folder("Family", in: path).first == archive[0])
        try session.send("d")
        _ = try await session.waitForScreen("the message deleted") { Shown($0).summary.contains("| 1999 items") }
        #expect(try !Self.folder("Family", in: path).contains(archive[0]))
        // Ordered by date, a move is taken, refused by the write, and undone, with a note.
        try session.send("f")
        _ = try await session.waitForScreen("the list by day") { Shown($0).summary.hasPrefix("by day | 1999 items") }
        let before = try Self.folder("Family", in: path) + Self.folder("Inbox", in: path)
        try session.send("j", "J")
        let screen = try await session.waitForScreen("the note on the refused move") { $0.contains("ordered by date: the row goes back") }
        #expect(Shown(screen).summary.hasPrefix("by day | 1999 items"))
        #expect(try Self.folder("Family", in: path) + Self.folder("Inbox", in: path) == before, "a refused move writes nothing")
        // `]` opens the next day at the top of the screen, under the legend (it used to
        // come in at the bottom line).
        let cursorHeader = try session.cursorLine()?.text
        try session.send("]")
        let jumped = try await session.waitForLook("the next day's header on top") { look in
            look.cursor?.word == "==" && look.cursor?.text != cursorHeader
        }
        #expect(jumped.cursor?.line == 1, "\(jumped.text)")       // line 0 is the legend
    }
}
