@testable import ListAdapter
import ListAdapterTesting
import Testing

/// A move whose write the source's receipt says landed ends confirmed, whatever other
/// writers did around it before the list loaded; a write that says
/// nothing is judged by the list; one meaning of a move's neighbours.
@MainActor
@Suite("A move's receipt", .hangGuard)
struct MoveReceiptTests {
    typealias Adapter = ListViewAdapter<String, Int, String>

    func loaded(_ source: some ListDataSource<String, Int, String>) async -> (Adapter, ViewHarness) {
        let adapter = Adapter(source: source, configuration: .holdingLoads)
        let harness = ViewHarness(adapter)
        await harness.expectEventually("the first list") { harness.recorder.reloadCount == 1 }
        return (adapter, harness)
    }

    /// The source's receipt says the move landed; another writer then puts a row between
    /// the item and its neighbour before any list shows the move. The move ends confirmed
    /// (before the fix: "did not stay"). A write that returns no receipt is judged by the
    /// list, and that list has the item elsewhere.
    @Test(arguments: [true, false])
    func aLandedMoveIsConfirmedThoughAnotherWritersRowNowSitsNextToIt(withReceipt: Bool) async throws {
        let source = ControlledSource(EditTests.initial)
        let (_, harness) = await loaded(source)
        let written = WriteLog()
        let insertX: @Sendable () -> Void = {
            source.data.mutate { records in
                records.insert(Record(entry: ListEntry(id: "x", section: "Today", summary: 1), item: "x"), at: records.firstIndex { $0.entry.id == "d" }!)
            }
        }
        source.mode = .gated                                    // no list loads between the write and x
        if withReceipt {
            harness.moveInteractively(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1)) { move in
                try source.data.move(move)
                insertX()
                written.append("d")
                return ListMoveReceipt(orderKey: nil, rowsWritten: 1, listedBy: source)
            }
        } else {
            harness.moveInteractively(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1)) { move in
                try source.data.move(move)
                insertX()
                written.append("d")
            }
        }
        await harness.expectEventually("the write") { written.all == ["d"] }
        #expect(source.data.records.map(\.entry.id).prefix(4) == ["a", "x", "d", "b"])
        source.mode = .normal
        source.release()
        await harness.expectEventually("the move's end") { harness.editResults.count == 1 }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        switch harness.editResults.first {
        case .success?:
            #expect(withReceipt, "a move with no receipt was confirmed though the list has another row above it")
        case .failure(let error)?:
            #expect(!withReceipt, "a move whose write landed ended \(error)")
            #expect(error.kind == .placedElsewhere(ItemPath(section: 0, item: 2)), "\(error)")
        case nil:
            Issue.record("no end")
        }
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    /// The one meaning of a move's neighbours, every case.
    @Test func theAnchorOfAMove() {
        func move(_ previous: String?, _ next: String?) -> ListMove<String> {
            ListMove(id: "m", source: ItemPath(section: 0, item: 0), destination: ItemPath(section: 0, item: 0),
                     sourceSection: nil, destinationSection: nil, previous: previous, next: next)
        }
        let listed: Set = ["p", "n"]
        #expect(move(nil, "n").anchor { listed.contains($0) } == .first)
        #expect(move(nil, nil).anchor { listed.contains($0) } == .first)
        #expect(move("p", nil).anchor { listed.contains($0) } == .last)
        #expect(move("p", "n").anchor { listed.contains($0) } == .after("p"))
        #expect(move("gone", "n").anchor { listed.contains($0) } == .before("n"))
        #expect(move("gone", "gone too").anchor { listed.contains($0) } == .last)
        #expect(move("m", "n").anchor { _ in true } == .before("n"), "the item is not its own neighbour")
    }
}
