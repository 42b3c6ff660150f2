/// A person's move of one item, as a list view made it (a drag within a section or into
/// another one), with what a data source needs to write it: the item's new neighbours.
///
/// ``destination`` is the item's path in the list after the move, as UIKit's
/// `tableView(_:moveRowAt:to:)` states it. A source that orders rows by a position
/// column writes the move as one row: a key after ``previous`` (or first in the section
/// when it is `nil`) in the section titled ``destinationSection``.
///
/// The adapter keeps the item where the person put it, right after ``previous``, until
/// the source's list contains the write (see ``ListViewAdapter/moveItem(from:to:write:)``).
///
/// Thread safety: a value type; use it on any queue.
public struct ListMove<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The moved item.
    public var id: ID
    /// Its path before the move.
    public var source: ItemPath
    /// Its path after the move.
    public var destination: ItemPath
    /// The title of the section it left; `nil` for the untitled section.
    public var sourceSection: String?
    /// The title of the section it entered; `nil` for the untitled section.
    public var destinationSection: String?
    /// The item just above it after the move, in its new section; `nil` when it is first.
    public var previous: ID?
    /// The item just below it after the move, in its new section; `nil` when it is last.
    public var next: ID?

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - id: the moved item.
    ///   - source: its path before the move.
    ///   - destination: its path after the move.
    ///   - sourceSection: the title of the section it left; `nil` for the untitled section.
    ///   - destinationSection: the title of the section it entered; `nil` for the untitled
    ///     section.
    ///   - previous: the item just above it after the move; `nil` when it is first.
    ///   - next: the item just below it after the move; `nil` when it is last.
    public init(
        id: ID, source: ItemPath, destination: ItemPath, sourceSection: String?, destinationSection: String?,
        previous: ID?, next: ID?
    ) {
        self.id = id
        self.source = source
        self.destination = destination
        self.sourceSection = sourceSection
        self.destinationSection = destinationSection
        self.previous = previous
        self.next = next
    }

    /// Whether the item changed sections.
    public var crossesSections: Bool { source.section != destination.section }
}
