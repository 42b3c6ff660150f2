/// What changed between two snapshots, as identity-level facts with their paths: the
/// output of ``ListChangeSet/init(from:to:)``, the package's pure diff.
///
/// A change set describes every change once, by meaning, not by how UIKit must be told:
/// every removed item is in ``itemDeletes`` (even one whose whole section was deleted),
/// every kept item that changes place relative to its section is in ``itemMoves``, and an
/// item whose summary changed is in ``itemUpdates`` whether or not it also moved.
/// ``ListUpdate`` turns it into batches UIKit accepts.
///
/// Moves are minimal: among kept sections, those that do not move form a longest
/// increasing subsequence of their old indexes; inside each kept section, the items that
/// stay (same section, not moved) form a longest increasing subsequence too. Items that
/// change section always move.
///
/// Thread safety: a value type; use it on any queue.
public struct ListChangeSet: Hashable, Sendable {
    /// Removed sections, by old index, ascending.
    public var sectionDeletes: [Int] = []
    /// Added sections, by new index, ascending.
    public var sectionInserts: [Int] = []
    /// Kept sections that move, ascending by destination.
    public var sectionMoves: [SectionMove] = []
    /// Removed items, by old path, ascending.
    public var itemDeletes: [ItemPath] = []
    /// Added items, by new path, ascending.
    public var itemInserts: [ItemPath] = []
    /// Kept items that move, within or across sections, ascending by destination.
    public var itemMoves: [ItemMove] = []
    /// Kept items whose summary changed, old and new path, ascending by new path.
    public var itemUpdates: [ItemMove] = []

    /// Creates an empty change set.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemUpdates.isEmpty
    }
}
