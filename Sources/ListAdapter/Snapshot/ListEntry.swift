/// One row of a list as a data source reports it: who it is, where it is grouped, and a
/// small summary of its content.
///
/// Identity and content are kept apart: two entries are the same item when their
/// identifiers are equal, and that item changed when its summary did. A summary is
/// anything small and `Equatable` that changes whenever the item's displayed content
/// does: a version number, a modification date, a hash. Lists whose items never change
/// use ``NoSummary``.
///
/// ```swift
/// let entry = ListEntry(id: 42, section: "Today", summary: version)
/// ```
///
/// Thread safety: a value type; create it on any queue.
public struct ListEntry<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// The item's identity, unique in a list.
    public var id: ID
    /// The title of the section the item belongs to; `nil` puts it in the untitled section.
    public var section: String?
    /// A small value that changes whenever the item's displayed content changes.
    public var summary: Summary

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - id: the item's identity, unique in a list.
    ///   - section: the title of the item's section; `nil` (the default) for the untitled
    ///     section.
    ///   - summary: a small value that changes whenever the item's displayed content does.
    @inlinable
    public init(id: ID, section: String? = nil, summary: Summary) {
        self.id = id
        self.section = section
        self.summary = summary
    }
}

extension ListEntry where Summary == NoSummary {
    /// Creates an entry for an item whose content never changes.
    ///
    /// - Parameters:
    ///   - id: the item's identity, unique in a list.
    ///   - section: the title of the item's section; `nil` (the default) for the untitled
    ///     section.
    @inlinable
    public init(id: ID, section: String? = nil) {
        self.init(id: id, section: section, summary: NoSummary())
    }
}

extension ListEntry: Equatable where ID: Equatable {}
extension ListEntry: Hashable where Summary: Hashable {}

/// The summary of items whose content never changes: every value equals every other, so
/// the diff never reports an update.
///
/// Thread safety: a value type; use it on any queue.
public struct NoSummary: Hashable, Sendable, Codable {
    /// Creates the (only) value.
    @inlinable
    public init() {}
}
