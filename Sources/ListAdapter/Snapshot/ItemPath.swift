/// The position of an item in a sectioned list: a section index and an item index inside it.
///
/// `ItemPath` is the package's own lightweight index path. It is a plain pair of integers,
/// so change sets stay cheap `Sendable` values and hot loops never allocate `IndexPath`s;
/// the UIKit connector converts at the edge (`IndexPath(item:section:)`).
///
/// Paths are ordered section first, then item, which is the order UIKit sorts batch
/// operations in.
///
/// Thread safety: a value type; use it on any queue.
public struct ItemPath: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The section index.
    public var section: Int
    /// The item index inside the section.
    public var item: Int

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - section: the section index.
    ///   - item: the item index inside the section.
    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Whether `lhs` comes before `rhs` in list order: by section, then by item. Any queue.
    ///
    /// - Parameters:
    ///   - lhs: a path.
    ///   - rhs: another path.
    /// - Returns: `true` when `lhs` has a smaller section, or the same section and a smaller
    ///   item.
    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// UIKit's own notation, `section - item`, as it appears in exception messages.
    public var description: String { "\(section) - \(item)" }
}

/// A move of one item from a path before an update to a path after it.
///
/// Thread safety: a value type; use it on any queue.
public struct ItemMove: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The path before the update.
    public var from: ItemPath
    /// The path after the update.
    public var to: ItemPath

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - from: the item's path before the update.
    ///   - to: its path after the update.
    @inlinable
    public init(from: ItemPath, to: ItemPath) {
        self.from = from
        self.to = to
    }

    /// The move as `(s - i) -> (s - i)`, UIKit's path notation. Any queue.
    public var description: String { "(\(from)) -> (\(to))" }
}

/// A move of one section from an index before an update to an index after it.
///
/// Thread safety: a value type; use it on any queue.
public struct SectionMove: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The section index before the update.
    public var from: Int
    /// The section index after the update.
    public var to: Int

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - from: the section's index before the update.
    ///   - to: its index after the update.
    @inlinable
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// The move as `from -> to`. Any queue.
    public var description: String { "\(from) -> \(to)" }
}
