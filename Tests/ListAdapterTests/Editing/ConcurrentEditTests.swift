@testable import ListAdapter
import ListAdapterTesting
import Testing

/// A person's edits while the list changes around them: other writers, many edits before
/// the first write ends, transitions, collapses, a failing source, and lists already on
/// their way to the view when the edit is made.
@MainActor
@Suite("A person's edits among other changes", .hangGuard)
struct ConcurrentEditTests {
    typealias Adapter = ListViewAdapter<String, Int, String>
    typealias Source = InMemoryListSource<String, Int, String>

    func loaded(_ source: some ListDataSource<String, Int, String>) async -> (Adapter, ViewHarness) {
        let adapter = Adapter(source: source)
        let harness = ViewHarness(adapter)
        await harness.expectEventually("the first list") { harness.recorder.reloadCount == 1 }
        return (adapter, harness)
    }

    /// The store's list with `edits` written to a copy of it: what the view must show while
    /// they are pending.
    func expected(_ source: Source, with edits: [ListEdit<String>]) throws -> ListSnapshot<String, Int> {
        let copy = Source(source.records)
        for edit in edits {
            switch edit {
            case .move(let move): try copy.move(move)
            case .delete(let ids): copy.delete(ids)
            }
        }
        return ListSnapshot(copy.records.map(\.entry))
    }

