import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import Testing

/// `changeLogIsInstalled()` and `removeChangeLog()`: removal takes the listed table's
/// triggers (writes stop being logged) and the log table only once no table's triggers
/// write to it; a followed source may not remove it.
@Suite("SQLiteListSource change log removal")
struct SQLiteChangeLogRemovalTests {
    typealias Source = SQLiteListSource<Int64, Int64, Message>

    static func owned(_ fixture: MailFixture, table: String) throws -> Source {
        var options = Source.Options()
        options.changeLog = true
        return try Source(path: fixture.path, query: SQLiteListQuery(table: table, identifier: "id", order: "id"), access: .owned, options: options)
    }

    static func logEntries(_ source: Source) throws -> Int {
        try source.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM listadapter_change_log") ?? -1 }
    }

    @Test func removalTakesTheTriggersAndTheLogOnceNoTableWritesToIt() throws {
        let fixture = try MailFixture(rows: 3)
        defer { fixture.remove() }
        let message = try Self.owned(fixture, table: "message")
        let unrelated = try Self.owned(fixture, table: "unrelated")
        #expect(try !message.changeLogIsInstalled())
        try message.installChangeLog()
        try unrelated.installChangeLog()
        #expect(try message.changeLogIsInstalled() && unrelated.changeLogIsInstalled())
        try message.removeChangeLog()
        #expect(try !message.changeLogIsInstalled())
        #expect(try unrelated.changeLogIsInstalled())
        // The other table's writes are still logged; this one's no longer.
        let before = try Self.logEntries(message)
        try message.database.write { db in
            try db.execute(sql: "UPDATE message SET version = 2")
            try db.execute(sql: "INSERT INTO unrelated (note) VALUES ('n')")
        }
        #expect(try Self.logEntries(message) == before + 1)
        try unrelated.removeChangeLog()
        let left = try message.database.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'listadapter%'") }
        #expect(left.isEmpty, "\(left)")
    }

    /// A removal sticks: a load (an attached source retries failed loads, say) does not put
    /// the change log back behind the caller's back; it fails naming the removal, and an
    /// explicit install ends that.
    @Test func aLoadAfterTheRemovalFailsInsteadOfInstallingItAgain() async throws {
        let fixture = try MailFixture(rows: 3)
        defer { fixture.remove() }
        var options = Source.Options()
        options.changeLog = true
        let source = try Source(path: fixture.path, query: MailFixture.query, access: .owned, options: options)
        #expect(try await source.loadBaseline().count == 3)
        #expect(try source.changeLogIsInstalled())
        try source.removeChangeLog()
        do {
            _ = try await source.loadBaseline()
            Issue.record("a load after removeChangeLog() succeeded")
        } catch let error as SQLiteSourceError {
            #expect(error.kind == .invalidQuery)
            #expect("\(error)".contains("removeChangeLog()"), "\(error)")
        }
        #expect(try !source.changeLogIsInstalled())
        try source.installChangeLog()
        #expect(try await source.loadBaseline().count == 3)
        #expect(try source.changeLogIsInstalled())
    }

    @Test func aFollowedSourceMayNotRemoveIt() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let followed = try Source(path: fixture.path, query: MailFixture.query)
        #expect(throws: SQLiteSourceError.self) { try followed.removeChangeLog() }
        #expect(try !followed.changeLogIsInstalled())
    }
}
