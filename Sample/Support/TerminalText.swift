/// Text made safe for a terminal and measured in display columns.
///
/// Whatever the browser shows comes from a database the user may not control: a title
/// with `ESC [31m` would turn the screen red, a newline would break the layout, and a
/// title in CJK or emoji is twice as wide as its character count. `sanitized` shows every
/// control character visibly; `width(of:)` counts columns the way terminals do (East
/// Asian wide and fullwidth characters and emoji take two, combining marks and joiners
/// none); `fitted` cuts by columns and pads, so a row never wraps.
///
/// Pure functions; use them on any thread.
enum TerminalText {
    /// `text` with every control character replaced by a visible stand-in: C0 controls by
    /// their control pictures (`ESC` is `␛`, a newline `␊`), DEL by `␡`, C1 controls and
    /// bidirectional overrides by `�`, line and paragraph separators by `␤`, and a
    /// combining mark that has no base by `◌` followed by the mark.
    ///
    /// - Complexity: O(n) in the number of scalars.
    static func sanitized(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var atStart = true
        for scalar in text.unicodeScalars {
            if let standIn = standIn(for: scalar) {
                output.append(standIn)
            } else {
                if atStart, isZeroWidth(scalar) { output.append("\u{25CC}") }
                output.append(scalar)
            }
            atStart = false
        }
        return String(output)
    }

    /// The visible stand-in for a control character, or `nil` for a printable scalar.
    private static func standIn(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00 ... 0x1F: Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: "\u{2421}"
        case 0x80 ... 0x9F: "\u{FFFD}"
        case 0x202A ... 0x202E, 0x2066 ... 0x2069: "\u{FFFD}"  // bidi embeddings, overrides, isolates
        case 0x2028, 0x2029: "\u{2424}"
        default: nil
        }
    }

    /// The columns `text` takes on a terminal once sanitized.
    ///
    /// - Complexity: O(n) in the number of scalars.
    static func width(of text: String) -> Int {
        sanitized(text).reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one grapheme cluster (already sanitized) takes: 2 for emoji and East
    /// Asian wide or fullwidth characters, 0 for a cluster of marks and joiners only, 1
    /// otherwise.
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }   // text emoji asking for emoji style
        if isWide(first) { return 2 }
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        return 1
    }

    /// `text`, sanitized and cut to at most `columns` columns; a cut text ends in `…`.
    static func truncated(_ text: String, toWidth columns: Int) -> String {
        let safe = sanitized(text)
        guard columns > 0 else { return "" }
        var total = 0
        var fits = safe.startIndex
        var index = safe.startIndex
        // `fits`: the end of the longest prefix that still leaves a column for the ellipsis.
        while index < safe.endIndex {
            let next = total + width(of: safe[index])
            if next > columns { return String(safe[..<fits]) + "…" }
            if next <= columns - 1 { fits = safe.index(after: index) }
            total = next
            index = safe.index(after: index)
        }
        return safe
    }

    /// `text`, sanitized, cut and padded with spaces to exactly `columns` columns.
    static func fitted(_ text: String, width columns: Int) -> String {
        let cut = truncated(text, toWidth: columns)
        return cut + String(repeating: " ", count: max(0, columns - width(of: cut)))
    }

    /// Combining marks, format characters (joiners, variation selectors, zero-width space)
    /// and Hangul medial and final jamo take no column of their own.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        case .format: return scalar != "\u{00AD}"     // a soft hyphen is shown
        default: return (0x1160 ... 0x11FF).contains(scalar.value) || (0xFE00 ... 0xFE0F).contains(scalar.value)
        }
    }

    /// East Asian Wide and Fullwidth (Unicode's EastAsianWidth.txt, W and F), the ranges
    /// outside the emoji, which `isEmojiPresentation` covers.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100 ... 0x115F, 0x2329 ... 0x232A, 0x2E80 ... 0x303E, 0x3041 ... 0x33FF, 0x3400 ... 0x4DBF,
        0x4E00 ... 0x9FFF, 0xA000 ... 0xA4CF, 0xA960 ... 0xA97F, 0xAC00 ... 0xD7A3, 0xF900 ... 0xFAFF,
        0xFE10 ... 0xFE19, 0xFE30 ... 0xFE6F, 0xFF00 ... 0xFF60, 0xFFE0 ... 0xFFE6,
        0x16FE0 ... 0x16FE4, 0x16FF0 ... 0x16FF1, 0x17000 ... 0x18CFF, 0x18D00 ... 0x18D08,
        0x1AFF0 ... 0x1B2FF, 0x1F200 ... 0x1F2FF, 0x20000 ... 0x2FFFD, 0x30000 ... 0x3FFFD,
    ]
}
