import Foundation
import GRDB
import GRDBSQLite
import ListAdapter

/// The one streamed entry query: `sqlite3_step` straight into a snapshot builder.
///
/// No `Row`, no Codable: identifiers and summaries are read from the statement's columns
/// by ``SQLiteValue``, and a section title becomes a `String` only when its bytes differ
/// from the previous row's (rows ordered by section share one string per section).
enum EntryScan {
    /// Runs the entry query on a reader of `database`, then builds the snapshot (off the
    /// connection).
    ///
    /// Specialised for the common identifier and summary types: the source is generic,
    /// and an unspecialised loop pays generic-metadata lookups and witness calls per row.
    @_specialize(where ID == Int64, Summary == Int64)
    @_specialize(where ID == Int64, Summary == NoSummary)
    @_specialize(where ID == Int64, Summary == Int64?)
    @_specialize(where ID == Int64, Summary == Double)
    @_specialize(where ID == Int64, Summary == String)
    @_specialize(where ID == Int, Summary == Int)
    @_specialize(where ID == String, Summary == Int64)
    @_specialize(where ID == String, Summary == NoSummary)
    @_specialize(where ID == String, Summary == String)
    static func load<ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue>(
        from database: any DatabaseReader, query: SQLiteListQuery, path: String, expectedCount: Int = 0
    ) async throws -> ListSnapshot<ID, Summary> {
        try await database.read { db in
            try run(db, query: query, path: path, expectedCount: expectedCount).build()
        }
    }

    /// Runs the entry query on `db` (a reader's connection) and returns the filled builder.
    /// `expectedCount` (the previous load's count) sizes the builder up front, so a reload
    /// does not grow its arrays by doubling.
    static func run<ID: Hashable & SQLiteValue, Summary: Equatable & SQLiteValue>(
        _ db: Database, query: SQLiteListQuery, path: String, expectedCount: Int = 0
    ) throws(SQLiteSourceError) -> ListSnapshot<ID, Summary>.Builder {
        let sql = query.entriesSQL
        let statement: Statement
        do {
            statement = try db.makeStatement(sql: sql)
            try statement.setArguments(query.arguments)
        } catch {
            throw SQLiteSourceError(error, path: path, sql: sql)
        }
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let capacity = expectedCount > 0 ? expectedCount + expectedCount / 32 + 16 : 0
        // The previous row's title bytes, to compare the next row's with (no ARC per row).
        var titleBytes = TitleBytes()
        defer { titleBytes.deallocate() }
        // Rows are staged in blocks and copied into the builder in bulk. A list longer than
        // one block is built on a second thread while this one reads on (the builder indexes
        // each block as it arrives), so the index costs little more than the reading.
        var staged = StagedRows<ID, Summary>()
        defer { staged.deallocate() }
        var pipeline: BuilderThread<ID, Summary>?
        var row = 0
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
                throw SQLiteSourceError(DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql), path: path, sql: sql)
            }
            row += 1
            guard let id = ID.read(handle, column: 0) else {
                throw SQLiteSourceError(.nullIdentifier, path: path, sql: sql, message: "row \(row) has a NULL identifier (\(query.identifier))")
            }
            guard let summary = Summary.read(handle, column: 2) else {
                throw SQLiteSourceError(
                    .nullSummary, path: path, sql: sql,
                    message: "row \(row) has a NULL summary (\(query.summary ?? "NULL")); use an Optional summary type if that is expected"
                )
            }
            // sqlite3_column_text is NULL for a NULL value: no separate type call.
            if let text = sqlite3_column_text(handle, 1) {
                let count = Int(sqlite3_column_bytes(handle, 1))
                if !titleBytes.equals(text, count: count) {
                    titleBytes.set(text, count: count)
                    staged.setSection(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
                }
            } else if !titleBytes.isNull {
                titleBytes.setNull()
                staged.setSection(nil)
            }
            if staged.append(id, summary) {
                if pipeline == nil { pipeline = BuilderThread(capacity: capacity) }
                pipeline?.submit(staged.takeBlock())
                yieldToWaitingThreads()
            }
        }
        if let pipeline {
            pipeline.submit(staged.takeBlock())
            return pipeline.finish()
        }
        var builder = ListSnapshot<ID, Summary>.Builder()
        staged.takeBlock().apply(to: &builder)
        return builder
    }
}

/// The bytes of the section title last seen by the scan, in a buffer that grows as needed,
/// or "NULL". A plain buffer rather than an `Array`, so comparing costs no reference counting.
struct TitleBytes {
    private var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    private var capacity = 64
    private var count = -1      // -1: NULL (the state before the first row)

    var isNull: Bool { count < 0 }

