import Foundation
import ListAdapterTesting
import Testing
@testable import Sample

/// While a regroup (`g`), a search (`/`) or the way back (`Esc`) loads, the screen says so
/// with the time it has taken, and the status line goes on naming the list on screen: the
/// new name appears only with the new list. Each transition is held (a FIFO the sample
/// reads before starting it) until the test has seen the loading state, so the check does
/// not depend on how fast this machine loads 2000 rows.
@Suite("sample, transitions on screen", .serialized, .hangGuard)
struct BrowseTransitionTests {
    typealias Session = BrowserTerminalTests.Session

    /// The list on screen, as far as a capture tells: its section headers and whole rows.
    struct Shown {
        let summary: String
        let note: String?
        let headers: [Substring]
        let rows: [Substring]

        init(_ screen: String) {
            summary = StatusArea(screen: screen).summary
            let lines = StatusArea.listLines(of: screen)
            // The line above the status area is the note while a list loads.
            note = lines.last.flatMap { $0.hasPrefix("== ") || $0.hasPrefix("  ") || $0.isEmpty ? nil : String($0) }
            headers = lines.filter { $0.hasPrefix("== ") }
            rows = lines.filter { $0.hasPrefix("  ") && !$0.contains("… loading") }
        }

        var isByDay: Bool { !headers.isEmpty && headers.allSatisfy { $0.contains(/^== \d{4}-\d\d-\d\d \(/) } }
        var isBySender: Bool { !headers.isEmpty && headers.allSatisfy { !$0.contains(/^== \d{4}-\d\d-\d\d \(/) } }
        var isBudgetSearch: Bool { !rows.isEmpty && rows.allSatisfy { $0.contains("Budget") } && !summary.contains("2000 items") }
        var isWholeList: Bool { summary.contains("| 2000 items in ") }
    }

    /// Lets the sample start the transition it holds.
    static func release(_ fifo: String) async {
        await onOwnThread {
            let file = open(fifo, O_WRONLY)              // waits for the sample to open it
            _ = "\n".withCString { write(file, $0, 1) }
            close(file)
        }
    }

    /// Waits until `done`, failing at once on a capture whose status line names `label`
    /// while the list is not yet what `isLabelled` recognises (a frame half drawn shows
    /// the new list under the old name, never the reverse: the status area is drawn last).
    static func waitForShown(
        _ session: Session, _ what: String, label: String, isLabelled: @escaping @Sendable (Shown) -> Bool,
        until done: @escaping @Sendable (Shown) -> Bool
    ) async throws -> Shown {
        let screen = try await session.waitForScreen(what) { screen in
            let shown = Shown(screen)
            return done(shown) || (shown.summary.hasPrefix(label) && !isLabelled(shown))
        }
        let shown = Shown(screen)
        #expect(!shown.summary.hasPrefix(label) || isLabelled(shown), "mislabelled: \(label) over another list:\n\(screen)")
        return shown
    }

    @Test func regroupSearchAndBackShowProgressAndNeverMislabel() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sample-transitions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        let fifo = cache.appendingPathComponent("hold").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let sample = try SampleProcess.executable.path
        let session = try Session(
            command: "sh -c 'XDG_CACHE_HOME=\(cache.path) LISTADAPTER_SAMPLE_HOLD_TRANSITIONS=\(fifo) \(sample) --rows 2000; sleep 600'",
            columns: 100, rows: 30
        )
        defer { session.kill() }
        // Until the first list comes, the screen says it is loading, never "0 items".
        var screen = try await session.waitForScreen("the list by day") { screen in
            let shown = Shown(screen)
            return shown.summary.contains("| 0 items") || (shown.summary.hasPrefix("by day | 2000 items") && shown.isByDay && shown.note == nil)
        }
        #expect(!Shown(screen).summary.contains("| 0 items"), "\(screen)")

        // g: the old list keeps its name while the note counts the seconds.
        try session.send("g")
        screen = try await session.waitForScreen("a second of regrouping") { Shown($0).note?.hasPrefix("regrouping by sender… 1 s") == true }
        var shown = Shown(screen)
        #expect(shown.note == "regrouping by sender… 1 s; still showing by day", "\(screen)")
        #expect(shown.summary.hasPrefix("by day | 2000 items") && shown.isByDay, "\(screen)")
        await Self.release(fifo)
        shown = try await Self.waitForShown(session, "the list by sender", label: "by sender", isLabelled: \.isBySender) { shown in
            shown.summary.hasPrefix("by sender | 2000 items") && shown.note == nil
        }
        #expect(shown.isBySender)

        // A search: the list by sender is named so until the matches are shown.
        try session.send("/", "b", "u", "d", "g", "e", "t", "Enter")
        screen = try await session.waitForScreen("searching") { Shown($0).note?.hasPrefix("searching \"budget\"… ") == true }
        shown = Shown(screen)
        #expect(shown.note?.hasSuffix(" s; still showing by sender") == true, "\(screen)")
        #expect(shown.summary.hasPrefix("by sender | 2000 items") && shown.isBySender, "\(screen)")
        await Self.release(fifo)
        shown = try await Self.waitForShown(session, "the matches", label: "search \"budget\"", isLabelled: \.isBudgetSearch) { shown in
            shown.summary.hasPrefix("search \"budget\" (Esc: back) | ") && shown.note == nil && shown.isBudgetSearch
        }
        #expect(shown.isByDay, "matches are grouped by day")

        // Esc: back to the grouping chosen last (by sender), named so once it is back.
        try session.send("Escape")
        screen = try await session.waitForScreen("going back") { Shown($0).note?.hasPrefix("back to by sender… ") == true }
        shown = Shown(screen)
        #expect(shown.note?.hasSuffix(" s; still showing search \"budget\" (Esc: back)") == true, "\(screen)")
        #expect(shown.summary.hasPrefix("search \"budget\"") && shown.isBudgetSearch, "\(screen)")
        await Self.release(fifo)
        shown = try await Self.waitForShown(session, "the whole list again", label: "by sender", isLabelled: { $0.isBySender && $0.isWholeList }) { shown in
            shown.summary.hasPrefix("by sender | 2000 items") && shown.note == nil
        }
        #expect(shown.isBySender)
        try session.send("q")
    }
}
