/// A change to a snapshot stated against the rows it did not touch: which rows the change
/// touched (they are taken out), and the rows to put in, each in a *gap* between untouched
/// rows. Apply it with ``ListSnapshot/applying(_:)``, which patches the snapshot and
/// produces the change set directly, without a diff of the whole list.
///
/// Gaps count untouched rows in list order: gap `g` is just before the `g`-th untouched row
/// (0-based), gap ``ListSnapshot/UntouchedRows/count`` is the end of the list. A data
/// source that knows the list's order (SQLite, by comparing a row with untouched rows
/// fetched by identifier) finds each row's gap by binary search over
/// ``ListSnapshot/UntouchedRows``.
///
/// ```swift
/// let untouched = snapshot.untouchedRows(excluding: [7])        // row 7 changed
/// let patch = ListSnapshotPatch(touched: [7], rows: [
///     .init(id: 7, section: "Today", summary: 2, gap: 0),       // now first
/// ])
/// let (next, changes) = snapshot.applying(patch)!
/// ```
///
/// Thread safety: a value type; build it on any queue.
public struct ListSnapshotPatch<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// A row to put in.
    public struct Row: Sendable {
        /// The row's identifier.
        public var id: ID
        /// Its section title; `nil` for the untitled section.
        public var section: String?
        /// Its summary.
        public var summary: Summary
        /// Its place: before the `gap`-th untouched row.
        public var gap: Int

        /// Creates a row.
        ///
        /// - Parameters:
        ///   - id: the row's identifier.
        ///   - section: its section title; `nil` for the untitled section.
        ///   - summary: its summary.
        ///   - gap: its place: before the `gap`-th untouched row (0-based);
        ///     ``ListSnapshot/UntouchedRows/count`` for the end of the list.
        public init(id: ID, section: String?, summary: Summary, gap: Int) {
            self.id = id
            self.section = section
            self.summary = summary
            self.gap = gap
        }
    }

    /// Identifiers the change touched. Those in the snapshot are taken out; those also in
    /// ``rows`` are put back where ``rows`` says (a move, an update, or both).
    public var touched: [ID]
    /// The rows to put in, in list order: ascending ``Row/gap``, list order within a gap.
    public var rows: [Row]

    /// Creates a patch.
    ///
    /// - Parameters:
    ///   - touched: the identifiers the change touched, rows removed, moved or updated; an
    ///     identifier the snapshot does not have is ignored.
    ///   - rows: the rows to put in, in list order (ascending gaps); empty when the change
    ///     only removes rows.
    public init(touched: [ID], rows: [Row]) {
        self.touched = touched
        self.rows = rows
    }
}

extension ListSnapshot {
    /// The rows of a snapshot that a change did not touch, by rank in list order, for
    /// finding the gap of a changed row by binary search.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct UntouchedRows: Sendable {
        @usableFromInline let snapshot: ListSnapshot
        /// Flat positions of the touched rows, ascending.
        @usableFromInline let removed: [Int]

        @usableFromInline
        init(snapshot: ListSnapshot, removed: [Int]) {
            self.snapshot = snapshot
            self.removed = removed
        }

        /// How many rows the change did not touch.
        public var count: Int { snapshot.count - removed.count }

        /// The identifier of the untouched row of rank `rank`.
        ///
        /// - Complexity: O(log k) for k touched rows.
        ///
        /// - Parameter rank: a rank in `0 ..< count`.
        /// - Returns: the row's identifier.
        public func identifier(atRank rank: Int) -> ID {
            snapshot.identifier(atFlatPosition: position(ofRank: rank))
        }

        /// The section title of the untouched row of rank `rank`.
        ///
        /// - Complexity: O(log k + log s).
        ///
        /// - Parameter rank: a rank in `0 ..< count`.
        /// - Returns: the row's section title; `nil` for the untitled section.
        public func section(atRank rank: Int) -> String? {
            snapshot.titles[snapshot.section(containing: position(ofRank: rank))]
        }

        /// The gap a row of the snapshot stood in: how many untouched rows preceded it;
        /// `nil` when the snapshot does not hold `id`. For a touched row whose place may
        /// not have changed, the first gap to try.
        ///
        /// - Complexity: Expected O(1) plus O(log k).
        ///
        /// - Parameter id: an identifier, touched or not.
        /// - Returns: the number of untouched rows before the row in the snapshot, or `nil` when
        ///   the snapshot does not hold `id`.
        public func formerGap(of id: ID) -> Int? {
            snapshot.flatPosition(of: id).map { rank(ofPosition: $0) }
        }

        /// The ranks of the untouched rows of the section titled `title` (sections are
        /// contiguous, so they are one range); `nil` when the snapshot has no such section or
        /// the change touched all its rows. A row that moves into that section is likely to
        /// land among them: a search for its place may start there (it must still compare
        /// the row with the rows just outside the range).
        ///
        /// - Complexity: O(s) for s sections, plus O(log k).
        ///
        /// - Parameter title: a section title; `nil` for the untitled section.
        /// - Returns: the ranks of the section's untouched rows, or `nil` when there is no such
        ///   section or none of its rows is untouched.
        public func ranks(inSectionTitled title: String?) -> Range<Int>? {
            guard let section = snapshot.titles.firstIndex(of: title) else { return nil }
            let start = snapshot.starts[section]
            let ranks = rank(ofPosition: start) ..< rank(ofPosition: start + snapshot.numberOfItems(inSection: section))
            return ranks.isEmpty ? nil : ranks
        }

        /// The flat position of the untouched row of rank `rank`.
        ///
        /// - Complexity: O(log k).
        @usableFromInline
        func position(ofRank rank: Int) -> Int {
            // removed[i] - i untouched rows precede removed[i]; count the removed rows
            // that precede the answer: those with removed[i] - i <= rank.
            var low = 0
            var high = removed.count
            while low < high {
                let middle = (low + high) / 2
                if removed[middle] - middle <= rank { low = middle + 1 } else { high = middle }
            }
            return rank + low
        }

        /// The number of untouched rows before flat position `position`.
        ///
        /// - Complexity: O(log k).
        @usableFromInline
        func rank(ofPosition position: Int) -> Int {
            var low = 0
            var high = removed.count
            while low < high {
                let middle = (low + high) / 2
                if removed[middle] < position { low = middle + 1 } else { high = middle }
            }
            return position - low
        }
    }

    /// The rows not among `touched`, ranked in list order.
    ///
    /// - Complexity: O(k log k) for k touched identifiers.
    ///
    /// - Parameter touched: the identifiers a change touched, in any order, repeats allowed;
    ///   identifiers the snapshot does not have are ignored.
    /// - Returns: the snapshot's other rows, by rank in list order.
    public func untouchedRows(excluding touched: some Sequence<ID>) -> UntouchedRows {
        var removed: [Int] = []
        var seen = Set<ID>()
        for id in touched where seen.insert(id).inserted {
            if let position = flatPosition(of: id) { removed.append(position) }
        }
        removed.sort()
        return UntouchedRows(snapshot: self, removed: removed)
    }
}
