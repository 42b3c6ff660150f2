import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Synchronization
import Testing
import TestSupport

/// Counts the loads of a wrapped source (the SQLite one, unchanged).
final class CountingSource<Wrapped: ListDataSource>: ListDataSource {
    typealias ID = Wrapped.ID
    typealias Summary = Wrapped.Summary
    typealias Item = Wrapped.Item

    let wrapped: Wrapped
    private let loads = Atomic<Int>(0)

    init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    var loadCount: Int { loads.load(ordering: .relaxed) }

    func loadEntries() async throws -> ListSnapshot<ID, Summary> {
        loads.add(1, ordering: .relaxed)
        return try await wrapped.loadEntries()
    }

    func fetchItems(_ ids: [ID]) async throws -> [ID: Item] { try await wrapped.fetchItems(ids) }
    func attach(_ invalidation: ListInvalidation) { wrapped.attach(invalidation) }
    func detach() { wrapped.detach() }
}

@MainActor
@Suite("SQLite source: noticing changes", .hangGuard)
struct SQLiteChangeTests {
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Message>

    @Test func ownConnectionWritesArriveAsBatchesThatApplyCleanly() async throws {
        let fixture = try MailFixture(rows: 300, days: 6)
        defer { fixture.remove() }
        let source = try fixture.source()
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        #expect(adapter.snapshot.count == 300)
        for round in 0 ..< 5 {
            try await source.database.write { db in
                try db.execute(sql: "DELETE FROM message WHERE id % 17 = ?", arguments: [round])
                try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id % 13 = ?", arguments: [round])
                try db.execute(sql: "UPDATE message SET day = '2026-12-0\(round)' WHERE id % 29 = ?", arguments: [round])
                try db.execute(sql: "INSERT INTO message (day, subject) VALUES ('2026-11-0\(round)', 'new')")
            }
            let truth = try fixture.plainSnapshot(source.database)
            #expect(await probe.waitUntilShowing(truth), "round \(round): \(probe.failures)")
        }
        #expect(probe.failures.isEmpty)
    }

    @Test(arguments: [false, true])
    func writesToUnrelatedTablesDoNotReload(watchingOtherConnections: Bool) async throws {
        // With the watch of other connections on (the default), the source's own commits
        // must not count as external ones either.
        let fixture = try MailFixture(rows: 20)
        defer { fixture.remove() }
        var options = SQLiteListSource<Int64, Int64, Message>.Options()
        options.watchesOtherConnections = watchingOtherConnections
        let source = CountingSource(try fixture.source(options: options))
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        let loads = source.loadCount
        for _ in 0 ..< 10 {
            try await source.wrapped.database.write { db in try db.execute(sql: "INSERT INTO unrelated (note) VALUES ('x')") }
        }
        // A related write afterwards: exactly one more load means the ten above caused none.
        try await source.wrapped.database.write { db in try db.execute(sql: "DELETE FROM message WHERE id = 1") }
        await probe.recorder.wait { _ in probe.recorder.batchCount == 1 }
        #expect(source.loadCount == loads + 1)
    }

