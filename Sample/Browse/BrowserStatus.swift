import ListAdapter

/// What the browser's status area says, in three lines at the bottom of the screen:
///
/// ```
/// by day | 1000000 items in 1000 sections | writer on                  j/k [ ] / g w q
///   added  removed  moved  updated  off main  on main    fetch  cached  slowest fill
///       1        1      0        2   12.5 ms  0.31 ms  0.80 ms     180       12.3 ms
/// ```
///
/// The first line says what the list shows (its grouping or search, and what is loading
/// to replace it), its counts and whether the writer runs, with the keys that work here at
/// the right. Under it, a table of the last change (items added, removed, moved and
/// updated; the time it took off the main thread, to compute, and on it, to apply), the
/// last fetch's time, the payloads cached, and, while the writer runs, the longest a row
/// stayed `… loading` since `w` was pressed. At the widest figures it takes 80 columns.
///
/// A value; the browser makes one per frame on the main queue.
struct BrowserStatus {
    /// The last change the list received.
    struct LastChange: Equatable {
        var added = 0
        var removed = 0
        var moved = 0
        var updated = 0
        /// The time to compute it off the main thread.
        var offMain: Duration = .zero
        /// The time to apply it on the main thread.
        var onMain: Duration = .zero

        init(added: Int = 0, removed: Int = 0, moved: Int = 0, updated: Int = 0, offMain: Duration = .zero, onMain: Duration = .zero) {
            (self.added, self.removed, self.moved, self.updated) = (added, removed, moved, updated)
            (self.offMain, self.onMain) = (offMain, onMain)
        }

        /// The counts of `changes`, with their times.
        init(_ changes: ListChangeSet, offMain: Duration, onMain: Duration) {
            self.init(
                added: changes.itemInserts.count, removed: changes.itemDeletes.count, moved: changes.itemMoves.count,
                updated: changes.itemUpdates.count, offMain: offMain, onMain: onMain
            )
        }
    }

    /// The lines the status area takes.
    static let height = 3

    /// What the list shows: `by day`, `search "budget" (Esc: back)`.
    var shown: String
    /// The list's count, `nil` before the first list (the summary then says `loading`).
    var items: Int?
    var sections: Int
    var writerIsRunning = false
    /// The keys that work here: `j/k [ ] / g w q`.
    var hints: String
    /// The search being typed after `/`, if any.
    var typing: String?
    var lastChange: LastChange?
    var lastFetch: Duration?
    var cached = 0
    /// The longest a row stayed `… loading` since the writer started; shown while it runs.
    var slowestFill: Duration?

    /// The first line: what is shown and the keys.
    func summaryLine(width: Int) -> String {
        if let typing { return StatusLine.compose(["search: \(typing)_"], hints: "Enter Esc", width: width) }
        let counts = items.map { Wording.count($0, "item") + " in " + Wording.count(sections, "section") } ?? "loading"
        return StatusLine.compose([shown, counts, writerIsRunning ? "writer on" : ""], hints: hints, width: width)
    }

    /// The table under it.
    var table: StatusTable {
        StatusTable(columns: [
            .count("added", lastChange?.added),
            .count("removed", lastChange?.removed),
            .count("moved", lastChange?.moved),
            .count("updated", lastChange?.updated),
            .duration("off main", lastChange?.offMain),
            .duration("on main", lastChange?.onMain),
            .duration("fetch", lastFetch),
            .count("cached", cached),
            .duration("slowest fill", writerIsRunning ? slowestFill : nil),
        ])
    }

    /// The three lines, each exactly `width` columns.
    func lines(width: Int) -> [String] {
        let (header, values) = table.lines(width: width)
        return [summaryLine(width: width), header, values]
    }
}
