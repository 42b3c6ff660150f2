import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// A person's move while another process writes the same file at its destination: the
/// move ends confirmed exactly when its write landed, with no failure note, and the view
/// never shows the row where the write did not put it.
@MainActor
@Suite("SQLite source: a move ends as its write did", .hangGuard)
struct SQLiteMoveLandingTests {
    typealias Source = SQLiteListSource<Int64, Int64, Note>
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Note>

    /// Forty notes in four folders with keys, an adapter showing them, another process on
    /// the same file.
    static func start(busyTimeout: Duration? = nil) async throws -> (NotesFixture, Source, ListViewAdapter<Int64, Int64, Note>, Probe, SQLWriterProcess) {
        let fixture = try NotesFixture(rows: 40, folders: 4)
        var options = Source.Options()
        options.ordering = ListOrdering(position: "position", section: "folder")
        if let busyTimeout { options.busyTimeout = busyTimeout }
        let source = try Source(path: fixture.path, query: NotesFixture.query, access: .owned, options: options)
        try await source.assignPositions(orderedBy: "folder, id")
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        let other = try await SQLWriterProcess(path: fixture.path)
        #expect(await probe.recorder.wait(atMost: .seconds(120)) { _ in probe.recorder.reloadCount == 1 }, "no first list")
        return (fixture, source, adapter, probe, other)
    }

