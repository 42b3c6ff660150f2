/// Which identifier each cell was last configured for, so a payload that arrives later
/// fills a cell only while it still shows that identifier.
///
/// Cells are held weakly and keyed by object identity; entries of released cells are
/// pruned as the registry grows, so it stays about as large as the view's pool of cells.
/// A value type confined to the connector (main actor).
struct CellRegistry<ID: Hashable, Cell: AnyObject> {
    private struct Entry {
        weak var cell: Cell?
        var id: ID
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var pruneAt = 64

    /// The number of entries, released cells included until the next prune.
    var count: Int { entries.count }

    /// Remembers that `cell` now shows `id`. Expected O(1) amortised.
    mutating func record(_ cell: Cell, showing id: ID) {
        entries[ObjectIdentifier(cell)] = Entry(cell: cell, id: id)
        if entries.count >= pruneAt {
            entries = entries.filter { $0.value.cell != nil }
            pruneAt = max(64, entries.count * 2)
        }
    }

    /// The identifier `cell` was last configured for. Expected O(1).
    func identifier(shownBy cell: Cell) -> ID? {
        // The identity check guards against a released cell's address being reused.
        guard let entry = entries[ObjectIdentifier(cell)], entry.cell === cell else { return nil }
        return entry.id
    }
}
