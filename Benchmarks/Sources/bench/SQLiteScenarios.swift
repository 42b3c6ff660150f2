import Foundation
import GRDB
import GRDBSQLite
import ListAdapter
import ListAdapterSQLite

/// Loading entries from SQLite, and memory per item.
enum SQLiteScenarios {
    typealias Source = SQLiteListSource<Int64, Int64, MailDatabase.Message>

    static func query() -> SQLiteListQuery {
        SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version", order: "day DESC, id")
    }

    static func load(size: Int, directory: URL) async throws -> [Measurement] {
        let database = try MailDatabase(count: size, directory: directory)
        let pool = try DatabasePool(path: database.path)
        let source = Source(database: pool, query: query())
        _ = try await source.loadEntries()                               // warm the page cache
        var raw: [Double] = []
        var ours: [Double] = []
        for _ in 0 ..< 9 {
            let start = DispatchTime.now().uptimeNanoseconds
            let rows = try await pool.read { db -> Int in
                let statement = try db.makeStatement(sql: MailDatabase.listSQL)
                let handle = statement.sqliteStatement
                var rows = 0
                var checksum: Int64 = 0
                while sqlite3_step(handle) == SQLITE_ROW {
                    checksum &+= sqlite3_column_int64(handle, 0) &+ sqlite3_column_int64(handle, 2)
                    if let text = sqlite3_column_text(handle, 1) { checksum &+= Int64(text[0]) }
                    rows += 1
                }
                sqlite3_reset(handle)
                blackHole(checksum)
                return rows
            }
            raw.append(milliseconds(since: start))
            precondition(rows == size)
            let ourStart = DispatchTime.now().uptimeNanoseconds
            let snapshot = try await source.loadEntries()
            ours.append(milliseconds(since: ourStart))
            precondition(snapshot.count == size)
        }
        let figure = percentile(ours, 0.5)
        let baseline = percentile(raw, 0.5)
        return [Measurement(
            scenario: "initial load from SQLite (id, section, summary)", size: size, figure: figure, baseline: baseline,
            unit: "ms", target: "<= 1.2x the raw sqlite3_step loop at 1M", passed: size >= 1_000_000 ? figure <= 1.2 * baseline : nil
        )]
    }

    /// Resident memory per item of an adapter that has loaded and delivered the list,
    /// against loading the full records into memory. Run first, in a fresh process.
    static func memory(size: Int, directory: URL) async throws -> [Measurement] {
        let database = try MailDatabase(count: size, directory: directory)
        let pool = try DatabasePool(path: database.path)
        _ = try await Source(database: pool, query: query()).loadEntries()  // page cache and SQLite's own caches
        releaseFreedMemory()                                                // that load's memory, freed
        let before = residentBytes()
        let delivery = DispatchQueue(label: "bench.delivery")
        var configuration = ListViewAdapterConfiguration()
        configuration.deliveryQueue = delivery
        let adapter = ListViewAdapter(source: Source(database: pool, query: query()), configuration: configuration)
        let observation = await observeFirstReload(of: adapter, on: delivery)
        let adapterBytes = residentBytes() - before
        releaseFreedMemory()
        let recordsBefore = residentBytes()
        let records = try await pool.read { db in try MailDatabase.Message.fetchAll(db, sql: "SELECT * FROM message ORDER BY day DESC, id") }
        let recordBytes = residentBytes() - recordsBefore
        blackHole(records)
        observation.cancel()
        let figure = Double(adapterBytes) / Double(size)
        let storage = try await Source(database: pool, query: query()).loadEntries().storageByteCount
        return [Measurement(
            scenario: "memory per item after load (RSS delta / n)", size: size, figure: figure,
            baseline: Double(recordBytes) / Double(size), unit: "B", target: "<= 48 B/item", passed: figure <= 48,
            note: String(format: "the snapshot's own storage: %.1f B/item", Double(storage) / Double(size))
        )]
    }
}
