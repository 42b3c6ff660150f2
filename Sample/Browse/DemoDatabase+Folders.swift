import Dispatch
import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite

/// The demo mailbox's folders, whose messages the person orders by hand (`f`): a `folder`
/// column and a `position` column of order keys, added once to a demo database made
/// without them.
extension DemoDatabase {
    /// The folders, as the list shows them (in title order).
    static let folders = ["Archive", "Family", "Inbox", "Receipts", "Work"]

    /// The list of folders: sections by folder, rows in the person's order.
    static let folderQuery = SQLiteListQuery(table: "message", identifier: "id", section: "folder", summary: "version", order: "folder, position")

    /// Where that order lives, for ``SQLiteListSource/move(_:)``.
    static let folderOrdering = ListOrdering(position: "position", section: "folder")

    /// Adds the folder and position columns, each message's folder (about half in
    /// Inbox), positions in date order, newest first, and the index the folder list reads;
    /// once. The index comes last, so a run interrupted before it (Ctrl-C, a kill) is done
    /// again in full by the next; then the write-ahead log is emptied. Returns whether it
    /// did the work.
    func addMissingFolders() throws(SampleError) -> Bool {
        do {
            let database = try DatabasePool(path: path)
            defer { try? database.close() }
            let (finished, hasColumns) = try database.read { db in
                (try db.indexes(on: "message").contains { $0.name == "message_by_folder" },
                 try db.columns(in: "message").contains { $0.name == "position" })
            }
            if finished { return false }
            let ticker = ElapsedTicker(label: "adding folders and a hand-made order to the demo database (once)")
            defer { ticker.finish() }
            try database.write { db in
                if !hasColumns {
                    try db.execute(sql: """
                        ALTER TABLE message ADD COLUMN folder TEXT NOT NULL DEFAULT 'Inbox';
                        ALTER TABLE message ADD COLUMN position TEXT;
                        """)
                }
                try db.execute(sql: """
                    UPDATE message SET folder = CASE (id * 7919) % 10
                        WHEN 0 THEN 'Archive' WHEN 1 THEN 'Family' WHEN 2 THEN 'Receipts' WHEN 3 THEN 'Receipts'
                        WHEN 4 THEN 'Work' WHEN 5 THEN 'Work' ELSE 'Inbox' END;
                    """)
            }
            var options = SQLiteListSource<Int64, Int64, DisplayRow>.Options()
            options.ordering = Self.folderOrdering
            let source = SQLiteListSource<Int64, Int64, DisplayRow>(database: database, query: Self.folderQuery, options: options)
            let result = Guarded<Result<Int, SQLiteSourceError>?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task {
                do throws(SQLiteSourceError) {
                    let count = try await source.assignPositions(orderedBy: "folder, date DESC, id DESC")
                    result.withLock { $0 = .success(count) }
                } catch {
                    result.withLock { $0 = .failure(error) }
                }
                done.signal()
            }
            done.wait()
            _ = try result.withLock { $0! }.get()
            try database.write { db in try db.execute(sql: "CREATE INDEX IF NOT EXISTS message_by_folder ON message(folder, position, version)") }
            // Rewriting every row left a write-ahead log as large as the table (about 400 MB
            // at a million rows), which stayed on disk beside it: copied back and emptied.
            _ = try database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            return true
        } catch {
            throw SampleError("cannot add folders to the demo database \(path): \(error); remove it to create it again")
        }
    }
}
