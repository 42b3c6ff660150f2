import ListAdapter
import ListAdapterTesting
import Synchronization
import Testing

/// A second failure with another cause is delivered too (errors compare by kind and
/// source, so it used to be swallowed and `loadState` kept the first cause).
@MainActor
@Suite("Adapter: every failure visible", .hangGuard)
struct FailureChangeTests {
    struct Cause: Error, CustomStringConvertible {
        let description: String
    }

    /// Fails every load, each time with a new cause.
    final class FailingSource: ListDataSource {
        typealias ID = Int
        typealias Summary = Int
        typealias Item = Int
        let loads = Atomic(0)
        func loadEntries() async throws -> ListSnapshot<Int, Int> {
            let load = loads.add(1, ordering: .relaxed).newValue
            throw Cause(description: "cause \(load)")
        }
        func fetchItems(_ ids: [Int]) async throws -> [Int: Int] { [:] }
        func attach(_ invalidation: ListInvalidation) {}
    }

    @Test func aFailureWithAnotherCauseIsDelivered() async {
        let adapter = ListViewAdapter(source: FailingSource())
        let recorder = ListEventRecorder<Int, Int>()
        let observation = adapter.observe { event in recorder.record(event) }
        defer { observation.cancel() }
        func failures(_ events: [ListEvent<Int, Int>]) -> [String] {
            events.compactMap { event in
                if case .loadStateChanged(.failed(let error)) = event { "\(error)" } else { nil }
            }
        }
        await recorder.wait { failures($0).count == 1 }
        adapter.invalidate()
        await recorder.wait { failures($0).count == 2 }
        let seen = failures(recorder.events)
        #expect(seen.count == 2)
        #expect(seen[0].contains("cause 1") && seen[1].contains("cause 2"), "\(seen)")
        guard case .failed(let error) = adapter.loadState else {
            Issue.record("expected a failure")
            return
        }
        #expect("\(error)".contains("cause 2"))
    }
}
