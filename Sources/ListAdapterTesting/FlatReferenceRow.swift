public import ListAdapter

/// What a row of a ``FlatReferenceTableView`` shows when it shows a sectioned list: a
/// section's title (a group row) or an item, by identity.
///
/// ```swift
/// FlatReferenceRow.rows(of: snapshot)     // [.title("Today"), .item(1), .item(2), .title("Later"), …]
/// ```
///
/// Thread safety: a value type; use it on any queue.
public enum FlatReferenceRow<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// A section's title row; `nil` for the untitled section.
    case title(String?)
    /// An item.
    case item(ID)

    /// The rows a table shows for `snapshot`: each section's title row (unless
    /// `showsSectionRows` is `false`), then its items. Any queue. O(n).
    ///
    /// - Parameters:
    ///   - snapshot: the list the table shows.
    ///   - showsSectionRows: whether each section starts with its title row (the untitled section's
    ///     too); `true` by default, as `GroupedListView` lays rows out with sections shown.
    /// - Returns: one row per title and item, in table order.
    public static func rows<Summary>(of snapshot: ListSnapshot<ID, Summary>, showsSectionRows: Bool = true) -> [FlatReferenceRow] {
        var rows: [FlatReferenceRow] = []
        rows.reserveCapacity(snapshot.count + (showsSectionRows ? snapshot.numberOfSections : 0))
        for section in 0 ..< snapshot.numberOfSections {
            if showsSectionRows { rows.append(.title(snapshot.title(ofSection: section))) }
            rows += snapshot.identifiers(inSection: section).map(FlatReferenceRow.item)
        }
        return rows
    }

    /// What `row` of `layout` shows, read from `snapshot`. Any queue. O(log S).
    ///
    /// - Parameters:
    ///   - row: a row of the table, in `0 ..< layout.rowCount`.
    ///   - layout: where `snapshot`'s sections and items sit among the table's rows.
    ///   - snapshot: the list `layout` was made for, which the titles and identifiers are read
    ///     from.
    /// - Returns: ``title(_:)`` of the section whose title row `row` is, or ``item(_:)`` of the
    ///   item at `row`.
    public static func content<Summary>(ofRow row: Int, in layout: GroupedRows, of snapshot: ListSnapshot<ID, Summary>) -> FlatReferenceRow {
        switch layout.content(ofRow: row) {
        case .section(let section): .title(snapshot.title(ofSection: section))
        case .item(let path): .item(snapshot.identifier(at: path))
        }
    }

    /// `title: Today` or `item: 42`.
    public var description: String {
        switch self {
        case .title(let title): "title: \(title ?? "nil")"
        case .item(let id): "item: \(id)"
        }
    }
}
