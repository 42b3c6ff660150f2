@testable import ListAdapter
import ListAdapterTesting
import Testing

/// Work that makes empty arrays, done on two threads at once.
///
/// For a capacity of 0, the standard library's `Array(unsafeUninitializedCapacity:)` writes
/// the count into the one storage every empty array shares. Two threads doing that were a
/// data race report in CI's thread-sanitizer step (two adapters staging updates in which no
/// item's summary changed: `summaries(atFlatPositions: [])`). The library makes such arrays
/// through `ContiguousArray(uninitializedCount:)`, which writes nothing shared.
///
/// The sanitizer is this suite's real oracle (CI runs it under the sanitizer, on threads of
/// their own so that nothing orders the two); without it the results are still checked
/// against the lists.
@Suite("Empty arrays on two threads")
struct EmptyStorageTests {
    typealias Snapshot = ListSnapshot<String, Int>

    /// What each thread computes: a staged update with no updated item, an empty list's
    /// columns, diff and update, and an empty array made directly.
    struct Results: Equatable, Sendable {
        var staged: Snapshot?
        var stagedBatches: Int
        var emptyColumns: Int
        var emptyChanges: ListChangeSet
        var emptyBatches: Int
        var noSummaries: [Int]
        var direct: Int
    }

    static func compute(old: Snapshot, new: Snapshot) -> Results {
        let empty = Snapshot([])
        let staged = ListUpdate(from: old, to: new)
        return Results(
            staged: staged.batches.last?.after,
            stagedBatches: staged.batches.count,
            emptyColumns: empty.flatColumns().identifiers.count + empty.flatColumns().summaries.count,
            emptyChanges: ListChangeSet(from: empty, to: empty),
            emptyBatches: ListUpdate(from: empty, to: empty).batches.count,
            noSummaries: new.summaries(atFlatPositions: []),
            direct: ContiguousArray<Int>(uninitializedCount: 0) { _, initialized in initialized = 0 }.count
        )
    }

    @Test func stagingWithNothingUpdatedAndEmptyListsOnTwoThreadsAtOnce() async {
        // A section moves and an item is inserted; no summary changes, so the staging reads
        // the summaries of no positions.
        let old = StagedBatchTests.list("a:A b:A c:B d:B")
        let new = StagedBatchTests.list("c:B x:B d:B a:A b:A")
        for round in 0 ..< 20 {
            async let first = onOwnThread { Self.compute(old: old, new: new) }
            async let second = onOwnThread { Self.compute(old: old, new: new) }
            let (one, other) = await (first, second)
            #expect(one == other, "round \(round)")
            #expect(one.staged == new, "round \(round)")
            #expect(one.stagedBatches == 2)
            #expect(one.emptyColumns == 0 && one.emptyBatches == 0 && one.noSummaries.isEmpty && one.direct == 0)
            #expect(one.emptyChanges == ListChangeSet())
        }
    }
}
