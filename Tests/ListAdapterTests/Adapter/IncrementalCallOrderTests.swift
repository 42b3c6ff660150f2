import Dispatch
@testable import ListAdapter
import Testing

/// An incremental source sees the adapter's calls one at a time, in the order the adapter
/// made them, even when the adapter abandons one (it left the source and came back while
/// the call ran). The PostgreSQL soak lost 171 rows that way: the abandoned patch read ran
/// after the new full load and moved the source's log cursor past the list the adapter
/// kept, so the commits in between were never shown.
@MainActor
@Suite("An incremental source's calls in order", .hangGuard)
struct IncrementalCallOrderTests {
    /// A list with a change log, like the SQLite and PostgreSQL sources: every mutation is a
    /// numbered log entry; a call answers from the log past the source's cursor (the entry
    /// its last answer reached) and moves the cursor to the newest entry it read. A call can
    /// be held at its start until the test releases it.
    final class LoggedSource: IncrementalListDataSource, @unchecked Sendable {
        // @unchecked Sendable: every stored property is touched with `lock` held.
        private let lock = Guarded(())
        private var rows: [String: Int] = [:]            // id -> summary
        private var log: [String] = []                    // ids, in commit order
        private var cursor = 0
        private var invalidation: ListInvalidation?
        private(set) var attachCount = 0
        private(set) var entered = 0
        private(set) var running = 0
        private(set) var mostRunning = 0
        private var holdCall: Int?
        private var held: CheckedContinuation<Void, Never>?

        init(_ ids: [String]) {
            for id in ids { rows[id] = 0 }
        }

        func mutate(_ id: String, summary: Int?) {
            let invalidation = lock.withLock { _ in
                rows[id] = summary
                log.append(id)
                return self.invalidation
            }
            invalidation?.invalidate()
        }

        /// Holds the `call`th call (1-based) at its start.
        func hold(call: Int) { lock.withLock { _ in holdCall = call } }

        var isHolding: Bool { lock.withLock { _ in held != nil } }

        func release() {
            let held = lock.withLock { _ -> CheckedContinuation<Void, Never>? in
                defer { self.held = nil; holdCall = nil }
                return self.held
            }
            held?.resume()
        }

        private func enter() async {
            let number = lock.withLock { _ in
                entered += 1
                running += 1
                mostRunning = max(mostRunning, running)
                return entered
            }
            if lock.withLock({ _ in holdCall == number }) {
                await withCheckedContinuation { continuation in lock.withLock { _ in held = continuation } }
            }
        }

        private func leave() { lock.withLock { _ in running -= 1 } }

        var truth: ListSnapshot<String, Int> {
            lock.withLock { _ in ListSnapshot(rows.keys.sorted().map { ListEntry(id: $0, summary: rows[$0]!) }) }
        }

        func loadEntries() async throws -> ListSnapshot<String, Int> { truth }

        func loadBaseline() async throws -> ListSnapshot<String, Int> {
            await enter()
            defer { leave() }
            return lock.withLock { _ in
                cursor = log.count
                return ListSnapshot(rows.keys.sorted().map { ListEntry(id: $0, summary: rows[$0]!) })
            }
        }

        func loadChanges(since snapshot: ListSnapshot<String, Int>) async throws -> ListSnapshotPatch<String, Int>? {
            await enter()
            defer { leave() }
            return lock.withLock { _ in
                let touched = Set(log[cursor...])
                cursor = log.count
                // Summaries only change here: each touched row goes back after the untouched
                // rows before it.
                var patchRows: [ListSnapshotPatch<String, Int>.Row] = []
                var untouchedBefore = 0
                for id in rows.keys.sorted() {
                    if touched.contains(id) {
                        patchRows.append(.init(id: id, section: nil, summary: rows[id]!, gap: untouchedBefore))
                    } else {
                        untouchedBefore += 1
                    }
                }
                return ListSnapshotPatch(touched: Array(touched), rows: patchRows)
            }
        }

        func fetchItems(_ ids: [String]) async throws -> [String: String] {
            Dictionary(uniqueKeysWithValues: ids.map { ($0, $0) })
        }

        func attach(_ invalidation: ListInvalidation) {
            lock.withLock { _ in
                self.invalidation = invalidation
                attachCount += 1
            }
        }

        func detach() { lock.withLock { _ in invalidation = nil } }
    }

    @Test func aCallAbandonedByATransitionEndsBeforeTheSourcesNextCall() async throws {
        let source = LoggedSource((1 ... 20).map { "row \($0)" })
        let adapter = ListViewAdapter(source: source, configuration: .holdingLoads)
        let harness = ViewHarness(adapter)
        await harness.waitUntilShowing(source.truth)
        // Call 2, the patch read for this commit, is held at its start.
        source.hold(call: 2)
        source.mutate("row 3", summary: 1)
        while !source.isHolding { await Task.yield() }
        // The adapter leaves the source and comes back: the held call is abandoned, and the
        // source's next call is the full load of the return.
        let other = InMemoryListSource(records([("x", nil, 0)]))
        adapter.transition(to: other)
        adapter.transition(to: source)
        while source.attachCount < 2 { await Task.yield() }
        // The full load either waits for the held call (then the adapter counts it), or,
        // without the ordering, enters the source beside it.
        while source.entered < 3 && adapter.loadsWaitingForPreviousCall.withLock({ $0 }) == 0 { await Task.yield() }
        #expect(source.entered == 2, "the source's next call began while the abandoned one ran")
        // A commit while the abandoned call still holds, then the release: the full load
        // and the patches after it bring the list to the source's state.
        source.mutate("row 7", summary: 2)
        source.release()
        await harness.waitUntilShowing(source.truth)
        #expect(source.mostRunning == 1)
        #expect(adapter.snapshot == source.truth)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }
}
