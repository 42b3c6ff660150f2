import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// A person's moves and deletes through the adapter, written by the SQLite source and
/// confirmed by its own loads (full ones, or change-log patches): confirmation changes
/// nothing on screen, and another writer's commits meanwhile never undo a pending edit.
@MainActor
@Suite("SQLite source: a person's edits round trip", .hangGuard)
struct SQLiteEditRoundTripTests {
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Note>

    static func start(rows: Int, changeLog: Bool) async throws
        -> (NotesFixture, SQLiteListSource<Int64, Int64, Note>, ListViewAdapter<Int64, Int64, Note>, Probe) {
        let fixture = try NotesFixture(rows: rows, folders: 4)
        var options = SQLiteListSource<Int64, Int64, Note>.Options()
        options.ordering = SQLiteOrdering(position: "position", section: "folder")
        options.changeLog = changeLog
        let source = try SQLiteListSource<Int64, Int64, Note>(path: fixture.path, query: NotesFixture.query, access: .owned, options: options)
        try await source.assignPositions(orderedBy: "folder, id")
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        return (fixture, source, adapter, probe)
    }

    /// A random move the person could make on `snapshot`: within or across sections.
    static func randomMove(in snapshot: ListSnapshot<Int64, Int64>, using random: inout SeededGenerator) -> (ItemPath, ItemPath)? {
        let sections = (0 ..< snapshot.numberOfSections).filter { snapshot.numberOfItems(inSection: $0) > 0 }
        guard let from = sections.randomElement(using: &random) else { return nil }
        let source = ItemPath(section: from, item: Int.random(in: 0 ..< snapshot.numberOfItems(inSection: from), using: &random))
        let to = Int.random(in: 0 ..< snapshot.numberOfSections, using: &random)
        let limit = snapshot.numberOfItems(inSection: to) - (to == from ? 1 : 0)
        return (source, ItemPath(section: to, item: Int.random(in: 0 ... limit, using: &random)))
    }

    @Test(arguments: [false, true])
    func movesAreConfirmedWithNoChangeOnScreen(changeLog: Bool) async throws {
        let seed = UInt64.random(in: 0 ... .max)
        print("seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let (fixture, source, adapter, probe) = try await Self.start(rows: 200, changeLog: changeLog)
        defer { fixture.remove() }
        for round in 0 ..< 40 {
            guard let (from, to) = Self.randomMove(in: adapter.snapshot, using: &random) else { break }
            let result = probe.moveInteractively(from: from, to: to) { move in try await source.move(move) }
            #expect((try? result.get()) != nil, "seed \(seed), round \(round): \(result)")
            // Now and then the next move waits for the last one to end; else they queue up.
            if Bool.random(using: &random) {
                await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
            }
        }
        await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "seed \(seed): \(probe.failures)")
        #expect(probe.editResults.allSatisfy { (try? $0.get()) != nil }, "seed \(seed): \(probe.editResults)")
        #expect(probe.recorder.batchCount == 0, "seed \(seed): a confirmed move changes nothing on screen")
        #expect(probe.failures.isEmpty, "seed \(seed): \(probe.failures)")
    }

    @Test(arguments: [false, true])
    func editsHoldWhileAnotherWriterCommits(changeLog: Bool) async throws {
        let seed = UInt64.random(in: 0 ... .max)
        print("seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let (fixture, source, adapter, probe) = try await Self.start(rows: 200, changeLog: changeLog)
        defer { fixture.remove() }
        // Another connection inserts, deletes and bumps rows on a thread of its own.
        let other = try DatabaseQueue(path: fixture.path)
        let stop = Guarded(false)
        let writer = Thread {
            var id: Int64 = 10_000
            while !stop.withLock({ $0 }) {
                id += 1
                try? other.write { db in
                    try db.execute(sql: "INSERT INTO note (id, folder, position, title) VALUES (?, 'F2', 'a' || ? || 'z', 'new')", arguments: [id, id])
                    try db.execute(sql: "UPDATE note SET version = version + 1 WHERE id = (SELECT id FROM note ORDER BY random() LIMIT 1)")
                    if id % 3 == 0 { try db.execute(sql: "DELETE FROM note WHERE id = (SELECT max(id) FROM note WHERE title = 'new')") }
                }
                Thread.sleep(forTimeInterval: 0.002)           // the writer's pace, not a wait on anything
            }
        }
        writer.start()
        for round in 0 ..< 40 {
            if Int.random(in: 0 ..< 4, using: &random) == 0, adapter.snapshot.count > 0 {
                let section = Int.random(in: 0 ..< adapter.numberOfSections, using: &random)
                guard adapter.numberOfItems(inSection: section) > 0 else { continue }
                let path = ItemPath(section: section, item: Int.random(in: 0 ..< adapter.numberOfItems(inSection: section), using: &random))
                probe.deleteBySwipe(at: [path]) { ids in try await source.delete(ids) }
            } else if let (from, to) = Self.randomMove(in: adapter.snapshot, using: &random) {
                probe.moveInteractively(from: from, to: to) { move in try await source.move(move) }
            }
            await Task.yield()
            if round % 10 == 9 { await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty } }
        }
        stop.withLock { $0 = true }
        while !writer.isFinished { await Task.yield() }
        await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "seed \(seed): \(probe.failures)")
        // A move's row the other writer deleted fails its write (missing row); nothing else fails.
        for case .failure(let error) in probe.editResults {
            #expect(error.kind == .writeFailed, "seed \(seed): \(error)")
        }
        #expect(probe.failures.isEmpty, "seed \(seed): \(probe.failures)")
    }
}