    @Test func anotherProcessWritesAreNoticed() async throws {
        let fixture = try MailFixture(rows: 200, days: 4)
        defer { fixture.remove() }
        let source = try fixture.source()
        let adapter = ListViewAdapter(source: source)
        let probe = Probe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        // A real second process (Python's sqlite3 module) commits to the same file.
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=10)
            db.execute("DELETE FROM message WHERE id <= 10")
            db.execute("UPDATE message SET version = 9 WHERE id BETWEEN 11 AND 20")
            db.execute("INSERT INTO message (day, subject) VALUES ('2026-12-25', 'from another process')")
            db.commit()
            db.close()
            """
        #expect(try await PythonPeer.run(script: script, arguments: [fixture.path]) == 0)
        let truth = try fixture.plainSnapshot(source.database)
        #expect(truth.count == 191)
        #expect(await probe.waitUntilShowing(truth), "\(probe.failures)")
        #expect(adapter.snapshot == truth)
    }
}

/// The external-change watch is woken by the platform's file events (here inotify, through
/// the same `DatabaseFileEvents` protocol Apple platforms implement with dispatch sources),
/// not by its poll: with the poll an hour apart, another process's commit still arrives.
@MainActor
@Suite("SQLite source: woken by file events", .hangGuard)
struct SQLiteFileEventTests {
    @Test func anotherProcessesCommitWakesTheWatchWithoutPolling() async throws {
        let fixture = try MailFixture(rows: 20)
        defer { fixture.remove() }
        let (source, adapter, probe) = try await Self.followedWithoutPolling(fixture)
        defer { withExtendedLifetime(adapter) {} }
        let peer = try PythonPeer(script: """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=10)
            db.execute("UPDATE message SET version = version + 1 WHERE id = 3")
            db.commit()
            print("committed", flush=True)
            sys.stdin.read()
            """, arguments: [fixture.path])
        #expect(await peer.readLine() == "committed")
        let truth = try fixture.plainSnapshot(source.database)
        #expect(await probe.waitUntilShowing(truth), "\(probe.failures)")
        #expect(await peer.finish() == 0)
        #expect(SQLiteListSource<Int64, Int64, Message>.changeNotificationName(forPath: "/a/b.sqlite") == "listadapter.database-changed./a/b.sqlite")
    }

    /// A writer with `synchronous = FULL` (SQLite's and Python's default) writes its WAL
    /// frames, which wakes the watch, and makes the commit visible only after `fdatasync`
    /// returns, which raises no file event. On a busy disk that takes tens to hundreds of
    /// milliseconds; the watch looked 0, 1 and 4 ms after the event, so such commits
    /// waited for the slow poll (up to a second in the benchmark, 7 in 100 commits).
    /// Here the writer's `fdatasync` takes 300 ms (an `LD_PRELOAD` shim) and the poll is
    /// an hour apart: the commit must still arrive.
    @Test func aCommitVisibleLongAfterItsFileEventStillArrives() async throws {
        let fixture = try MailFixture(rows: 20)
        defer { fixture.remove() }
        let shim = try await Self.slowSyncShim(in: fixture.directory, milliseconds: 300)
        let (source, adapter, probe) = try await Self.followedWithoutPolling(fixture)
        defer { withExtendedLifetime(adapter) {} }
        let peer = try PythonPeer(script: """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            db.execute("PRAGMA synchronous = FULL")
            start = time.monotonic()
            db.execute("UPDATE message SET version = version + 1 WHERE id = 3")
            print("committed in %d ms" % ((time.monotonic() - start) * 1000), flush=True)
            sys.stdin.read()
            """, arguments: [fixture.path], environment: ["LD_PRELOAD": shim])
        let said = await peer.readLine() ?? ""
        // The shim really delayed the commit (else this test proves nothing).
        let milliseconds = Int(said.split(separator: " ").dropFirst(2).first ?? "") ?? 0
        #expect(milliseconds >= 300, "the writer said: \(said)")
        let truth = try fixture.plainSnapshot(source.database)
        #expect(await probe.waitUntilShowing(truth), "\(probe.failures)")
        #expect(await peer.finish() == 0)
    }

    /// A follower of `fixture` whose poll is an hour apart (only file events wake it), its
    /// adapter, loaded, and a probe on it.
    static func followedWithoutPolling(_ fixture: MailFixture) async throws -> (
        source: SQLiteListSource<Int64, Int64, Message>, adapter: ListViewAdapter<Int64, Int64, Message>,
        probe: ListViewAdapterProbe<Int64, Int64, Message>
    ) {
        var options = SQLiteListSource<Int64, Int64, Message>.Options()
        options.pollInterval = .seconds(3_600)
        let source = try fixture.source(access: .followed, options: options)
        let adapter = ListViewAdapter(source: source)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        return (source, adapter, probe)
    }

    /// Compiles a shared library whose `fdatasync` and `fsync` sleep `milliseconds` first:
    /// a slow disk, for the process it is preloaded into.
    static func slowSyncShim(in directory: URL, milliseconds: Int) async throws -> String {
        let source = directory.appendingPathComponent("slowsync.c").path
        let library = directory.appendingPathComponent("slowsync.so").path
        try """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <unistd.h>
            int fdatasync(int fd) {
                usleep(\(milliseconds) * 1000);
                return ((int (*)(int))dlsym(RTLD_NEXT, "fdatasync"))(fd);
            }
            int fsync(int fd) {
                usleep(\(milliseconds) * 1000);
                return ((int (*)(int))dlsym(RTLD_NEXT, "fsync"))(fd);
            }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let compiled = try await ChildProcess.run(["cc", "-shared", "-fPIC", "-o", library, source, "-ldl"])
        guard compiled.status == 0 else { throw ShimFailure(status: compiled.status) }
        return library
    }

    struct ShimFailure: Error, CustomStringConvertible {
        let status: Int32?
        var description: String {
            "cc could not build the slow-fsync shim (\(status.map { "exit \($0)" } ?? "killed after two minutes")); the tests need a C compiler"
        }
    }
}
