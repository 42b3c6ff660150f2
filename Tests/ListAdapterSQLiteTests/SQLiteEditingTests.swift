import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// Moves and deletes written through the source: one row a move, the database's current
/// neighbours, the adapter following, a bounded rebalance, typed errors.
@MainActor
@Suite("SQLite source: writing moves", .hangGuard)
struct SQLiteEditingTests {
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Note>

    /// A fixture with keys assigned and an adapter showing its first list.
    static func start(rows: Int, folders: Int = 3, policy: OrderKeyRebalancePolicy = OrderKeyRebalancePolicy()) async throws
        -> (NotesFixture, SQLiteListSource<Int64, Int64, Note>, ListViewAdapter<Int64, Int64, Note>, Probe) {
        let fixture = try NotesFixture(rows: rows, folders: folders)
        let source = try fixture.source(policy: policy)
        #expect(try await source.assignPositions(orderedBy: "folder, id") == rows)
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        return (fixture, source, adapter, probe)
    }

    @Test func aMoveWritesOneRowAndTheAdapterShowsItInItsNewPlace() async throws {
        let (fixture, source, adapter, probe) = try await Self.start(rows: 30)
        defer { fixture.remove() }
        // F1 holds 1, 4, 7, ...: move 19 to just after 4.
        #expect(try fixture.folders(source.database)["F1"]!.prefix(3) == [1, 4, 7])
        let updates = try fixture.updates(source.database)
        #expect(try await source.move(NotesFixture.move(19, to: "F1", after: 4, before: 7)).rowsWritten == 1)
        #expect(try fixture.updates(source.database) == updates + 1)
        #expect(try fixture.folders(source.database)["F1"]!.prefix(4) == [1, 4, 19, 7])
        // First in the section, and last (the end: after the last row).
        #expect(try await source.move(NotesFixture.move(28, to: "F1", after: nil, before: 1)).rowsWritten == 1)
        #expect(try await source.move(NotesFixture.move(1, to: "F1", after: 25, before: nil)).rowsWritten == 1)
        let order = try fixture.folders(source.database)["F1"]!
        #expect(order.first == 28 && order.last == 1 && order.count == 10)
        #expect(try fixture.updates(source.database) == updates + 3)
        let truth = try fixture.plainSnapshot(source.database)
        #expect(await probe.waitUntilShowing(truth), "\(probe.failures)")
        let section = adapter.snapshot.sectionTitles.firstIndex(of: "F1")!
        #expect(Array(adapter.snapshot.identifiers(inSection: section)) == order)
    }

