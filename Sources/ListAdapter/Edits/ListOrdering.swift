/// The columns a database source writes a person's moves to: a position column of
/// ``OrderKey`` keys and, for lists with sections, the section column.
///
/// ```swift
/// var options = SQLiteListSource<Int64, Int64, Note>.Options()
/// options.ordering = ListOrdering(position: "position", section: "folder")
/// // with SQLiteListQuery(table: "note", section: "folder", order: "folder, position")
/// ```
///
/// The SQLite and PostgreSQL sources take the same value (their `Options.ordering`, whose
/// documentation says what the schema needs in each database) and check, when they open,
/// that the columns exist, that the query's `section` is the section column and that its
/// `order` sorts by the position within sections. A move writes one row, and more only
/// when keys grow too long at one spot: ``policy`` bounds how many.
///
/// Thread safety: a value type; use it on any queue.
public struct ListOrdering: Sendable, Hashable {
    /// The position column, holding ``OrderKey`` keys compared bytewise.
    public var position: String
    /// The section column, written with the destination section's title on a move across
    /// sections; `nil` when the query has no sections.
    public var section: String?
    /// When a move rewrites neighbours to keep keys short, and at most how many.
    public var policy: OrderKeyRebalancePolicy

    /// Declares the position column and, for lists with sections, the section column.
    ///
    /// Pure; any queue.
    ///
    /// - Parameters:
    ///   - position: the position column's name, holding ``OrderKey`` keys compared bytewise.
    ///   - section: the section column's name, written with the destination section's title on a
    ///     move across sections; `nil`, the default, when the query has no sections.
    ///   - policy: when a move rewrites neighbours to keep keys short, and at most how many; the
    ///     default policy by default.
    public init(position: String, section: String? = nil, policy: OrderKeyRebalancePolicy = OrderKeyRebalancePolicy()) {
        self.position = position
        self.section = section
        self.policy = policy
    }
}
