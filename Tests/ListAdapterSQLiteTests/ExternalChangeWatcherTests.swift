import ListAdapter
import Foundation
import GRDB
@testable import ListAdapterSQLite
import Testing

@Suite("The external-change watch")
struct ExternalChangeWatcherTests {
    /// A watch on `fixture`'s file, polling an hour apart, and what it reports (`true`: replaced).
    static func watch(_ fixture: MailFixture) throws -> (ExternalChangeWatcher, Guarded<[Bool]>) {
        let reports = Guarded<[Bool]>([])
        let watcher = try ExternalChangeWatcher(
            path: fixture.path, identity: FileIdentity(path: fixture.path), pollInterval: .seconds(3_600)
        ) { replaced in reports.withLock { $0.append(replaced) } }
        return (watcher, reports)
    }

    /// A replaced file is reported once, and then the watch stays quiet. It used to read
    /// the old file's version on through the new file's WAL, and wake the adapter for a
    /// failing load at every commit to the new file (101 loads for 100 commits, measured).
    @Test func aReplacedFileIsReportedOnceAndThenNothingMore() throws {
        let fixture = try MailFixture(rows: 20)
        defer { fixture.remove() }
        let (watcher, reports) = try Self.watch(fixture)
        defer { watcher.cancel() }
        let other = fixture.directory.appendingPathComponent("other.sqlite").path
        let creator = try DatabaseQueue(path: other)
        try creator.write { db in try db.execute(sql: "CREATE TABLE message (id INTEGER PRIMARY KEY, day TEXT)") }
        try creator.close()
        try FileManager.default.removeItem(atPath: fixture.path)
        try FileManager.default.moveItem(atPath: other, toPath: fixture.path)
        watcher.lookNow()
        #expect(reports.withLock { $0 } == [true])
        let writer = try DatabasePool(path: fixture.path)
        for round in 0 ..< 5 {
            try writer.write { db in try db.execute(sql: "INSERT INTO message (day) VALUES (?)", arguments: ["\(round)"]) }
            watcher.lookNow()
        }
        #expect(reports.withLock { $0 } == [true])
    }

    /// The oracle's other half: on the same file, other connections' commits are reported.
    @Test func anotherConnectionsCommitsAreReported() throws {
        let fixture = try MailFixture(rows: 20)
        defer { fixture.remove() }
        let (watcher, reports) = try Self.watch(fixture)
        defer { watcher.cancel() }
        let writer = try DatabasePool(path: fixture.path)
        try writer.write { db in try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = 1") }
        watcher.lookNow()
        #expect(reports.withLock { $0 }.first == false)
    }
}
