import Foundation
import GRDB
import ListAdapterSQLite
import Testing

/// A WITHOUT ROWID table whose b-tree holds one key out of order (one byte of `tag-004`
/// turned into `tag2004`): SQLite answers `name IN (SELECT value FROM json_each(?))` with
/// the damaged row although it was not asked for, and does not report the damage. The
/// payload fetch used to hand that row to the adapter. Found by the sqlite-files fuzzer
/// (Fuzz/README.md, reproducer `SwexMjIRHACAOv7sSwexMjIRHACAOg==`, base64: the seed
/// `without-rowid` with that byte changed).
@Suite("SQLite source: a fetch answered with a row that was not asked for", .hangGuard)
struct SQLiteStrayRowTests {
    struct Tag: FetchableRecord, Decodable, Sendable {
        var name: String
        var category: String?
        var weight: Int64
    }

    typealias Source = SQLiteListSource<String, Int64, Tag>

    static let query = SQLiteListQuery(table: "tag", identifier: "name", section: "category", summary: "weight", order: "category, name")

    /// The fuzzer's seed: 150 tags in 1,024-byte pages (Fuzz/make-sqlite-corpus.py).
    static func seedDatabase(at path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = 1024") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE tag (name TEXT PRIMARY KEY, category TEXT, weight INTEGER NOT NULL) WITHOUT ROWID")
            for id in 1 ... 150 {
                let name = "tag-" + String(format: "%03d", id * 31 % 151)
                try db.execute(sql: "INSERT INTO tag VALUES (?, ?, ?)", arguments: [name, id % 29 == 0 ? nil : "c\(id % 4)", id % 5])
            }
        }
        try queue.close()
    }

    /// The file's bytes with `tag-004` turned into `tag2004` at its `occurrence`th place
    /// (a leaf cell, or a divider key on an interior page); `nil` past the last one.
    static func damaged(_ bytes: [UInt8], occurrence: Int) -> [UInt8]? {
        let key = Array("tag-004".utf8)
        var found = 0
        for start in 0 ... bytes.count - key.count where bytes[start ..< start + key.count].elementsEqual(key) {
            if found == occurrence {
                var copy = bytes
                copy[start + 3] = UInt8(ascii: "2")
                return copy
            }
            found += 1
        }
        return nil
    }

    /// What SQLite itself answers for the first 8 listed identifiers and two absent ones:
    /// the identifiers it returned that were not asked for.
    static func strayRows(at path: String, asked: [String]) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let json = String(data: try JSONEncoder().encode(asked), encoding: .utf8)!
        let returned = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM tag WHERE name IN (SELECT value FROM json_each(?))", arguments: [json])
        }
        return returned.filter { !asked.contains($0) }
    }

    @Test func aRowThatWasNotAskedForFailsTheFetchAsCorruptNamingTheFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-stray-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seedPath = directory.appendingPathComponent("seed.sqlite").path
        try Self.seedDatabase(at: seedPath)
        let seed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: seedPath)))

        // Every place the key is stored, damaged in turn: at least one of them must make SQLite
        // return the stray row (else this test would prove nothing), and for every one the
        // source must either leave it out or fail as corrupt, never hand it over.
        var reproduced = 0
        var occurrence = 0
        while let bytes = Self.damaged(seed, occurrence: occurrence) {
            defer { occurrence += 1 }
            let path = directory.appendingPathComponent("damaged-\(occurrence).sqlite").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let source = try Source(path: path, query: Self.query, access: .owned)
            let listed = try await source.loadEntries().entries.map(\.id)
            let asked = Array(listed.prefix(8)) + ["", "tag-999"]
            let stray = try Self.strayRows(at: path, asked: asked)
            if !stray.isEmpty { reproduced += 1 }
            do {
                let items = try await source.fetchSummarizedItems(asked)
                #expect(stray.isEmpty, "damaged copy \(occurrence): SQLite returned \(stray), the fetch did not fail")
                #expect(Set(items.keys).isSubset(of: asked), "damaged copy \(occurrence): fetched \(items.keys.sorted())")
            } catch let error as SQLiteSourceError {
                #expect(error.kind == .corrupt, "damaged copy \(occurrence): \(error)")
                #expect(error.path == path)
                #expect("\(error)".contains("tag2004"), "the error names the row: \(error)")
            }
        }
        #expect(occurrence > 0, "the seed holds the key tag-004")
        #expect(reproduced > 0, "no damaged copy made SQLite return a row that was not asked for (\(occurrence) tried)")
    }
}
