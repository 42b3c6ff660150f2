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

    /// What to tell the person when ``destination(of:for:counts:)`` found nowhere to go;
    /// `section` names a section (`folder`).
    static func nowhere(for key: Key, section: String) -> String {
        switch key {
        case .up: "the row is already at the top"
        case .down: "the row is already at the bottom"
        case .previousSection: "the row is already in the first \(section)"
        case .nextSection: "the row is already in the last \(section)"
        }
    }
}
