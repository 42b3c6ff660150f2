import Foundation
import GRDB
import Testing
@testable import Sample

/// The SQL `sample browse --columns` builds: every name quoted, embedded quotes doubled.
@Suite("sample browse, names")
struct BrowseCommandTests {
    // The quoting itself is the library's `sqlQuotedIdentifier` (SQLiteIdentityTests).
    @Test func identifiersAreQuotedWithEmbeddedQuotesDoubled() {
        #expect(BrowseCommand.selectShowing([#"a"b"#], from: "t") == #"SELECT rowid, *, "a""b" AS "shown_a""b" FROM "t""#)
    }

    @Test func hostileTableNamesAreOneNameNeverMoreSQL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browse-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.sqlite").path
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(sql: #"CREATE TABLE message (id INTEGER PRIMARY KEY, "sub""ject" TEXT); INSERT INTO message VALUES (1, 'x')"#)
            try db.execute(sql: #"CREATE TABLE "we""ird" (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO "we""ird" VALUES (1, 'y')"#)
        }
        try database.close()
        // An injection attempt is a table that does not exist, not a query that lists nothing.
        let injected = try SampleProcess.run(["browse", "--db", path, "--table", #"message" WHERE 0 --"#, "--columns", "id"])
        #expect(injected.status == 2)
        #expect(injected.standardError.split(separator: "\n") == [
            #"Error: missingTable: table "message"" WHERE 0 --" in \#(path): no such table: message" WHERE 0 --"#,
        ])
        // Names with quotes are found; the only complaint left is the missing terminal.
        for (table, column) in [(#"we"ird"#, "name"), ("message", #"sub"ject"#)] {
            let odd = try SampleProcess.run(["browse", "--db", path, "--table", table, "--columns", column])
            #expect(odd.status == 2)
            #expect(odd.standardError.contains("browse needs an interactive terminal"), "\(table): \(odd.standardError)")
        }
    }
}
