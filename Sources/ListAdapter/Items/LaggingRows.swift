/// Rows the presented list shows out of date, as payload fetches revealed them: the data
/// source already deleted the item, or already holds a newer version of it (another
/// summary), in a commit the list has not delivered yet.
///
/// The adapter consults it before fetching, so that a row whose fetch cannot succeed until
/// the list catches up is not fetched again and again (a view that re-requests every row
/// it cannot draw would otherwise fetch in a tight loop until the next delivery), and so
/// that a payload newer than its row is shown at most until the next delivery.
///
/// Time is counted in deliveries (epochs): each load the adapter applies is one. A
/// finding holds only while the row still shows the summary it showed when the fetch
/// revealed it.
///
/// Pure value type, confined to the delivery queue by its owner.
@usableFromInline
struct LaggingRows<ID: Hashable, Summary: Equatable> {
    /// What a fetch revealed about a presented row.
    @usableFromInline
    enum Finding: Equatable {
        /// The source no longer has the item.
        case vanished
        /// The source has the item with this other summary.
        case ahead(Summary)
    }

    /// What to do for a row that has no payload matching its summary in the cache.
    @usableFromInline
    enum Advice: Equatable {
        /// Fetch it.
        case fetch
        /// Show the newer payload cached under this summary (allowed until the next
        /// delivery after it was first seen); fetch if the cache no longer has it.
        case showAhead(Summary)
        /// The source reported the item gone: draw it as removed and wait for the next
        /// delivery, which removes it (or brings it back).
        case vanished
        /// Only the next delivery can bring a consistent payload: wait for it.
        case waitForDelivery
    }

    @usableFromInline
    struct Note {
        @usableFromInline var finding: Finding
        /// The summary the row showed when the finding was made.
        @usableFromInline var presented: Summary
        /// The epoch in which the finding was first made.
        @usableFromInline var epoch: Int

        @inlinable
        init(finding: Finding, presented: Summary, epoch: Int) {
            (self.finding, self.presented, self.epoch) = (finding, presented, epoch)
        }
    }

    @usableFromInline var notes: [ID: Note] = [:]
    /// Deliveries applied so far.
    @usableFromInline private(set) var epoch = 0

    /// The number of rows noted.
    var count: Int { notes.count }

    /// What a request for `id`, shown with `presented`, should do.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    func advice(for id: ID, presented: Summary) -> Advice {
        guard let note = notes[id], note.presented == presented else { return .fetch }
        switch note.finding {
        case .vanished:
            return .vanished
        case .ahead(let summary):
            return note.epoch == epoch ? .showAhead(summary) : .waitForDelivery
        }
    }

    /// Records that a fetch made in the current epoch found `finding` for `id`, shown with
    /// `presented`. Repeating a finding keeps the epoch it was first made in, so a newer
    /// payload is never shown for longer than one delivery however often it is fetched.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    mutating func record(_ finding: Finding, for id: ID, presented: Summary) {
        if let note = notes[id], note.finding == finding, note.presented == presented { return }
        notes[id] = Note(finding: finding, presented: presented, epoch: epoch)
    }

    /// Forgets `id` (a fetch found it consistent with its row).
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    mutating func forget(_ id: ID) {
        notes[id] = nil
    }

    /// Starts the next epoch after a delivery, given each noted row's summary in the new
    /// list (`nil` when it is gone). A vanished finding is dropped (the source may have the
    /// item again: it is fetched afresh); a newer one is kept while its row still shows
    /// the summary it was noted with, and no longer counts as showable.
    ///
    /// - Complexity: O(noted rows).
    mutating func advance(presentedSummary: (ID) -> Summary?) {
        epoch += 1
        notes = notes.filter { id, note in
            guard case .ahead = note.finding else { return false }
            return presentedSummary(id) == note.presented
        }
    }

    /// Forgets every finding (the source was replaced).
    mutating func removeAll() {
        notes = [:]
    }
}
