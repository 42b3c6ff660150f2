import ListAdapter

/// One operand of a batch operation as UIKit stores it: an index path whose item is
/// `NSNotFound` for a section operation.
///
/// Ordering is UIKit's `compareIndexPaths:`: section first, then item, so a section
/// operation `(s, NSNotFound)` sorts after every item of section `s` ascending, and before
/// them descending.
struct UpdatePath: Hashable, Comparable, CustomStringConvertible {
    /// Foundation's `NSNotFound` on 64-bit platforms.
    static let notFound = Int.max

    var section: Int
    /// The item index; ``notFound`` for a section operation.
    var item: Int
    var isSection: Bool

    /// A section operation.
    init(section: Int) {
        self.section = section
        self.item = Self.notFound
        self.isSection = true
    }

    /// An item operation.
    init(_ path: ItemPath) {
        self.section = path.section
        self.item = path.item
        self.isSection = false
    }

    /// An item operation.
    init(section: Int, item: Int) {
        self.init(ItemPath(section: section, item: item))
    }

    var itemPath: ItemPath { ItemPath(section: section, item: item) }

    static func < (lhs: UpdatePath, rhs: UpdatePath) -> Bool {
        if lhs.section != rhs.section { return lhs.section < rhs.section }
        if lhs.item != rhs.item { return lhs.item < rhs.item }
        return !lhs.isSection && rhs.isSection
    }

    /// UIKit's `s - i` notation; a section prints as `s - 9223372036854775807`.
    var description: String { "\(section) - \(item)" }
}

/// A section or item move as UIKit stores it.
struct UpdateMove: Hashable, Comparable {
    var from: UpdatePath
    var to: UpdatePath

    var isSection: Bool { from.isSection }

    init(_ move: SectionMove) {
        from = UpdatePath(section: move.from)
        to = UpdatePath(section: move.to)
    }

    init(_ move: ItemMove) {
        from = UpdatePath(move.from)
        to = UpdatePath(move.to)
    }

    /// Moves sort by source, as UIKit sorts them; ties by destination, so the order never
    /// depends on call order.
    static func < (lhs: UpdateMove, rhs: UpdateMove) -> Bool {
        lhs.from != rhs.from ? lhs.from < rhs.from : lhs.to < rhs.to
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, keeping each one's first occurrence.
    ///
    /// - Complexity: O(n) expected.
    func uniqued() -> [Element] {
        var seen = Set<Element>(minimumCapacity: count)
        return filter { seen.insert($0).inserted }
    }
}
