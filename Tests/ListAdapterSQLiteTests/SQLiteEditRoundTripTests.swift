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
        options.ordering = ListOrdering(position: "position", section: "folder")
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

    /// The other writer's commits in each round of ``editsHoldWhileAnotherWriterCommits(changeLog:)``.
    nonisolated static let commitsPerRound = 6

    /// A person's moves and deletes while another connection inserts new rows at the top
    /// of folders and between rows, bumps and deletes rows: every edit ends, and ends as its
    /// write did. A move or delete whose write landed is confirmed, with no note, whatever
    /// the other writer put around the row before the list loaded; the only undone edits
    /// are moves whose row the other writer deleted first (the write says `missingRow`).
    @Test(arguments: [false, true])
    func editsHoldWhileAnotherWriterCommits(changeLog: Bool) async throws {
        let seed = UInt64.random(in: 0 ... .max)
        print("seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let (fixture, source, adapter, probe) = try await Self.start(rows: 200, changeLog: changeLog)
        defer { fixture.remove() }
        // Another connection, on a thread of its own: at each round a burst of commits, made
        // while the person's edit is written and confirmed: new rows first in a folder or
        // between two rows, a version bumped, a new row deleted now and then. A burst per
        // round, not a writer running freely: one that commits as fast as it can grows the
        // table and the adapter's work with the test's own duration, and on a loaded machine
        // (CI's sanitized run) that slowed every suite until the time limits ran out.
        let other = try DatabaseQueue(path: fixture.path)
        let bursts = DispatchSemaphore(value: 0)
        let stop = Guarded(false)
        let writer = Thread {
            var id: Int64 = 10_000
            while true {
                bursts.wait()
                if stop.withLock({ $0 }) { return }
                for _ in 0 ..< Self.commitsPerRound {
                    id += 1
                    try? other.write { db in
                        let folder = "F\(id % 4)"
                        let keys = try String.fetchAll(db, sql: "SELECT position FROM note WHERE folder = ? ORDER BY position", arguments: [folder])
                        let key: String
                        if id % 2 == 0 || keys.count < 2 {
                            key = try OrderKey.key(between: nil, and: keys.first)              // first in the folder
                        } else {
                            let at = Int(id / 2) % (keys.count - 1)
                            key = try OrderKey.key(between: keys[at], and: keys[at + 1])        // between two rows
                        }
                        try db.execute(sql: "INSERT INTO note (id, folder, position, title) VALUES (?, ?, ?, 'new')", arguments: [id, folder, key])
                        try db.execute(sql: "UPDATE note SET version = version + 1 WHERE id = (SELECT id FROM note ORDER BY random() LIMIT 1)")
                        if id % 3 == 0 { try db.execute(sql: "DELETE FROM note WHERE id = (SELECT max(id) FROM note WHERE title = 'new')") }
                    }
                    Thread.sleep(forTimeInterval: 0.002)       // the writer's pace, not a wait on anything
                }
            }
        }
        writer.start()
        // What each edit's write did, as the source answered it.
        let landings = Guarded([ListEdit<Int64>: Result<Void, any Error>]())
        var made = 0
        for round in 0 ..< 40 {
            bursts.signal()
            if Int.random(in: 0 ..< 4, using: &random) == 0, adapter.snapshot.count > 0 {
                let section = Int.random(in: 0 ..< adapter.numberOfSections, using: &random)
                guard adapter.numberOfItems(inSection: section) > 0 else { continue }
                let path = ItemPath(section: section, item: Int.random(in: 0 ..< adapter.numberOfItems(inSection: section), using: &random))
                let result = probe.deleteBySwipe(at: [path]) { ids in
                    do {
                        try await source.delete(ids)
                        landings.withLock { $0[.delete(ids)] = .success(()) }
                    } catch {
                        landings.withLock { $0[.delete(ids)] = .failure(error) }
                        throw error
                    }
                }
                if case .success = result { made += 1 }
            } else if let (from, to) = Self.randomMove(in: adapter.snapshot, using: &random) {
                let result = probe.moveInteractively(from: from, to: to) { move in
                    try await writing {
                        do {
                            let receipt = try await source.move(move)
                            landings.withLock { $0[.move(move)] = .success(()) }
                            return receipt
                        } catch {
                            landings.withLock { $0[.move(move)] = .failure(error) }
                            throw error
                        }
                    }
                }
                if case .success(let move) = result, move.source != move.destination { made += 1 }
            }
            await Task.yield()
            if round % 10 == 9 {
                let settled = await probe.recorder.wait(atMost: .seconds(120)) { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
                #expect(settled, "seed \(seed), round \(round): \(adapter.pendingEditCount) edits did not end within 120 s")
            }
        }
        stop.withLock { $0 = true }
        bursts.signal()
        while !writer.isFinished { await Task.yield() }
        let settled = await probe.recorder.wait(atMost: .seconds(120)) { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
        #expect(settled, "seed \(seed): \(adapter.pendingEditCount) edits did not end within 120 s")
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "seed \(seed): \(probe.failures)")
        #expect(made >= 20, "seed \(seed): only \(made) edits made")
        #expect(probe.editResults.count == made, "seed \(seed): \(made) edits made, \(probe.editResults.count) ended")
        let written = landings.withLock { $0 }
        var confirmed = 0
        for result in probe.editResults {
            switch result {
            case .success(let edit):
                confirmed += 1
                guard case .success? = written[edit] else {
                    Issue.record("seed \(seed): \(edit) was confirmed, but its write did not land: \(String(describing: written[edit]))")
                    continue
                }
            case .failure(let error):
                // Undone only when the write did not land: a moved row the other writer deleted.
                guard let edit = error.edit, case .failure(let thrown)? = written[edit] else {
                    Issue.record("seed \(seed): \(error), though its write landed")
                    continue
                }
                #expect(error.kind == .writeFailed && (thrown as? SQLiteSourceError)?.kind == .missingRow, "seed \(seed): \(error)")
            }
        }
        #expect(confirmed * 2 > made, "seed \(seed): only \(confirmed) of \(made) edits confirmed")
        #expect(probe.failures.isEmpty, "seed \(seed): \(probe.failures)")
    }
}
