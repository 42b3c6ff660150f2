/// The browser's measurements as a two-line table: a line naming the columns and a line of
/// values, each value right-aligned under its name.
///
/// A column is as wide as its name or as the widest value its kind of figure can take,
/// whichever is wider, so the columns never shift as the figures change; a column that
/// does not fit the terminal is left out whole, never cut.
///
/// Pure; use it on any thread.
struct StatusTable {
    /// One column: its name, its value now, and the columns it always takes.
    struct Column: Equatable {
        let name: String
        let value: String
        let width: Int

        /// A count (``Wording/compactCount(_:)``, at most five columns), `-` when unknown.
        static func count(_ name: String, _ number: Int?) -> Column {
            Column(name: name, value: number.map(Wording.compactCount) ?? "-", valueWidth: 5)
        }

        /// A duration (``Wording/duration(_:)``, at most seven columns), `-` when unknown.
        static func duration(_ name: String, _ duration: Duration?) -> Column {
            Column(name: name, value: duration.map(Wording.duration) ?? "-", valueWidth: 7)
        }

        private init(name: String, value: String, valueWidth: Int) {
            self.name = name
            self.value = value
            width = max(TerminalText.width(of: name), valueWidth)
        }
    }

    /// The columns between two neighbours.
    static let gap = 2

    let columns: [Column]

    /// The header and the values, each exactly `width` columns, with as many whole
    /// columns as fit, from the left.
    func lines(width: Int) -> (header: String, values: String) {
        var header = ""
        var values = ""
        var used = 0
        for column in columns {
            let lead = used == 0 ? 0 : Self.gap
            guard used + lead + column.width <= width else { break }
            header += String(repeating: " ", count: lead) + Self.rightAligned(column.name, width: column.width)
            values += String(repeating: " ", count: lead) + Self.rightAligned(column.value, width: column.width)
            used += lead + column.width
        }
        return (TerminalText.fitted(header, width: width), TerminalText.fitted(values, width: width))
    }

    private static func rightAligned(_ text: String, width: Int) -> String {
        let cut = TerminalText.truncated(text, toWidth: width)
        return String(repeating: " ", count: max(0, width - TerminalText.width(of: cut))) + cut
    }
}
