import Foundation
import GRDB

extension DemoDatabase {
    /// Adds the indexes a demo database made by an older sample lacks (the by-sender
    /// index, ``MailGenerator/senderIndex``), saying so on standard error with the
    /// seconds it has taken, since at a million rows it takes a few seconds.
    ///
    /// An interrupted run adds nothing: the index is created in one transaction.
    ///
    /// - Returns: whether it added an index.
    /// - Throws: ``SampleError`` naming the database.
    func addMissingIndexes() throws(SampleError) -> Bool {
        do {
            let database = try DatabaseQueue(path: path)
            defer { try? database.close() }
            let present = try database.read { db in
                try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'index' AND name = 'message_by_sender'") ?? false
            }
            if present { return false }
            let ticker = ElapsedTicker(label: "adding the index that g (by sender) reads to the demo database (once)")
            defer { ticker.finish() }
            try database.write { db in try db.execute(sql: MailGenerator.senderIndex) }
            return true
        } catch {
            throw SampleError("cannot add the by-sender index to the demo database \(path): \(error); remove it to create it again")
        }
    }
}
