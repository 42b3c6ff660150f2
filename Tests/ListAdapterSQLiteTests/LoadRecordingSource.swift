import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting

/// Passes everything through to an SQLite source (which does all the work) and records
/// each load the adapter runs, with its result, so a test can wait for "a load that
/// started after the fault has finished" instead of for time.
final class LoadRecordingSource: ListDataSource, CustomStringConvertible {
    typealias Source = SQLiteListSource<Int64, Int64, Message>

    /// One finished load.
    struct Load: Sendable {
        /// Its place among the loads started (1 for the first).
        let index: Int
        let result: Result<ListSnapshot<Int64, Int64>, any Error>
        /// The rows the hook counted during it, when there is a hook.
        let rowsScanned: Int?
        /// How long it took (to check that a lock is given up after the busy timeout).
        let duration: Duration

        /// The failure's kind, or `nil` for a success.
        var failure: SQLiteSourceError.Kind? {
            guard case .failure(let error) = result else { return nil }
            return (error as? SQLiteSourceError)?.kind ?? .other
        }

        var snapshot: ListSnapshot<Int64, Int64>? { try? result.get() }
    }

    private struct State {
        var started = 0
        var loads: [Load] = []
    }

    let wrapped: Source
    private let hook: FaultHook?
    private let state = Guarded(State())
    private let loadWaiters = ConditionWaiters()

    init(_ wrapped: Source, hook: FaultHook? = nil) {
        self.wrapped = wrapped
        self.hook = hook
    }

    var description: String { wrapped.description }

    /// How many loads have started so far.
    var started: Int { state.withLock { $0.started } }

    /// Every finished load, in order of finishing.
    var loads: [Load] { state.withLock { $0.loads } }

    /// The finished loads that started after `mark` (a value of ``started``).
    func loads(after mark: Int) -> [Load] { loads.filter { $0.index > mark } }

    /// Returns once a load that started after `mark` has finished (or the task is cancelled).
    func waitForLoad(after mark: Int) async {
        await loadWaiters.wait { self.loads.contains { $0.index > mark } }
    }

    func loadEntries() async throws -> ListSnapshot<Int64, Int64> {
        let index = state.withLock { state in
            state.started += 1
            return state.started
        }
        let result: Result<ListSnapshot<Int64, Int64>, any Error>
        let start = ContinuousClock.now
        do {
            result = .success(try await wrapped.loadEntries())
        } catch {
            result = .failure(error)
        }
        record(Load(index: index, result: result, rowsScanned: hook?.takeTicks(), duration: ContinuousClock.now - start))
        return try result.get()
    }

    func fetchItems(_ ids: [Int64]) async throws -> [Int64: Message] { try await wrapped.fetchItems(ids) }
    func attach(_ invalidation: ListInvalidation) { wrapped.attach(invalidation) }
    func detach() { wrapped.detach() }

    private func record(_ load: Load) {
        state.withLock { $0.loads.append(load) }
        loadWaiters.recheck()
    }
}
