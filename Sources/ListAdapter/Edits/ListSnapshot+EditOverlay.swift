/// A pending edit laid over a source's list: a person's moved item goes where the source
/// writes it (``ListMove/anchor(listing:)-59xq``: first or last in its section when dropped at
/// an edge, else right after its `previous` neighbour, or before its `next` one when that
/// is gone), and whether the list already shows the edit. Pure; runs on the calling queue
/// (the adapter's private queue).
extension ListSnapshot {
    /// Where a pending edit stands against this list.
    enum EditStanding: Equatable {
        /// The list shows the edit already.
        case shown
        /// The list has the moved item at this path instead.
        case elsewhere(ItemPath)
        /// The list no longer has the moved item.
        case gone
        /// The list still has these deleted items.
        case notDeleted([ID])
    }

    /// Where `edit` stands against this list. Rows in `floating` (those of later edits,
    /// whose writes may be in the list already) are passed over: a move is shown when its
    /// item is at its anchor among the other rows (first, last, after `previous` or before
    /// `next`).
    ///
    /// - Complexity: O((k + f) log (k + f)) for k items of the edit and f floating rows,
    ///   plus O(log n) per item.
    func standing(of edit: ListEdit<ID>, floating: Set<ID> = []) -> EditStanding {
        switch edit {
        case .move(let move):
            guard let position = flatPosition(of: move.id) else { return .gone }
            guard let placement = placement(of: move, floating: floating) else { return .elsewhere(path(atFlatPosition: position)) }
            return placement.isShown ? .shown : .elsewhere(path(atFlatPosition: position))
        case .delete(let ids):
            let kept = ids.filter { contains($0) }
            return kept.isEmpty ? .shown : .notDeleted(kept)
        }
    }

    /// This list with `edit` laid over it; unchanged when the list shows it already or it
    /// cannot apply (its item is gone, or its section is and the item is elsewhere).
    ///
    /// - Complexity: O(k log n + c + s) for k items of the edit, c = n / 128 chunks and s
    ///   sections.
    func overlaying(_ edit: ListEdit<ID>) -> ListSnapshot {
        switch edit {
        case .move(let move):
            guard let placement = placement(of: move), !placement.isShown else { return self }
            return applying(placement.patch)?.snapshot ?? self
        case .delete(let ids):
            let present = ids.filter { contains($0) }
            if present.isEmpty { return self }
            return deleting(present).snapshot
        }
    }

    /// The patch that puts the moved item where the person put it, and whether the item
    /// is there already; `nil` when the item is gone, or its destination section has no
    /// other item and the item is in another section. Rows in `floating` are passed over
    /// (and must not be in the patch's list: only for ``standing(of:floating:)``).
    private func placement(of move: ListMove<ID>, floating: Set<ID> = []) -> (patch: ListSnapshotPatch<ID, Summary>, isShown: Bool)? {
        guard let position = flatPosition(of: move.id) else { return nil }
        var passedOver = floating
        passedOver.remove(move.id)
        let untouched = untouchedRows(excluding: [move.id] + passedOver)
        let title = move.destinationSection
        let currentTitle = titles[section(containing: position)]
        // The rank of a neighbour, if it is still in the destination section.
        func rank(of neighbour: ID?) -> Int? {
            guard let neighbour, !passedOver.contains(neighbour), let place = flatPosition(of: neighbour),
                  titles[section(containing: place)] == title else {
                return nil
            }
            return untouched.rank(ofPosition: place)
        }
        // Where the source writes it (``ListMove/anchor(listing:)-59xq``), among the untouched rows.
        let gap: Int
        switch move.anchor(listing: { rank(of: $0) != nil }) {
        case .after(let previous):
            gap = rank(of: previous)! + 1
        case .before(let next):
            gap = rank(of: next)!
        case let edge:
            if let ranks = untouched.ranks(inSectionTitled: title) {
                gap = edge == .first ? ranks.lowerBound : ranks.upperBound
            } else {
                // The destination section has no other item: only where it is can show that.
                guard currentTitle == title else { return nil }
                gap = untouched.rank(ofPosition: position)
            }
        }
        // The untouched rows that precede the item.
        let isShown = gap == untouched.rank(ofPosition: position) && currentTitle == title
        let row = ListSnapshotPatch<ID, Summary>.Row(id: move.id, section: title, summary: summary(atFlatPosition: position), gap: gap)
        return (ListSnapshotPatch(touched: [move.id], rows: [row]), isShown)
    }
}
