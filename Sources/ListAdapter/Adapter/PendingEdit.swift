/// A person's edit while the adapter lays it over its source's lists, and the rule that
/// ends it. Its write's lifecycle is a state: running, then written (with the source's
/// receipt, if it gave one) or found its item gone; a write that throws otherwise ends the
/// edit at once and never becomes a state. Pure; used on the adapter's private queue.
extension ListViewAdapter {
    /// An edit the adapter lays over its source's list until it ends.
    struct PendingEdit: Sendable {
        /// Where its write stands.
        enum Write: Sendable {
            /// The write runs, or waits for the previous edit's.
            case running
            /// The write returned. `before` is the lifecycle's last issued load id then: a
            /// load with a greater id started after the write. `receipt` is the source's
            /// word that the move landed, when it gave one.
            case written(before: Int, receipt: ListMoveReceipt?)
            /// The write found the moved item gone (``ListItemGoneError``): the item is
            /// hidden, not shown back at its old place, until the source's list drops it or
            /// a load after `before` is in; then the edit ends undone with `error`.
            case itemGone(before: Int, error: any Error)
        }

        /// How a load's list ends the edit, if it does.
        enum Verdict {
            case confirmed
            case undone(ListEditError<ID>)
            /// Not yet; `asksForLoad` when a load that starts later must decide.
            case pending(asksForLoad: Bool)
        }

        /// The delivery queue's edit epoch when it was made: its number.
        let number: Int
        let edit: ListEdit<ID>
        var write = Write.running

        /// What the adapter lays over lists: the edit, or, for a move whose item is gone,
        /// the item's removal.
        var overlay: ListEdit<ID> {
            if case .itemGone = write { .delete(edit.identifiers) } else { edit }
        }

        /// The verdict of load `loadID`'s list `list` (the earlier pending edits laid over
        /// it), listed by `source`. Rows in `floating` (later edits', whose writes may be in
        /// the list already) are passed over.
        ///
        /// A move the source's receipt says landed, in the list `source` orders, is
        /// confirmed by the first load that started after the write, wherever other
        /// writers' rows put the item by then; any other write, by a list that shows it.
        ///
        /// - Complexity: O((k + f) log (k + f)) for k items of the edit and f floating
        ///   rows, plus O(log n) per item.
        func verdict(
            of list: ListSnapshot<ID, Summary>, loadID: Int, source: any ListDataSource, floating: Set<ID>
        ) -> Verdict {
            switch write {
            case .running:
                return .pending(asksForLoad: false)
            case .itemGone(let before, let error):
                let gone = edit.identifiers.allSatisfy { !list.contains($0) }
                return gone || before < loadID ? .undone(ListEditError(.writeFailed, edit: edit, underlying: error)) : .pending(asksForLoad: false)
            case .written(let before, let receipt):
                // A later edit of the same item decides where it goes.
                guard floating.isDisjoint(with: edit.identifiers) else { return .confirmed }
                let isLoadAfterWrite = before < loadID
                if let receipt, receipt.isListed(by: source), isLoadAfterWrite { return .confirmed }
                switch list.standing(of: edit, floating: floating) {
                case .shown, .gone:
                    // The list contains the write's result (or someone deleted the row since).
                    return .confirmed
                case .elsewhere(let path):
                    return isLoadAfterWrite ? .undone(ListEditError(.placedElsewhere(path), edit: edit)) : .pending(asksForLoad: true)
                case .notDeleted(let ids):
                    return isLoadAfterWrite ? .undone(ListEditError(.notDeleted(ids), edit: edit)) : .pending(asksForLoad: true)
                }
            }
        }
    }
}
