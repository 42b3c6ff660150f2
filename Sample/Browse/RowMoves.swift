import ListAdapter

/// Where the edit keys send the row under the cursor: `K`/`J` one row up or down (past a
/// section's edge into the next section), `<`/`>` to the top of the previous or next
/// section. Pure.
enum RowMoves {
    enum Key: Equatable {
        case up, down, previousSection, nextSection
    }

    /// The row's path after the move (the adapter's `moveItem(from:to:)` destination), or
    /// `nil` when there is nowhere to go. `counts` are the sections' item counts.
    static func destination(of path: ItemPath, for key: Key, counts: [Int]) -> ItemPath? {
        let section = path.section
        switch key {
        case .up where path.item > 0:
            return ItemPath(section: section, item: path.item - 1)
        case .up where section > 0:
            return ItemPath(section: section - 1, item: counts[section - 1])
        case .down where path.item < counts[section] - 1:
            return ItemPath(section: section, item: path.item + 1)
        case .down where section + 1 < counts.count, .nextSection where section + 1 < counts.count:
            return ItemPath(section: section + 1, item: 0)
        case .previousSection where section > 0:
            return ItemPath(section: section - 1, item: 0)
        default:
            return nil
        }
    }
}
