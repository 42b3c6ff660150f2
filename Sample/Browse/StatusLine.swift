/// The first line of the browser's status area (``BrowserStatus``): facts in order of
/// use, key hints always at the right end, fitted to the terminal's width in display
/// columns.
///
/// Pure; use it on any thread.
enum StatusLine {
    /// `facts` joined by ` | ` as far as they fit, the first one that does not fit cut
    /// short (when at least a few columns are left) and the rest left out, then `hints`
    /// at the right; exactly `width` columns, all sanitized.
    static func compose(_ facts: [String], hints: String, width: Int) -> String {
        let hintWidth = TerminalText.width(of: hints)
        guard hintWidth + 2 < width else { return TerminalText.fitted(facts.first ?? hints, width: width) }
        let room = width - hintWidth - 2                // two columns at least between facts and hints
        var text = ""
        for fact in facts where !fact.isEmpty {
            let piece = text.isEmpty ? fact : " | " + fact
            let pieceWidth = TerminalText.width(of: piece)
            let used = TerminalText.width(of: text)
            if used + pieceWidth <= room {
                text += piece
            } else {
                if room - used >= 8 { text += TerminalText.truncated(piece, toWidth: room - used) }
                break
            }
        }
        return TerminalText.fitted(text, width: width - hintWidth) + TerminalText.sanitized(hints)
    }
}
