/// One of the lists the browser shows: the table as first grouped, the same rows grouped
/// the other way (`g`), or a search's matches (`/`).
enum BrowserList: Equatable, Sendable {
    case main
    case regrouped
    /// The demo mailbox by folder, in the person's order (`f`).
    case folders
    case search(String)

    /// How the status line names it: `by day`, `by sender`, `search "budget" (Esc: back)`.
    func label(in setup: BrowseSetup) -> String {
        switch self {
        case .main: setup.grouping
        case .regrouped: setup.regrouped?.grouping ?? setup.grouping
        case .folders: setup.folders?.grouping ?? setup.grouping
        case .search(let text): "search \"\(text)\" (Esc: back)"
        }
    }
}

/// Which list the browser shows and which it is loading to replace it.
///
/// The list shown changes only when the adapter has delivered it (the transition's
/// `onShown`), never when the key is pressed: at a million rows a regroup takes seconds,
/// and until it is delivered the screen still shows the old list, so its label must stay.
/// Meanwhile the screen says what is loading and for how long. Transitions are numbered:
/// only the delivery of the last one asked for ends the loading (an earlier one, replaced
/// by a later key, may still be delivered first, and then it is what is shown).
///
/// A value; the browser keeps it on the main queue.
struct ListSwitch {
    /// The list on screen now.
    private(set) var shown: BrowserList = .main
    /// The list asked for last: the adapter's source.
    private(set) var wanted: BrowserList = .main
    /// When the transition to ``wanted`` was asked for, while it is not on screen yet.
    private(set) var loadingSince: ContinuousClock.Instant?
    private var asked = 0

    /// The user asked for `list` at `now`: the number of the transition to start, or `nil`
    /// when `list` is already the one asked for.
    mutating func ask(for list: BrowserList, at now: ContinuousClock.Instant) -> Int? {
        guard list != wanted else { return nil }
        wanted = list
        asked += 1
        loadingSince = now
        return asked
    }

    /// Transition `number`, to `list`, has been delivered: `list` is on screen.
    mutating func didShow(_ list: BrowserList, transition number: Int) {
        shown = list
        if number == asked { loadingSince = nil }
    }

    /// What the screen says while loading: `regrouping by sender… 12 s; still showing by
    /// day`, or `nil` when the list asked for is shown. With `failure`, that the load failed.
    func note(in setup: BrowseSetup, at now: ContinuousClock.Instant, failure: SourceFailure?) -> String? {
        guard let loadingSince else { return failure.map { "load failed, showing the last good list: \($0)" } }
        let action = switch (wanted, shown) {
        case (.search(let text), _): "searching \"\(text)\""
        case (_, .search): "back to " + wanted.label(in: setup)
        default: "regrouping " + wanted.label(in: setup)
        }
        let still = "still showing " + shown.label(in: setup)
        if let failure { return "\(action) failed, \(still): \(failure)" }
        let seconds = (now - loadingSince).components.seconds
        return "\(action)… \(seconds) s; \(still)"
    }
}