    @Test func aMoveAcrossSectionsWritesTheSection() async throws {
        let (fixture, source, _, probe) = try await Self.start(rows: 30)
        defer { fixture.remove() }
        #expect(try await source.move(NotesFixture.move(3, to: "F2", after: 2, before: 5)).rowsWritten == 1)
        let folders = try fixture.folders(source.database)
        #expect(folders["F2"]!.prefix(3) == [2, 3, 5])
        #expect(!folders["F0"]!.contains(3) && folders["F0"]!.count == 9)
        // Into a section of its own title: a new one.
        #expect(try await source.move(NotesFixture.move(6, to: "F9", after: nil, before: nil)).rowsWritten == 1)
        #expect(try fixture.folders(source.database)["F9"] == [6])
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "\(probe.failures)")
    }

    @Test func theDatabasesNeighboursWinOverTheMovesNext() async throws {
        let (fixture, source, _, _) = try await Self.start(rows: 30)
        defer { fixture.remove() }
        let other = try DatabaseQueue(path: fixture.path)
        // Another connection puts row 100 between 4 and 7, then deletes 10.
        try await other.write { db in
            let keys = try String.fetchAll(db, sql: "SELECT position FROM note WHERE id IN (4, 7) ORDER BY position")
            let key = try OrderKey.key(between: keys[0], and: keys[1])
            try db.execute(sql: "INSERT INTO note (id, folder, position, title) VALUES (100, 'F1', ?, 'new')", arguments: [key])
            try db.execute(sql: "DELETE FROM note WHERE id = 10")
        }
        // The person saw 4 then 7: the row goes right after 4, before 100.
        #expect(try await source.move(NotesFixture.move(13, to: "F1", after: 4, before: 7)).rowsWritten == 1)
        #expect(try fixture.folders(source.database)["F1"]!.prefix(5) == [1, 4, 13, 100, 7])
        // `previous` deleted by the other connection: just before `next`.
        #expect(try await source.move(NotesFixture.move(16, to: "F1", after: 10, before: 19)).rowsWritten == 1)
        var order = try fixture.folders(source.database)["F1"]!
        #expect(order[order.firstIndex(of: 19)! - 1] == 16)
        // Both gone: last in the section.
        try await other.write { db in try db.execute(sql: "DELETE FROM note WHERE id IN (19, 22)") }
        #expect(try await source.move(NotesFixture.move(1, to: "F1", after: 22, before: 19)).rowsWritten == 1)
        order = try fixture.folders(source.database)["F1"]!
        #expect(order.last == 1)
        try other.close()
    }

    @Test func twoHundredMovesToOneSpotRebalanceWithinTheCapAndKeepOrder() async throws {
        let policy = OrderKeyRebalancePolicy()
        let (fixture, source, _, probe) = try await Self.start(rows: 600, folders: 2, policy: policy)
        defer { fixture.remove() }
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SQLiteEditingTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var expected = try fixture.folders(source.database)["F0"]!
        let anchor = expected[100]
        var rebalances = 0
        for step in 0 ..< 200 {
            // A row other than the anchor and its current successor, to right after the anchor.
            var id = anchor
            while id == anchor { id = expected[Int(random.next() % UInt64(expected.count))] }
            expected.removeAll { $0 == id }
            let at = expected.firstIndex(of: anchor)! + 1
            let next = at < expected.count ? expected[at] : nil
            expected.insert(id, at: at)
            let written = try await source.move(NotesFixture.move(id, to: "F0", after: anchor, before: next)).rowsWritten
            #expect(written >= 1 && written <= policy.maximumRowsWritten, "seed \(seed) step \(step)")
            if written > 1 { rebalances += 1 }
        }
        #expect(rebalances >= 1, "seed \(seed): 200 insertions at one spot grow keys past 12 digits")
        #expect(try fixture.folders(source.database)["F0"] == expected, "seed \(seed)")
        let positions = try fixture.positions(source.database)
        #expect(Set(positions).count == positions.count)
        #expect(positions.allSatisfy { $0.utf8.count <= policy.maximumKeyLength })
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "\(probe.failures)")
    }

    @Test func movesRaceAnotherWritersMovesAndKeepKeysDistinct() async throws {
        let (fixture, source, _, probe) = try await Self.start(rows: 200, folders: 2)
        defer { fixture.remove() }
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("SQLiteEditingTests seed \(seed)")
        // A second source on its own connection pool: another writer, on other threads.
        let otherSource = try fixture.source()
        let plan: [(Int64, Int64)] = {
            var random = SeededGenerator(seed: seed)
            return (0 ..< 60).map { _ in (Int64(1 + random.next() % 200), Int64(1 + random.next() % 200)) }
        }()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, writer) in [source, otherSource].enumerated() {
                group.addTask {
                    for (step, (id, previous)) in plan.enumerated() where step % 2 == index && id != previous {
                        // Same folder parity: both rows of F(id % 2); a previous of another folder falls back.
                        _ = try await writer.move(NotesFixture.move(id, to: "F\(id % 2)", after: previous, before: nil))
                    }
                }
            }
            try await group.waitForAll()
        }
        let positions = try fixture.positions(source.database)
        let folders = try fixture.folders(source.database)
        #expect(positions.count == 200 && folders.values.reduce(0) { $0 + $1.count } == 200)
        for (folder, ids) in folders {
            let keys = try await source.database.read { db in
                try String.fetchAll(db, sql: "SELECT position FROM note WHERE folder = ? ORDER BY position", arguments: [folder])
            }
            #expect(Set(keys).count == ids.count, "seed \(seed): duplicate keys in \(folder)")
        }
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "\(probe.failures)")
    }

    @Test func deletesRemoveListedRowsAndSkipMissingOnes() async throws {
        let (fixture, source, _, probe) = try await Self.start(rows: 30)
        defer { fixture.remove() }
        #expect(try await source.delete([1, 2, 3, 999]) == 3)
        #expect(try await source.delete([]) == 0)
        #expect(try fixture.folders(source.database).values.reduce(0) { $0 + $1.count } == 27)
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "\(probe.failures)")
    }

    @Test func errorsNameTheTableColumnAndRow() async throws {
        let fixture = try NotesFixture(rows: 10)
        defer { fixture.remove() }
        var options = SQLiteListSource<Int64, Int64, Note>.Options()
        options.ordering = ListOrdering(position: "rank", section: "folder")
        #expect {
            _ = try SQLiteListSource<Int64, Int64, Note>(path: fixture.path, query: NotesFixture.query, access: .owned, options: options)
        } throws: { error in
            guard let error = error as? SQLiteSourceError else { return false }
            return error.kind == .missingColumn && error.message.contains("\"rank\"") && error.message.contains("\"note\"")
        }
        options.ordering = ListOrdering(position: "position")   // sections, but no section column
        #expect(throws: SQLiteSourceError.self) {
            try SQLiteListSource<Int64, Int64, Note>(path: fixture.path, query: NotesFixture.query, access: .owned, options: options)
        }
        let source = try fixture.source()
        try await source.assignPositions()
        await #expect {
            try await source.move(NotesFixture.move(77, to: "F1", after: 1, before: nil))
        } throws: { error in
            guard let error = error as? SQLiteSourceError else { return false }
            return error.kind == .missingRow && error.message.contains("77") && error.message.contains("\"note\"")
        }
        // A neighbour whose position is not a key.
        try await source.database.write { db in try db.execute(sql: "UPDATE note SET position = 'a-b' WHERE id = 4") }
        await #expect {
            try await source.move(NotesFixture.move(7, to: "F1", after: 4, before: 10))
        } throws: { error in
            guard let error = error as? SQLiteSourceError else { return false }
            return error.kind == .invalidOrderKey && error.message.contains("a-b") && error.message.contains("4")
        }
        // A neighbour with no position.
        try await source.database.write { db in try db.execute(sql: "UPDATE note SET position = NULL WHERE id = 10") }
        await #expect {
            try await source.move(NotesFixture.move(7, to: "F1", after: 10, before: 13))
        } throws: { error in
            guard let error = error as? SQLiteSourceError else { return false }
            return error.kind == .invalidOrderKey && error.message.contains("row 10 ") && error.message.contains("NULL")
        }
        // A followed source writes nothing.
        let followed = try SQLiteListSource<Int64, Int64, Note>(path: fixture.path, query: NotesFixture.query, options: source.options)
        await #expect {
            try await followed.move(NotesFixture.move(1, to: "F1", after: nil, before: nil))
        } throws: { error in (error as? SQLiteSourceError)?.kind == .readOnly }
        // A numeric position column would turn keys into numbers.
        let numeric = try NotesFixture(rows: 1, positionType: "INTEGER")
        defer { numeric.remove() }
        #expect {
            _ = try numeric.source()
        } throws: { error in
            guard let error = error as? SQLiteSourceError else { return false }
            return error.kind == .invalidQuery && error.message.contains("INTEGER") && error.message.contains("\"position\"")
        }
    }
}
