@testable import Sample

/// The browser's status area read off a screen as a person reads it: the summary line, and
/// each value of the table under its column's name.
struct StatusArea {
    let summary: String
    /// Values by column name: `["added": "1", "fetch": "0.80 ms", ...]`.
    let table: [String: String]

    /// The last ``BrowserStatus/height`` lines of `screen` (a capture, one line per row).
    init(screen: String) {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let area = Array(lines.suffix(BrowserStatus.height))
        self.init(area)
    }

    /// Reads `lines`, as ``BrowserStatus/lines(width:)`` makes them.
    init(_ lines: [String]) {
        summary = lines.first ?? ""
        table = lines.count >= 3 ? Self.read(header: lines[1], values: lines[2]) : [:]
    }

    /// Names and values are right-aligned in their column, so a value is the text that ends
    /// where its name ends, back to the gap of two spaces (a value may hold one space).
    static func read(header: String, values: String) -> [String: String] {
        let values = Array(values) + Array(repeating: " ", count: max(0, header.count - values.count))
        var columns: [String: String] = [:]
        for match in header.matches(of: /[a-z]+( [a-z]+)?/) {
            let end = header.distance(from: header.startIndex, to: match.range.upperBound)
            var start = end
            while start > 0, !(values[start - 1] == " " && (start == 1 || values[start - 2] == " ")) { start -= 1 }
            columns[String(match.output.0)] = String(values[start ..< end])
        }
        return columns
    }

    /// The lines of `screen` above the status area: the list (and a failure note, if any),
    /// under the demo's legend line, which is left out.
    static func listLines(of screen: String) -> [Substring] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        if lines.first?.hasPrefix(demoLegend) == true { lines.removeFirst() }
        return Array(lines.dropLast(BrowserStatus.height))
    }

    /// How the demo's legend, over its list, starts.
    static let demoLegend = "id  sender  subject  date (Unix time)  day  flags  version"

}