    /// The keys of a folder's rows, in order.
    static func keys(of folder: String, _ source: Source) async throws -> [(id: Int64, key: String)] {
        try await source.database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, position FROM note WHERE folder = ? ORDER BY position", arguments: [folder]).map { ($0["id"], $0["position"]) }
        }
    }

    /// Waits for the person's one edit to end; records an issue here if it does not.
    static func end(of probe: Probe, sourceLocation: SourceLocation = #_sourceLocation) async -> Result<ListEdit<Int64>, ListEditError<Int64>>? {
        let ended = await probe.recorder.wait(atMost: .seconds(120)) { _ in !probe.editResults.isEmpty || !probe.failures.isEmpty }
        if !ended { Issue.record("the move did not end within 120 s", sourceLocation: sourceLocation) }
        return probe.editResults.first
    }

    /// The paths of `id` in the lists the views were given from event `start` on.
    static func pathsShown(of id: Int64, _ probe: Probe, from start: Int) -> [ItemPath?] {
        probe.recorder.events[start...].compactMap { event in
            switch event {
            case .reload(let list): list.path(of: id)
            case .batch(let batch, _): batch.after.path(of: id)
            default: nil
            }
        }
    }

    /// The person drops row 14 at the top of F1; just before the write, the other process
    /// puts three new rows at the top of F1. The database has the row first (the write
    /// says so), the view shows it first all along, and the move ends confirmed.
    @Test func aMoveToTheTopStaysFirstWhenAnotherProcessPutsRowsThere() async throws {
        let (fixture, source, adapter, probe, other) = try await Self.start()
        defer { fixture.remove() }
        let f1 = adapter.snapshot.sectionTitles.firstIndex(of: "F1")!
        let f2 = adapter.snapshot.sectionTitles.firstIndex(of: "F2")!
        let first = try await Self.keys(of: "F1", source)[0]
        let newKeys = try OrderKey.keys(count: 3, between: nil, and: first.key)
        let insert = "INSERT INTO note (id, folder, position, title) VALUES " + zip(901 ... 903, newKeys).map { "(\($0), 'F1', '\($1)', 'new')" }.joined(separator: ", ")
        let start = probe.recorder.events.count
        let move = try probe.moveInteractively(from: ItemPath(section: f2, item: 3), to: ItemPath(section: f1, item: 0)) { move in
            try await writing(before: { try await other.run(insert) }) { try await source.move(move) }
        }.get()
        #expect(move.previous == nil && move.next == first.id)
        let result = await Self.end(of: probe)
        let order = try await Self.keys(of: "F1", source).map(\.id)
        #expect(order.prefix(5) == [move.id, 901, 902, 903, first.id], "the write put the row first")
        #expect((try? result?.get()) == .move(move), "a move whose write landed ended \(String(describing: result))")
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "\(probe.failures)")
        let paths = Self.pathsShown(of: move.id, probe, from: start)
        #expect(paths.allSatisfy { $0 == ItemPath(section: f1, item: 0) }, "the row left the top: \(paths)")
        #expect(probe.failures.isEmpty, "\(probe.failures)")
        await other.finish()
    }

    /// The other process has a trigger put a row on each side of the moved row as the move
    /// lands, in the move's own commit, so that no list ever has the row between its
    /// neighbours. The write landed: the move ends confirmed, with no note.
    @Test func aLandedMoveIsConfirmedThoughAnotherWritersRowsNowSitOnBothSidesOfIt() async throws {
        let (fixture, source, adapter, probe, other) = try await Self.start()
        defer { fixture.remove() }
        let f1 = adapter.snapshot.sectionTitles.firstIndex(of: "F1")!
        let f2 = adapter.snapshot.sectionTitles.firstIndex(of: "F2")!
        let keys = try await Self.keys(of: "F1", source)
        let (previous, next) = (keys[2], keys[3])
        // The key the move will write, and keys on each side of it.
        let moved = try #require(try OrderKeyRebalancePolicy().singleKey(between: previous.key, and: next.key))
        let above = try OrderKey.key(between: previous.key, and: moved), below = try OrderKey.key(between: moved, and: next.key)
        let rowID = adapter.snapshot.identifier(at: ItemPath(section: f2, item: 1))
        try await other.run(
            "CREATE TRIGGER other_writer AFTER UPDATE OF position ON note WHEN NEW.id = \(rowID) BEGIN "
                + "INSERT INTO note (id, folder, position, title) VALUES (911, 'F1', '\(above)', 'new'), (912, 'F1', '\(below)', 'new'); END"
        )
        let move = try probe.moveInteractively(from: ItemPath(section: f2, item: 1), to: ItemPath(section: f1, item: 3)) { move in
            try await source.move(move)
        }.get()
        #expect(move.id == rowID && move.previous == previous.id && move.next == next.id)
        let result = await Self.end(of: probe)
        let order = try await Self.keys(of: "F1", source).map(\.id)
        #expect(order[2 ... 6] == [previous.id, 911, move.id, 912, next.id])
        #expect((try? result?.get()) == .move(move), "a move whose write landed ended \(String(describing: result))")
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "\(probe.failures)")
        #expect(probe.failures.isEmpty, "\(probe.failures)")
        await other.finish()
    }

    /// The other process deletes the row just before the write: nothing is written, the
    /// move ends undone with the source's typed error, and the row goes straight to gone,
    /// never back at its old place.
    @Test func aRowAnotherProcessDeletesMidMoveGoesStraightToGone() async throws {
        let (fixture, source, adapter, probe, other) = try await Self.start()
        defer { fixture.remove() }
        let f1 = adapter.snapshot.sectionTitles.firstIndex(of: "F1")!
        let f2 = adapter.snapshot.sectionTitles.firstIndex(of: "F2")!
        let oldPath = ItemPath(section: f2, item: 2)
        let rowID = adapter.snapshot.identifier(at: oldPath)
        let updates = try fixture.updates(source.database)
        let start = probe.recorder.events.count
        probe.moveInteractively(from: oldPath, to: ItemPath(section: f1, item: 1)) { move in
            try await writing(before: { try await other.run("DELETE FROM note WHERE id = \(rowID)") }) { try await source.move(move) }
        }
        let result = await Self.end(of: probe)
        guard case .failure(let error)? = result else {
            Issue.record("the move of a deleted row did not end undone: \(String(describing: result))")
            return
        }
        #expect(error.kind == .writeFailed && (error.underlying as? SQLiteSourceError)?.kind == .missingRow, "\(error)")
        #expect(try fixture.updates(source.database) == updates, "nothing was written")
        #expect(await probe.waitUntilShowing(try fixture.plainSnapshot(source.database)), "\(probe.failures)")
        let paths = Self.pathsShown(of: rowID, probe, from: start)
        #expect(!paths.contains(oldPath), "the row flashed back at its old place: \(paths)")
        #expect(probe.failures.isEmpty, "\(probe.failures)")
        await other.finish()
    }

    /// The other process holds the write lock past the source's busy timeout: the write
    /// fails, nothing is written, and the move ends undone with `locked`, the row back.
    @Test func aMoveWhileAnotherProcessHoldsTheLockIsUndoneWithATypedError() async throws {
        let (fixture, source, adapter, probe, other) = try await Self.start(busyTimeout: .milliseconds(300))
        defer { fixture.remove() }
        let f1 = adapter.snapshot.sectionTitles.firstIndex(of: "F1")!
        let f2 = adapter.snapshot.sectionTitles.firstIndex(of: "F2")!
        let before = try fixture.plainSnapshot(source.database)
        try await other.run("BEGIN IMMEDIATE")
        let move = try probe.moveInteractively(from: ItemPath(section: f2, item: 0), to: ItemPath(section: f1, item: 0)) { move in
            try await source.move(move)
        }.get()
        let result = await Self.end(of: probe)
        try await other.run("ROLLBACK")
        guard case .failure(let error)? = result else {
            Issue.record("a move whose write could not take the lock did not end undone: \(String(describing: result))")
            return
        }
        #expect(error.kind == .writeFailed && (error.underlying as? SQLiteSourceError)?.kind == .locked, "\(error)")
        #expect(try fixture.plainSnapshot(source.database) == before, "nothing was written")
        #expect(adapter.path(of: move.id) == ItemPath(section: f2, item: 0), "the row is back")
        #expect(await probe.waitUntilShowing(before), "\(probe.failures)")
        #expect(probe.failures.isEmpty, "\(probe.failures)")
        await other.finish()
    }
}

/// Runs `before`, then the write, then `after`, and answers what the write answered (the
/// source's receipt): a write closure of one expression, so that the adapter takes the
/// answer as the app's write would.
func writing<Answer>(
    before: () async throws -> Void = {}, _ write: () async throws -> Answer, after: () async throws -> Void = {}
) async throws -> Answer {
    try await before()
    let answer = try await write()
    try await after()
    return answer
}
