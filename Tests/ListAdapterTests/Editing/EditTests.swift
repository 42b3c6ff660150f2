import ListAdapter
import ListAdapterTesting
import Testing

/// A person's edits through the reference views: a move the view made is taken in without
/// a batch and confirmed without one; a delete is delivered at once; a failed write or a
/// source that does not keep the edit undoes it with one batch and a typed error.
@MainActor
@Suite("A person's edits", .hangGuard)
struct EditTests {
    typealias Adapter = ListViewAdapter<String, Int, String>

    nonisolated static let initial = records([
        ("a", "Today", 1), ("b", "Today", 1), ("c", "Today", 1),
        ("d", "Yesterday", 1), ("e", "Yesterday", 1),
    ])

    func loaded(_ source: InMemoryListSource<String, Int, String>) async -> (Adapter, ViewHarness) {
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        return (adapter, harness)
    }

    /// Waits for `count` edits to end, then for the views to show the source's list.
    func settle(_ harness: ViewHarness, edits count: Int, source: InMemoryListSource<String, Int, String>) async throws {
        await harness.expectEventually("\(count) edits' ends: \(harness.editResults)") { harness.editResults.count >= count || !harness.failures.isEmpty }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
    }

    @Test func aMoveWithinASectionIsTakenInWithoutABatchAndConfirmedWithoutOne() async throws {
        let source = InMemoryListSource(Self.initial)
        let (adapter, harness) = await loaded(source)
        let move = try harness.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)) { move in
            try source.move(move)
        }.get()
        #expect(move.id == "a" && move.previous == "b" && move.next == "c" && move.destinationSection == "Today")
        #expect(adapter.identifier(at: ItemPath(section: 0, item: 1)) == "a")
        #expect(adapter.pendingEditCount == 1)
        try await settle(harness, edits: 1, source: source)
        #expect(source.records.map(\.entry.id) == ["b", "a", "c", "d", "e"])
        #expect(harness.editResults.count == 1)
        #expect((try? harness.editResults[0].get()) == .move(move))
        #expect(harness.recorder.batchCount == 0, "a move the view made, then confirmed, needs no batch")
        #expect(adapter.pendingEditCount == 0)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aMoveAcrossSectionsThatEmptiesOneIsTakenInAndTheSectionGoesWithABatch() async throws {
        let source = InMemoryListSource(records([("a", "Today", 1), ("d", "Yesterday", 1), ("e", "Yesterday", 1)]))
        let (adapter, harness) = await loaded(source)
        let move = try harness.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 2)) { move in
            try source.move(move)
        }.get()
        #expect(move.previous == "e" && move.next == nil && move.crossesSections)
        // The view keeps the emptied section, and so does the adapter's answer.
        #expect(adapter.numberOfSections == 2 && adapter.numberOfItems(inSection: 0) == 0)
        try await settle(harness, edits: 1, source: source)
        #expect(adapter.numberOfSections == 1)
        #expect(harness.recorder.batchCount == 1, "one batch deletes the emptied section")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aFailedWriteMovesTheRowBackWithOneBatchAndATypedError() async throws {
        let source = InMemoryListSource(Self.initial)
        let (_, harness) = await loaded(source)
        let before = try await source.loadEntries()
        harness.moveInteractively(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 1, item: 0)) { _ in throw RefusedWrite() }
        try await settle(harness, edits: 1, source: source)
        #expect(harness.shows(before))
        #expect(harness.recorder.batchCount == 1, "one batch puts the row back")
        let error = try #require(harness.editResults.first.flatMap { result -> EditError? in
            if case .failure(let error) = result { error } else { nil }
        })
        #expect(error.kind == .writeFailed)
        #expect(error.underlying is RefusedWrite)
        #expect(error.description.contains("item c") && error.description.contains("refused"), "\(error)")
        // The error comes after the batch that undid the edit.
        let events = harness.recorder.events
        let batchIndex = try #require(events.lastIndex { if case .batch(_, let info) = $0 { info.reason == .edit } else { false } })
        let endIndex = try #require(events.lastIndex { if case .editEnded = $0 { true } else { false } })
        #expect(batchIndex < endIndex)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aSourceThatOrdersTheRowElsewhereSnapsItBackAndSaysWhere() async throws {
        // The store ignores the position (a list sorted by date): the write changes nothing.
        let source = InMemoryListSource(Self.initial)
        let (_, harness) = await loaded(source)
        let before = try await source.loadEntries()
        harness.moveInteractively(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 1, item: 0)) { _ in source.invalidate() }
        try await settle(harness, edits: 1, source: source)
        #expect(harness.shows(before))
        #expect(harness.recorder.batchCount == 1)
        guard case .failure(let error)? = harness.editResults.first else {
            Issue.record("the edit did not fail: \(harness.editResults)")
            return
        }
        #expect(error.kind == .placedElsewhere(ItemPath(section: 1, item: 1)))
        #expect(error.description.contains("item e"), "\(error)")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aDeleteIsDeliveredBeforeTheCallReturnsAndConfirmed() async throws {
        let source = InMemoryListSource(Self.initial)
        let (adapter, harness) = await loaded(source)
        let ids = try harness.deleteBySwipe(at: [ItemPath(section: 1, item: 1), ItemPath(section: 0, item: 0)]) { ids in
            source.delete(ids)
        }.get()
        #expect(ids == ["a", "e"])
        #expect(harness.recorder.batchCount == 1, "UIKit wants the rows deleted within the swipe's commit")
        #expect(adapter.path(of: "a") == nil && adapter.path(of: "e") == nil)
        try await settle(harness, edits: 1, source: source)
        #expect(harness.recorder.batchCount == 1)
        #expect((try? harness.editResults[0].get()) == .delete(["a", "e"]))
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func deletingASectionsLastRowsDeletesTheSection() async throws {
        let source = InMemoryListSource(Self.initial)
        let (adapter, harness) = await loaded(source)
        harness.deleteBySwipe(at: [ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1)]) { ids in source.delete(ids) }
        #expect(adapter.numberOfSections == 1)
        try await settle(harness, edits: 1, source: source)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aFailedDeleteBringsTheRowsBack() async throws {
        let source = InMemoryListSource(Self.initial)
        let (_, harness) = await loaded(source)
        let before = try await source.loadEntries()
        harness.deleteBySwipe(at: [ItemPath(section: 0, item: 1)]) { _ in throw RefusedWrite() }
        try await settle(harness, edits: 1, source: source)
        #expect(harness.shows(before))
        #expect(harness.recorder.batchCount == 2, "the delete, then the batch that undoes it")
        guard case .failure(let error)? = harness.editResults.first else {
            Issue.record("the edit did not fail")
            return
        }
        #expect(error.kind == .writeFailed && error.description.contains("deleting item b"), "\(error)")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aDeleteTheSourceKeepsComesBackNamingTheRows() async throws {
        let source = InMemoryListSource(Self.initial)
        let (_, harness) = await loaded(source)
        harness.deleteBySwipe(at: [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)]) { ids in
            source.delete([ids[0]])                         // keeps the second
        }
        try await settle(harness, edits: 1, source: source)
        guard case .failure(let error)? = harness.editResults.first else {
            Issue.record("the edit did not fail")
            return
        }
        #expect(error.kind == .notDeleted(["c"]))
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func pathsTheListDoesNotHaveAreATypedErrorAndChangeNothing() async throws {
        let source = InMemoryListSource(Self.initial)
        let (adapter, harness) = await loaded(source)
        let before = adapter.snapshot
        #expect(throws: EditError.self) {
            try adapter.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0)) { _ in }
        }
        do {
            try adapter.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3)) { _ in }
            Issue.record("a move past the section's end was taken")
        } catch {
            #expect(error.kind == .invalidPath(ItemPath(section: 0, item: 3)))
            #expect(error.description.contains("(0 - 3)"))
        }
        #expect(throws: EditError.self) { try adapter.deleteItems(at: [ItemPath(section: 5, item: 0)]) { _ in } }
        #expect(adapter.snapshot == before && adapter.pendingEditCount == 0)
        #expect(harness.recorder.batchCount == 0)
    }
}
