/// The rows of a flat table (`NSTableView`) that shows a sectioned list: each section as a
/// title row (a group row) followed by its items, in one list of rows.
///
/// ```swift
/// let rows = GroupedRows(itemCounts: [2, 0, 3])   // sections of 2, 0 and 3 items
/// rows.rowCount                                    // 8: three title rows and five items
/// rows.content(ofRow: 3)                           // .section(1), the empty section's title
/// rows.row(of: ItemPath(section: 2, item: 0))      // 5
/// ```
///
/// With `showsSectionRows: false` there are no title rows: the sections' items follow one
/// another (a list that is one untitled section, or a table that shows no titles).
///
/// Lookups use the first row of every section (prefix sums): O(1) from a path to its row,
/// O(log S) from a row to what it shows, for S sections.
///
/// Thread safety: a value type; use it on any queue.
public struct GroupedRows: Hashable, Sendable {
    /// What a row shows: a section's title or an item.
    ///
    /// Thread safety: a value type; use it on any queue.
    public enum Content: Hashable, Sendable {
        /// The title row (group row) of a section.
        case section(Int)
        /// An item.
        case item(ItemPath)
    }

    /// Whether every section starts with a title row.
    public let showsSectionRows: Bool
    /// The first row of every section, then the row count: `starts[s + 1] - starts[s]` is
    /// the section's title row (if shown) plus its items.
    private var starts: ContiguousArray<Int>

    /// The layout of sections of `itemCounts` items each.
    ///
    /// Any queue. - Complexity: O(S) for S sections.
    ///
    /// - Parameters:
    ///   - itemCounts: the number of items of each section, in order; none may be negative
    ///     (it traps). An empty sequence makes an empty table.
    ///   - showsSectionRows: whether each section starts with a title row; `true` by default.
    public init(itemCounts: some Sequence<Int>, showsSectionRows: Bool = true) {
        self.showsSectionRows = showsSectionRows
        let titleRows = showsSectionRows ? 1 : 0
        var starts = ContiguousArray<Int>([0])
        starts.reserveCapacity(itemCounts.underestimatedCount + 1)
        for count in itemCounts {
            precondition(count >= 0, "GroupedRows: a section cannot have \(count) items")
            starts.append(starts[starts.count - 1] + titleRows + count)
        }
        self.starts = starts
    }

    /// The layout of `snapshot`'s sections (a collapsed section is a title row alone).
    ///
    /// Any queue. - Complexity: O(S) for S sections.
    ///
    /// - Parameters:
    ///   - snapshot: the list whose sections to lay out.
    ///   - showsSectionRows: whether each section starts with a title row; `true` by default.
    public init<ID, Summary>(_ snapshot: ListSnapshot<ID, Summary>, showsSectionRows: Bool = true) {
        self.init(
            itemCounts: (0 ..< snapshot.numberOfSections).lazy.map(snapshot.numberOfItems(inSection:)),
            showsSectionRows: showsSectionRows
        )
    }

    /// An empty table.
    public init() { self.init(itemCounts: []) }

    /// The number of sections. O(1).
    public var sectionCount: Int { starts.count - 1 }

    /// The number of rows: title rows and items. O(1).
    public var rowCount: Int { starts[starts.count - 1] }

    /// The number of title rows in front of each section's items: 1, or 0.
    var titleRows: Int { showsSectionRows ? 1 : 0 }

    /// The number of items in `section`. O(1).
    ///
    /// - Parameter section: a section index, which must exist.
    /// - Returns: the section's items, its title row not counted.
    public func itemCount(inSection section: Int) -> Int {
        starts[section + 1] - starts[section] - titleRows
    }

    /// The items of every section, in order. O(S).
    public var itemCounts: [Int] { (0 ..< sectionCount).map(itemCount(inSection:)) }

    /// The row of `section`'s title, or `nil` without title rows. O(1).
    ///
    /// - Parameter section: a section index, which must exist.
    /// - Returns: the section's title row, or `nil` when ``showsSectionRows`` is `false`.
    public func row(ofSection section: Int) -> Int? {
        showsSectionRows ? starts[section] : nil
    }

    /// The rows of `section`: its title row, if shown, and its items. O(1).
    func rows(ofSection section: Int) -> Range<Int> {
        starts[section] ..< starts[section + 1]
    }

    /// The row of the item at `path`, which must exist. O(1).
    ///
    /// - Parameter path: an item's path, which must exist (it traps otherwise; see
    ///   ``contains(_:)``).
    /// - Returns: the item's row, counting title rows.
    public func row(of path: ItemPath) -> Int {
        precondition(contains(path), "GroupedRows: there is no item \(path)")
        return starts[path.section] + titleRows + path.item
    }

    /// Whether the item at `path` exists. O(1).
    ///
    /// - Parameter path: an item's path.
    /// - Returns: `true` when the section exists and has an item at `path.item`.
    public func contains(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < sectionCount && path.item >= 0 && path.item < itemCount(inSection: path.section)
    }

    /// What `row`, which must exist, shows. O(log S).
    ///
    /// - Parameter row: a row in `0 ..< rowCount` (it traps otherwise).
    /// - Returns: ``Content/section(_:)`` for a title row, else ``Content/item(_:)`` with the
    ///   item's path.
    public func content(ofRow row: Int) -> Content {
        precondition(row >= 0 && row < rowCount, "GroupedRows: row \(row) is out of range (\(rowCount) rows)")
        let section = section(containingRow: row)
        let offset = row - starts[section]
        if showsSectionRows && offset == 0 { return .section(section) }
        return .item(ItemPath(section: section, item: offset - titleRows))
    }

    /// The path of the item `row` shows; `nil` for a title row or a row out of range. O(log S).
    ///
    /// - Parameter row: a row; any value.
    /// - Returns: the item's path, or `nil` for a title row or a row out of range.
    public func path(ofRow row: Int) -> ItemPath? {
        guard row >= 0 && row < rowCount, case .item(let path) = content(ofRow: row) else { return nil }
        return path
    }

    /// Whether `row` is a section's title row. O(log S).
    ///
    /// - Parameter row: a row; any value.
    /// - Returns: `true` for a title row; `false` for an item's row, a row out of range, or
    ///   any row without title rows.
    public func isSectionRow(_ row: Int) -> Bool {
        guard showsSectionRows, row >= 0 && row < rowCount else { return false }
        return starts[section(containingRow: row)] == row
    }

    /// The section whose rows include `row` (`0 ..< rowCount`): the last section that
    /// starts at or before it, so empty sections without title rows are skipped. O(log S).
    private func section(containingRow row: Int) -> Int {
        var low = 0
        var high = sectionCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
