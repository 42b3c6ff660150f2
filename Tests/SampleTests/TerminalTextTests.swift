import Testing
@testable import Sample

/// What the browser puts on screen: control characters shown, widths in display columns.
@Suite("terminal text")
struct TerminalTextTests {
    @Test(arguments: [
        ("abc", 3),
        ("日本語", 6),                                   // CJK ideographs: two columns each
        ("ｶﾀｶﾅ", 4),                                     // halfwidth katakana: one each
        ("ＡＢ", 4),                                      // fullwidth Latin: two each
        ("한국어", 6),                                   // precomposed Hangul
        ("\u{1100}\u{1161}\u{11A8}", 2),                // Hangul from jamo: one cluster, two columns
        ("😀", 2),
        ("👨‍👩‍👧‍👦", 2),                                    // a ZWJ sequence is one emoji
        ("🇫🇷🇯🇵", 4),                                    // two flags (regional indicator pairs)
        ("👍🏽", 2),                                      // with a skin-tone modifier
        ("❤️", 2), ("❤", 1),                             // text emoji with and without VS16
        ("e\u{301}", 1), ("Z\u{335}\u{336}\u{337}", 1), // combining marks take no column
        ("a\u{200B}b", 2),                              // zero-width space
        ("\u{1B}[31mred", 8),                           // ESC shown as one visible column
    ])
    func widthsAreDisplayColumns(text: String, columns: Int) {
        #expect(TerminalText.width(of: text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func controlCharactersAreShownNotObeyed() {
        let title = "\u{1B}[31mred\u{1B}[0m\ttab\nline\r\u{7}\u{7F}\u{9B}2J\u{202E}evil\u{2028}"
        let safe = TerminalText.sanitized(title)
        #expect(safe == "␛[31mred␛[0m␉tab␊line␍␇␡\u{FFFD}2J\u{FFFD}evil␤")
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) })
        // A combining mark with nothing to combine with gets a visible base.
        #expect(TerminalText.sanitized("\u{301}x") == "\u{25CC}\u{301}x")
        #expect(TerminalText.width(of: "\u{301}x") == 2)
        // Printable text, including emoji sequences and marks, is left alone.
        let printable = "Grüße 日本 👨‍👩‍👧 🇯🇵 e\u{301}"
        #expect(TerminalText.sanitized(printable).unicodeScalars.elementsEqual(printable.unicodeScalars))
    }

    @Test(arguments: [
        ("日本語のタイトル", 7, "日本語…"),          // a wide character never straddles the edge
        ("日本語のタイトル", 8, "日本語…"),
        ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 5, "👨‍👩‍👧‍👦👨‍👩‍👧‍👦…"),             // clusters are never split
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("\u{1B}[2J", 3, "␛[…"),
        ("short", 10, "short"),
        ("exactly", 7, "exactly"),
        ("x", 0, ""),
    ])
    func truncationIsByColumns(text: String, columns: Int, expected: String) {
        let cut = TerminalText.truncated(text, toWidth: columns)
        #expect(cut.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(cut)")
        #expect(TerminalText.width(of: cut) <= columns)
    }

    @Test func fittedTextIsExactlyTheWidth() {
        for text in ["", "abc", "日本語のタイトルです", "🇫🇷 flag", "\u{1B}[31m", "e\u{301}\u{301}", String(repeating: "é", count: 200)] {
            for columns in [1, 2, 3, 9, 80] {
                let fitted = TerminalText.fitted(text, width: columns)
                #expect(TerminalText.width(of: fitted) == columns, "\(text) in \(columns)")
                #expect(TerminalText.sanitized(fitted) == fitted)
            }
        }
    }
}