    func equals(_ text: UnsafePointer<UInt8>, count: Int) -> Bool {
        self.count == count && memcmp(buffer, text, count) == 0
    }

    mutating func set(_ text: UnsafePointer<UInt8>, count: Int) {
        if count > capacity {
            buffer.deallocate()
            capacity = max(count, capacity * 2)
            buffer = .allocate(capacity: capacity)
        }
        buffer.update(from: text, count: count)
        self.count = count
    }

    mutating func setNull() { count = -1 }

    func deallocate() { buffer.deallocate() }
}

/// Rows read by the scan but not yet in the builder: a fixed buffer, so that a row costs
/// two stores instead of three growing-array appends, taken as a ``RowBlock``.
struct StagedRows<ID: Hashable & Sendable, Summary: Equatable & Sendable> {
    static var capacity: Int { 8_192 }
    private let ids = UnsafeMutablePointer<ID>.allocate(capacity: Self.capacity)
    private let summaries = UnsafeMutablePointer<Summary>.allocate(capacity: Self.capacity)
    private var count = 0
    /// Where each section's rows start in the buffer; the first run continues the
    /// previous block's section.
    private var runs: [RowBlock<ID, Summary>.Run] = [.init(start: 0, title: nil)]

    /// Stages a row; true when the buffer is full and must be taken.
    @inline(__always)
    mutating func append(_ id: ID, _ summary: Summary) -> Bool {
        (ids + count).initialize(to: id)
        (summaries + count).initialize(to: summary)
        count += 1
        return count == Self.capacity
    }

    /// The rows staged from now on belong to section `title`.
    mutating func setSection(_ title: String?) {
        if runs[runs.count - 1].start == count { runs.removeLast() }
        runs.append(.init(start: count, title: title))
    }

    /// The staged rows as a block, leaving the buffer empty (in the same section).
    mutating func takeBlock() -> RowBlock<ID, Summary> {
        let block = RowBlock(
            ids: ContiguousArray(UnsafeBufferPointer(start: ids, count: count)),
            summaries: ContiguousArray(UnsafeBufferPointer(start: summaries, count: count)),
            runs: runs
        )
        ids.deinitialize(count: count)
        summaries.deinitialize(count: count)
        count = 0
        runs = [.init(start: 0, title: runs[runs.count - 1].title)]
        return block
    }

    /// Frees the buffer (and any rows still staged, after an error).
    mutating func deallocate() {
        ids.deinitialize(count: count)
        summaries.deinitialize(count: count)
        count = 0
        ids.deallocate()
        summaries.deallocate()
    }
}

/// A block of scanned rows on its way to the builder, in runs of one section each.
struct RowBlock<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    struct Run: Sendable {
        let start: Int
        let title: String?
    }

    let ids: ContiguousArray<ID>
    let summaries: ContiguousArray<Summary>
    let runs: [Run]

    /// Appends the block's rows to `builder`, each run in its section.
    func apply(to builder: inout ListSnapshot<ID, Summary>.Builder) {
        for (number, run) in runs.enumerated() {
            let end = number + 1 < runs.count ? runs[number + 1].start : ids.count
            builder.setSection(run.title)
            builder.append(contentsOf: ids[run.start ..< end], summaries: summaries[run.start ..< end])
        }
    }
}

/// A builder that lives on a thread of its own: the scan hands it blocks and reads on while
/// it appends and indexes them.
final class BuilderThread<ID: Hashable & Sendable, Summary: Equatable & Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `builder` is only touched on `queue`.
    private let queue = DispatchQueue(label: "ListAdapterSQLite.EntryScan.builder")
    private var builder: ListSnapshot<ID, Summary>.Builder

    init(capacity: Int) {
        builder = ListSnapshot<ID, Summary>.Builder(indexingWhileAppending: true)
        if capacity > 0 { builder.reserveCapacity(capacity) }
    }

    /// Queues `block` for appending. Returns at once.
    func submit(_ block: RowBlock<ID, Summary>) {
        queue.async {
            block.apply(to: &self.builder)
            yieldToWaitingThreads()
        }
    }

    /// Waits for the blocks submitted so far and hands over the builder.
    func finish() -> ListSnapshot<ID, Summary>.Builder {
        queue.sync {
            defer { builder = ListSnapshot<ID, Summary>.Builder() }
            return builder
        }
    }
}

/// Lets a thread that is waiting for this core run now, between two blocks of a load
/// (every 1-2 ms at most), rather than when the scheduler's time slice ends: a load of a
/// million rows keeps both cores of a small machine busy for a fifth of a second, and the
/// payload fetch for a row coming into view should not wait that slice out.
@inline(__always)
func yieldToWaitingThreads() {
    #if canImport(Glibc)
    _ = sched_yield()
    #endif
}
