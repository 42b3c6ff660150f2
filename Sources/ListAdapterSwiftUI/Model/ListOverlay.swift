import ListAdapter

/// What a list shows over (or instead of) its rows, by the adapter's load state: nothing
/// while it has a list to show, a progress view during the first load, a note for an
/// empty list, and a failure, over the last good list when there is one.
///
/// Thread safety: a value type; use it on any queue.
enum ListOverlay: Sendable, Equatable {
    /// The rows alone.
    case none
    /// The first load is running and there are no rows yet: a progress view.
    case loading
    /// The last load completed with no items.
    case empty
    /// The last load failed. `overList`: the adapter still shows its last good list, so
    /// the failure is a banner over the rows rather than the whole view.
    case failed(ListAdapterError, overList: Bool)

    /// The overlay for `loadState` when the list holds `itemCount` items and
    /// `sectionCount` sections (a collapsed section still shows its header).
    ///
    /// - Complexity: O(1).
    init(loadState: ListLoadState, itemCount: Int, sectionCount: Int) {
        let showsSomething = itemCount > 0 || sectionCount > 0
        switch loadState {
        case .loading: self = showsSomething ? .none : .loading
        case .empty: self = showsSomething ? .none : .empty
        case .content: self = .none
        case .failed(let error): self = .failed(error, overList: showsSomething)
        }
    }

    /// The overlay for what `adapter` shows now. Delivery queue (main actor) only.
    ///
    /// - Complexity: O(1).
    @MainActor
    init(_ adapter: ListViewAdapter<some Hashable & Sendable, some Equatable & Sendable, some Sendable>) {
        self.init(loadState: adapter.loadState, itemCount: adapter.snapshot.count, sectionCount: adapter.numberOfSections)
    }
}
