@testable import ListAdapter
import ListAdapterTesting
import Testing

/// A move ends as its write did: dropped at the top of a section it is
/// first there, in the view and in the store, whatever another writer puts at the top
/// meanwhile; a row another writer deleted mid-move goes straight to gone. (Receipts:
/// ``MoveReceiptTests``.)
@MainActor
@Suite("A move ends as its write did", .hangGuard)
struct MoveLandingTests {
    typealias Adapter = ListViewAdapter<String, Int, String>
    typealias Source = InMemoryListSource<String, Int, String>

    func loaded(_ source: some ListDataSource<String, Int, String>) async -> (Adapter, ViewHarness) {
        let adapter = Adapter(source: source, configuration: .holdingLoads)
        let harness = ViewHarness(adapter)
        await harness.expectEventually("the first list") { harness.recorder.reloadCount == 1 }
        return (adapter, harness)
    }

    /// The person drops d at the top of Today; before the write, another writer puts x
    /// there. The view shows d first all along, the store has d first, and the move ends
    /// confirmed. (Before the fix the view put d under x, "just before a".)
    @Test func aMoveToTheTopStaysFirstWhenAnotherWriterPutsARowThere() async throws {
        let source = Source(EditTests.initial)
        let (adapter, harness) = await loaded(source)
        let gate = WriteGate()
        let start = harness.recorder.events.count
        let move = try harness.moveInteractively(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 0)) { move in
            await gate.pass()
            return try source.move(move)
        }.get()
        #expect(move.id == "d" && move.previous == nil && move.next == "a")
        source.mutate { $0.insert(Record(entry: ListEntry(id: "x", section: "Today", summary: 1), item: "x"), at: 0) }
        await harness.expectEventually("the other writer's row on screen") { adapter.path(of: "x") != nil }
        #expect(adapter.path(of: "d") == ItemPath(section: 0, item: 0), "d left the top while its move was pending: \(adapter.snapshot)")
        gate.open()
        await harness.expectEventually("the move's end") { harness.editResults.count == 1 }
        #expect(source.records.map(\.entry.id).prefix(3) == ["d", "x", "a"])
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect((try? harness.editResults.first?.get()) == .move(move), "\(harness.editResults)")
        let shown = harness.recorder.listsShown(from: start)
        #expect(shown.allSatisfy { $0.path(of: "d") == ItemPath(section: 0, item: 0) }, "d flickered: \(shown.map { $0.path(of: "d") })")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    /// The same at the bottom: `next == nil` is last in the section, after a row another
    /// writer appended there.
    @Test func aMoveToTheBottomStaysLastWhenAnotherWriterAppendsARow() async throws {
        let source = Source(EditTests.initial)
        let (adapter, harness) = await loaded(source)
        let gate = WriteGate()
        let move = try harness.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 2)) { move in
            await gate.pass()
            return try source.move(move)
        }.get()
        #expect(move.id == "a" && move.previous == "e" && move.next == nil)
        source.mutate { $0.append(Record(entry: ListEntry(id: "y", section: "Yesterday", summary: 1), item: "y")) }
        await harness.expectEventually("the other writer's row on screen") { adapter.path(of: "y") != nil }
        #expect(adapter.path(of: "a") == ItemPath(section: 1, item: 3), "a left the bottom while its move was pending: \(adapter.snapshot)")
        gate.open()
        await harness.expectEventually("the move's end") { harness.editResults.count == 1 }
        #expect(source.records.map(\.entry.id).suffix(2) == ["y", "a"])
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect((try? harness.editResults.first?.get()) == .move(move), "\(harness.editResults)")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    /// Another writer deletes the row the person is moving, before the write: the write
    /// finds it gone, and the row goes straight to gone, never back at its old place,
    /// though no list without it has loaded yet. The move ends undone once one has.
    @Test func aRowDeletedMidMoveGoesStraightToGone() async throws {
        let source = ControlledSource(EditTests.initial)
        let (adapter, harness) = await loaded(source)
        let gate = WriteGate()
        let start = harness.recorder.events.count
        harness.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1)) { move in
            await gate.pass()
            source.data.delete(["a"])                           // another writer, just before the write
            _ = try source.data.move(move)
        }
        source.mode = .gated                                    // no list without "a" loads yet
        gate.open()
        await harness.expectEventually("the write's end on screen") {
            adapter.path(of: "a") != ItemPath(section: 1, item: 1) || !harness.editResults.isEmpty
        }
        #expect(adapter.path(of: "a") == nil, "the row went back to \(adapter.path(of: "a").map { "\($0)" } ?? "nowhere") before it went")
        source.mode = .normal
        source.release()
        await harness.expectEventually("the move's end") { harness.editResults.count == 1 }
        guard case .failure(let error)? = harness.editResults.first else {
            Issue.record("the move of a deleted row did not end undone: \(harness.editResults)")
            return
        }
        #expect(error.kind == .writeFailed && error.underlying is Source.MissingRecord, "\(error)")
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        let shown = harness.recorder.listsShown(from: start)
        #expect(!shown.contains { $0.path(of: "a") == ItemPath(section: 0, item: 0) }, "the row flashed back at its old place")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }
}
