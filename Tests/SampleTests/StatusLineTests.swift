import Testing
@testable import Sample

/// The browser's status line: exactly the terminal's width, facts in order of use, the
/// key hints always whole at the right.
@Suite("status line")
struct StatusLineTests {
    static let facts = [
        "1000000 items in 1000 sections", "by day, writer on",
        "+1 -1, 0 moves, 2 updates, 12.5 ms off main, 0.31 ms on main", "fetch 0.8 ms", "180 cached",
    ]

    @Test(arguments: [40, 80, 120, 200])
    func fitsTheWidthAndKeepsTheHints(width: Int) {
        let line = StatusLine.compose(Self.facts, hints: "j/k [ ] / g w q", width: width)
        #expect(TerminalText.width(of: line) == width, "\(line)")
        #expect(line.hasSuffix("  j/k [ ] / g w q"))
        #expect(line.hasPrefix("1000000 items in 1000 "))      // cut short at 40 columns, never dropped
    }

    @Test func factsAreKeptInOrderAndTheFirstThatDoesNotFitIsCut() {
        let line = StatusLine.compose(Self.facts, hints: "j/k [ ] / g w q", width: 80)
        #expect(line.hasPrefix("1000000 items in 1000 sections | by day, writer on | +1 -1, "))
        #expect(line.contains("…"))
        #expect(!line.contains("cached"))
        let wide = StatusLine.compose(Self.facts, hints: "j/k [ ] / g w q", width: 200)
        #expect(wide.contains("| fetch 0.8 ms | 180 cached"))
        #expect(!wide.contains("…"))
    }

    @Test func hostileFactsAreMadeSafe() {
        let line = StatusLine.compose(["search \"\u{1B}[2J日本\" (Esc: back)"], hints: "q", width: 30)
        #expect(line.hasPrefix("search \"␛[2J日本\""))
        #expect(TerminalText.width(of: line) == 30)
    }

    @Test func wordingCountsInTheRightNumber() {
        #expect(Wording.count(1, "section") == "1 section")
        #expect(Wording.count(0, "item") == "0 items")
        #expect(Wording.count(2, "section") == "2 sections")
    }
}
