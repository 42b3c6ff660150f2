import Testing
@testable import Sample

/// The browser's status area: a summary line with the keys at the right, then a table of
/// measurements whose every value stands under its name; exactly the terminal's width.
@Suite("status line")
struct StatusLineTests {
    static let facts = ["by day", "1000000 items in 1000 sections", "writer on"]

    @Test(arguments: [40, 80, 120, 200])
    func fitsTheWidthAndKeepsTheHints(width: Int) {
        let line = StatusLine.compose(Self.facts, hints: "j/k [ ] / g w q", width: width)
        #expect(TerminalText.width(of: line) == width, "\(line)")
        #expect(line.hasSuffix("  j/k [ ] / g w q"))
        #expect(line.hasPrefix("by day | 1000000 items"))      // cut short at 40 columns, never dropped
    }

    @Test func factsAreKeptInOrderAndTheFirstThatDoesNotFitIsCut() {
        let line = StatusLine.compose(Self.facts, hints: "j/k [ ] / g w q", width: 50)
        #expect(line.hasPrefix("by day | 1000000 items in 1000 s…  j/k"), "\(line)")
        #expect(!line.contains("writer"))
        let wide = StatusLine.compose(Self.facts, hints: "j/k [ ] / g w q", width: 80)
        #expect(wide.hasPrefix("by day | 1000000 items in 1000 sections | writer on "))
        #expect(!wide.contains("…"))
    }

    @Test func hostileFactsAreMadeSafe() {
        let line = StatusLine.compose(["search \"\u{1B}[2J日本\" (Esc: back)"], hints: "q", width: 30)
        #expect(line.hasPrefix("search \"␛[2J日本\""))
        #expect(TerminalText.width(of: line) == 30)
    }

    /// The widest figures each column can show: a transition at 1M rows, slow times under
    /// load, the writer running.
    static let widest = BrowserStatus(
        shown: "by sender", items: 1_000_000, sections: 1_000, writerIsRunning: true, hints: "j/k [ ] / g w q",
        lastChange: .init(added: 999_999, removed: 1_000_000, moved: 123_456, updated: 99_999, offMain: .seconds(38.4), onMain: .milliseconds(1_234)),
        lastFetch: .milliseconds(456.7), cached: 12_345, slowestFill: .milliseconds(2_345.6)
    )

    static func read(_ lines: [String]) -> [String: String] { StatusArea(lines).table }

    @Test(arguments: [80, 100, 120])
    func everyFigureHasItsLabelAndFitsAt(width: Int) throws {
        let lines = Self.widest.lines(width: width)
        #expect(lines.count == BrowserStatus.height)
        for line in lines { #expect(TerminalText.width(of: line) == width, "\(line)") }
        #expect(lines[0].hasPrefix("by sender | 1000000 items in 1000 sections | writer on  "), "\(lines[0])")
        #expect(lines[0].hasSuffix("  j/k [ ] / g w q"))
        #expect(lines.allSatisfy { !$0.contains("…") }, "nothing cut:\n\(lines.joined(separator: "\n"))")
        let table = Self.read(lines)
        #expect(table == [
            "added": "1.00M", "removed": "1.00M", "moved": "123k", "updated": "100k",
            "off main": "38.4 s", "on main": "1.23 s", "fetch": "457 ms", "cached": "12.3k", "slowest fill": "2.35 s",
        ], "\(lines.joined(separator: "\n"))")
    }

    @Test func beforeAnyChangeTheFiguresAreDashesAndTheFillShowsOnlyWithTheWriter() {
        var status = BrowserStatus(shown: "by day", items: 1, sections: 1, hints: "j/k [ ] q")
        var table = Self.read(status.lines(width: 80))
        #expect(table["added"] == "-" && table["off main"] == "-" && table["fetch"] == "-")
        #expect(table["cached"] == "0")
        status.slowestFill = .milliseconds(12.34)
        #expect(Self.read(status.lines(width: 80))["slowest fill"] == "-")
        status.writerIsRunning = true
        table = Self.read(status.lines(width: 80))
        #expect(table["slowest fill"] == "12.3 ms")
        #expect(status.lines(width: 80)[0].hasPrefix("by day | 1 item in 1 section | writer on"))
    }

    @Test func beforeTheFirstListTheSummarySaysLoadingNotZeroItems() {
        let status = BrowserStatus(shown: "by day", items: nil, sections: 0, hints: "j/k [ ] q")
        #expect(status.lines(width: 80)[0].hasPrefix("by day | loading  "), "\(status.lines(width: 80)[0])")
        #expect(!status.lines(width: 80)[0].contains("0 items"))
    }

    @Test func aNarrowTerminalLosesWholeColumnsFromTheRight() {
        let lines = Self.widest.lines(width: 39)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) == 39 })
        #expect(Self.read(lines) == ["added": "1.00M", "removed": "1.00M", "moved": "123k", "updated": "100k"], "\(lines)")
        #expect(Self.read(Self.widest.lines(width: 40))["off main"] == "38.4 s")
    }

    @Test func whileTypingASearchTheSummarySaysSo() {
        var status = Self.widest
        status.typing = "bud"
        let line = status.lines(width: 80)[0]
        #expect(line.hasPrefix("search: bud_ "))
        #expect(line.hasSuffix("  Enter Esc"))
    }

    @Test func wordingCountsInTheRightNumber() {
        #expect(Wording.count(1, "section") == "1 section")
        #expect(Wording.count(0, "item") == "0 items")
        #expect(Wording.count(2, "section") == "2 sections")
    }

    @Test func compactFiguresStayWithinTheirColumns() {
        let counts = [0: "0", 9_999: "9999", 10_000: "10.0k", 99_949: "99.9k", 99_950: "100k", 999_499: "999k",
                      999_500: "1.00M", 12_345_678: "12.3M", 999_499_999: "999M", 2_000_000_000: "2.00G"]
        for (number, text) in counts { #expect(Wording.compactCount(number) == text, "\(number)") }
        let durations: [(Duration, String)] = [
            (.zero, "0.00 ms"), (.microseconds(310), "0.31 ms"), (.microseconds(12_500), "12.5 ms"), (.milliseconds(123), "123 ms"),
            (.microseconds(999_600), "1.00 s"), (.seconds(30), "30.0 s"), (.seconds(123), "123 s"), (.seconds(99_999), "99999 s"),
        ]
        for (duration, text) in durations { #expect(Wording.duration(duration) == text, "\(duration)") }
        #expect(Set(counts.values).allSatisfy { $0.count <= 5 })
        #expect(durations.allSatisfy { $0.1.count <= 7 })
    }
}