    @Test func otherWritersChangesWhileAMoveIsPendingKeepTheRowWhereThePersonPutIt() async throws {
        let source = Source(EditTests.initial)
        let (adapter, harness) = await loaded(source)
        let gate = WriteGate()
        let move = try harness.moveInteractively(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 1)) { move in
            await gate.pass()
            return try source.move(move)
        }.get()
        #expect(move.id == "e" && move.previous == "a")
        // Another writer inserts above the row's new neighbour, deletes a row, changes the moved row's summary.
        source.mutate { records in
            records.insert(Record(entry: ListEntry(id: "x", section: "Today", summary: 1), item: "x"), at: 0)
            records.removeAll { $0.entry.id == "b" }
            records[records.firstIndex { $0.entry.id == "e" }!].entry.summary = 2
        }
        #expect(await harness.waitUntilShowing(try expected(source, with: [.move(move)])))
        #expect(adapter.path(of: "e") == ItemPath(section: 0, item: 2))
        gate.open()
        await harness.expectEventually("the move's end, after its write") { harness.editResults.count == 1 }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect((try? harness.editResults.first?.get()) != nil, "\(harness.editResults)")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func manyEditsBeforeTheFirstWriteEndsAreWrittenInOrderAndAllKept() async throws {
        let source = Source(EditTests.initial + records([("f", "Older", 1), ("g", "Older", 1)]))
        let (adapter, harness) = await loaded(source)
        let gate = WriteGate()
        let log = WriteLog()
        var edits: [ListEdit<String>] = []
        func move(_ from: (Int, Int), _ to: (Int, Int)) throws {
            let move = try harness.moveInteractively(from: ItemPath(section: from.0, item: from.1), to: ItemPath(section: to.0, item: to.1)) { move in
                await gate.pass()
                log.append("move \(move.id)")
                return try source.move(move)
            }.get()
            edits.append(.move(move))
        }
        try move((0, 0), (2, 2))                                 // a: Today -> Older, last
        try move((1, 1), (0, 0))                                 // e: Yesterday -> Today, first
        let ids = try harness.deleteBySwipe(at: [ItemPath(section: 0, item: 2)]) { ids in
            await gate.pass()
            log.append("delete \(ids)")
            source.delete(ids)
        }.get()
        edits.append(.delete(ids))
        try move((2, 2), (2, 0))                                 // a again: first of Older
        #expect(adapter.pendingEditCount == 4)
        // Another writer meanwhile; the views keep every pending edit.
        source.mutate { $0.append(Record(entry: ListEntry(id: "h", section: "Older", summary: 1), item: "h")) }
        #expect(await harness.waitUntilShowing(try expected(source, with: edits)))
        gate.open()
        await harness.expectEventually("the four edits' ends: \(harness.editResults)") { harness.editResults.count == 4 || !harness.failures.isEmpty }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect(log.all == ["move a", "move e", "delete [\"c\"]", "move a"])
        #expect(harness.editResults.allSatisfy { (try? $0.get()) != nil }, "\(harness.editResults)")
        #expect(source.records.map(\.entry.id) == ["e", "b", "d", "a", "f", "g", "h"])
        #expect(adapter.pendingEditCount == 0)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aMoveOfARowAnotherWriterDeletesMeanwhileLeavesItDeleted() async throws {
        let source = Source(EditTests.initial)
        let (_, harness) = await loaded(source)
        let gate = WriteGate()
        harness.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0)) { move in
            await gate.pass()
            return try source.move(move)
        }
        source.delete(["a"])
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        gate.open()
        await harness.expectEventually("the move's end, after its write failed") { harness.editResults.count == 1 }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        guard case .failure(let error)? = harness.editResults.first else {
            Issue.record("the write of a deleted row did not fail")
            return
        }
        #expect(error.underlying is InMemoryListSource<String, Int, String>.MissingRecord)
        #expect(!source.records.contains { $0.entry.id == "a" } && harness.table.sections.allSatisfy { !$0.cells.contains { $0.id == "a" } })
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aMoveStaysThroughATransitionAndIsConfirmedByTheNewSource() async throws {
        let first = Source(EditTests.initial)
        let (adapter, harness) = await loaded(first)
        let second = Source(EditTests.initial + records([("z", "Yesterday", 1)]))
        let gate = WriteGate()
        let move = try harness.moveInteractively(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0)) { move in
            await gate.pass()
            return try second.move(move)                        // the store the app moved to
        }.get()
        adapter.transition(to: second)
        #expect(await harness.waitUntilShowing(try expected(second, with: [.move(move)])))
        gate.open()
        await harness.expectEventually("the move's end, confirmed by the new source") { harness.editResults.count == 1 }
        #expect(await harness.waitUntilShowing(try await second.loadEntries()))
        #expect((try? harness.editResults.first?.get()) != nil, "\(harness.editResults)")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func editsStayThroughCollapsesAndReloads() async throws {
        let source = Source(EditTests.initial)
        let (adapter, harness) = await loaded(source)
        let gate = WriteGate()
        let move = try harness.moveInteractively(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 3)) { move in
            await gate.pass()
            return try source.move(move)
        }.get()
        adapter.setSection(titled: "Yesterday", collapsed: true)
        let collapsedView = try expected(source, with: [.move(move)]).collapsing(["Yesterday"])
        #expect(await harness.waitUntilShowing(collapsedView))
        adapter.invalidate()
        adapter.setSection(titled: "Yesterday", collapsed: false)
        #expect(await harness.waitUntilShowing(try expected(source, with: [.move(move)])))
        gate.open()
        await harness.expectEventually("the move's end, after collapses and reloads") { harness.editResults.count == 1 }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect((try? harness.editResults.first?.get()) != nil, "\(harness.editResults)")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func anEditOnAFailingSourceStaysUntilALoadShowsIt() async throws {
        let source = ControlledSource(EditTests.initial)
        let (adapter, harness) = await loaded(source)
        source.mode = .failing
        let move = try harness.moveInteractively(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)) { move in
            try source.data.move(move)
        }.get()
        // The write succeeded, the loads fail: the view keeps the move, the edit stays pending.
        await harness.expectEventually("a failed load") { if case .failed = adapter.loadState { true } else { false } }
        #expect(adapter.pendingEditCount == 1)
        #expect(adapter.path(of: move.id) == ItemPath(section: 0, item: 2))
        source.mode = .normal
        adapter.invalidate()
        await harness.expectEventually("the move's end, once loads work again") { harness.editResults.count == 1 }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect((try? harness.editResults.first?.get()) != nil, "\(harness.editResults)")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    /// Two moves next to each other, both written before any load shows either: the first
    /// is checked with the second's row passed over (it sits between the first and its
    /// neighbour now), so both are kept.
    @Test func movesNextToEachOtherWrittenTogetherAreBothKept() async throws {
        let source = ControlledSource(records([("a", "Today", 1), ("b", "Today", 1), ("c", "Today", 1), ("d", "Today", 1)]))
        let (adapter, harness) = await loaded(source)
        let gate = WriteGate()
        let log = WriteLog()
        for _ in 0 ..< 2 {
            // The last row, right after the first: d, then c.
            harness.moveInteractively(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 1)) { move in
                await gate.pass()
                _ = try source.data.move(move)                  // no receipt of the adapter's source: the list decides
                log.append(move.id)
                await MainActor.run { harness.recorder.recheck() }     // wakes the wait on the log
            }
        }
        #expect(Array(adapter.snapshot.identifiers(inSection: 0)) == ["a", "c", "d", "b"])
        // No load sees either write until both are in.
        source.mode = .gated
        gate.open()
        await harness.expectEventually("both writes: \(log.all)") { log.all.count == 2 }
        source.mode = .normal
        source.release()
        await harness.expectEventually("both moves' ends: \(harness.editResults)") { harness.editResults.count == 2 }
        #expect(harness.editResults.allSatisfy { (try? $0.get()) != nil }, "\(harness.editResults)")
        #expect(source.data.records.map(\.entry.id) == ["a", "c", "d", "b"])
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect(harness.recorder.batchCount == 0)
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    /// A list the private queue computed before the edit, still on its way to the view when
    /// the person moves a row, is dropped, and its change arrives against the moved list.
    @Test func aListOnItsWayWhenThePersonMovesIsDroppedAndSentAgain() async throws {
        let source = Source(EditTests.initial)
        let (adapter, harness) = await loaded(source)
        source.mutate { $0.insert(Record(entry: ListEntry(id: "x", section: "Yesterday", summary: 1), item: "x"), at: 3) }
        // The main actor does not yield until the private queue has sent the new list.
        while !adapter.queue.sync(execute: { adapter.core.baseline.contains("x") }) {
            adapter.queue.sync {}                              // let the load's hop in
        }
        #expect(!adapter.snapshot.contains("x"), "the list with x is on its way, not yet applied")
        let move = try harness.moveInteractively(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 0)) { move in
            try source.move(move)
        }.get()
        await harness.expectEventually("the move's end") { harness.editResults.count == 1 }
        #expect(await harness.waitUntilShowing(try await source.loadEntries()))
        #expect(move.id == "d" && source.records.first?.entry.id == "d")
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }
}
