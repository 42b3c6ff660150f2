import ListAdapterRemote

/// The recent changes of a served list, oldest first: what lets a watcher a few changes
/// behind catch up with one message instead of the whole list.
///
/// Bounded by a number of changes and by the identifiers they touch together; the oldest
/// go first. A change that touched most of the list is a *reset*: a watcher behind it gets
/// the list again instead.
///
/// Thread safety: a value type; the feed keeps it under its lock.
struct ListFeedWindow<ID: Hashable & Sendable>: Sendable {
    struct Change: Sendable {
        /// The version the change leads to.
        let version: ListVersion
        let touched: [ID]
        /// The encoded change message from the version before.
        let message: [UInt8]
        /// The same, compressed for the watchers that accept it (the message itself when
        /// it is small).
        let compressed: [UInt8]
        let isReset: Bool
    }

    /// What a watcher at some version needs.
    enum CatchUp: Equatable {
        case upToDate
        /// The one change after it.
        case one(index: Int)
        /// The changes from `index` on, composed into one.
        case compose(from: Int)
        /// The whole list: the version is of another epoch, older than the window, newer
        /// than the list, or behind a reset.
        case list
    }

    let maxChanges: Int
    let maxTouched: Int
    private(set) var changes: [Change] = []
    private(set) var touchedCount = 0

    init(maxChanges: Int, maxTouched: Int) {
        self.maxChanges = max(1, maxChanges)
        self.maxTouched = max(1, maxTouched)
    }

    mutating func append(_ change: Change) {
        changes.append(change)
        touchedCount += change.touched.count
        var drop = 0
        while changes.count - drop > 1 && (changes.count - drop > maxChanges || touchedCount > maxTouched) {
            touchedCount -= changes[drop].touched.count
            drop += 1
        }
        if drop > 0 { changes.removeFirst(drop) }
    }

    mutating func removeAll() {
        changes = []
        touchedCount = 0
    }

    /// What a watcher at `version` needs to reach `current`.
    func catchUp(from version: ListVersion, to current: ListVersion) -> CatchUp {
        if version == current { return .upToDate }
        guard version.epoch == current.epoch, version.sequence < current.sequence, let first = changes.first,
              version.sequence >= first.version.sequence - 1 else { return .list }
        let index = Int(version.sequence - (first.version.sequence - 1))
        guard index < changes.count, changes[index...].allSatisfy({ !$0.isReset }) else { return .list }
        return index == changes.count - 1 ? .one(index: index) : .compose(from: index)
    }

    /// The identifiers the changes from `index` on touched.
    func touched(from index: Int) -> [ID] {
        changes[index...].flatMap(\.touched)
    }
}
