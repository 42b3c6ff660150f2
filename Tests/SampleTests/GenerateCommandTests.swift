import Foundation
import GRDB
import Testing

@Suite("sample generate")
struct GenerateCommandTests {
    @Test func createsASearchableMailDatabaseWithProgress() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("mail.sqlite").path
        let result = try SampleProcess.run(["generate", "--db", path, "--rows", "12000", "--sections", "30"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("created \(path): 12000 messages"))
        #expect(result.standardError.contains("100%"))
        let database = try DatabaseQueue(path: path)
        let (count, days, longestBody) = try database.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM message") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(DISTINCT day) FROM message") ?? 0,
                try Int.fetchOne(db, sql: "SELECT max(length(body)) FROM message") ?? 0
            )
        }
        #expect(count == 12_000)
        #expect((29 ... 31).contains(days))
        #expect(longestBody >= 200)
        // The FTS index follows the table, including later writes.
        let matches = try database.write { db -> (Int, Int) in
            let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM message_search WHERE message_search MATCH 'zebra'") ?? -1
            try db.execute(sql: "UPDATE message SET subject = 'Zebra crossing' WHERE id = 7")
            let after = try Int.fetchOne(db, sql: "SELECT count(*) FROM message_search WHERE message_search MATCH 'zebra'") ?? -1
            return (before, after)
        }
        #expect(matches == (0, 1))
        // Never overwrites.
        let again = try SampleProcess.run(["generate", "--db", path, "--rows", "5"])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already exists"))
    }
}
