import ListAdapter
import GRDB

/// What changed since the list was last loaded or patched, as the incremental path needs
/// it: the rowids touched, and whether something happened that a patch cannot describe.
///
/// Thread safety: a lock (`Guarded`).
final class DeltaTracker: Sendable {
    struct State {
        /// Rowids touched by own commits since the baseline.
        var rowIDs: Set<Int64> = []
        /// Rowids reported as updated: a rowid new to the list may be a changed rowid
        /// whose old row went unreported.
        var updatedRowIDs: Set<Int64> = []
        /// The baseline cannot be patched (no full load yet, an error, a lost event).
        var mustReload = true
    }

    let state = Guarded(State())

    /// Records one committed transaction's rowids. Writer queue.
    func record(_ rowIDs: Set<Int64>, updated: Set<Int64>) {
        state.withLock {
            $0.rowIDs.formUnion(rowIDs)
            $0.updatedRowIDs.formUnion(updated)
        }
    }

    /// Takes what was recorded, leaving a fresh baseline.
    func take() -> State {
        state.withLock { state in
            defer { state = State(rowIDs: [], updatedRowIDs: [], mustReload: false) }
            return state
        }
    }

    /// The next load must be a full one.
    func invalidateBaseline() {
        state.withLock { $0.mustReload = true }
    }
}

/// Records the rowids that commits through the source's own database writer touch in the
/// listed table (GRDB's transaction observation: SQLite's update hook, with the truncate
/// optimisation disabled so that `DELETE FROM t` reports every row).
///
/// Thread safety: GRDB calls every method on the writer's queue; `transaction` is only
/// touched there.
final class OwnWriteRecorder: TransactionObserver, @unchecked Sendable {
    // @unchecked Sendable: `transaction` and `updated` are only touched on the writer queue.
    private let table: String
    private let tracker: DeltaTracker
    private var transaction: Set<Int64> = []
    private var updated: Set<Int64> = []

    init(table: String, tracker: DeltaTracker) {
        self.table = table.lowercased()
        self.tracker = tracker
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName.lowercased() == table
    }

    func databaseDidChange(with event: DatabaseEvent) {
        transaction.insert(event.rowID)
        if event.kind == .update { updated.insert(event.rowID) }
    }

    func databaseDidCommit(_ db: Database) {
        if !transaction.isEmpty { tracker.record(transaction, updated: updated) }
        transaction.removeAll()
        updated.removeAll()
    }

    func databaseDidRollback(_ db: Database) {
        transaction.removeAll()
        updated.removeAll()
    }
}
