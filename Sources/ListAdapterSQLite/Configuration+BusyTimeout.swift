import GRDB
import GRDBSQLite

extension Configuration {
    /// Makes every connection of the database wait up to `timeout` for another
    /// connection's lock before failing with `SQLITE_BUSY`.
    ///
    /// `busyMode` alone covers a `DatabasePool`'s writer only: GRDB gives the pool's
    /// readers a fixed 10 s, so a read blocked by another process's exclusive lock (a
    /// rollback-journal database) would wait 10 s whatever the source's
    /// ``SQLiteListSource/Options/busyTimeout``. `prepareDatabase` runs after GRDB's own
    /// set-up, so the timeout set there wins.
    mutating func waitForLocks(upTo timeout: Duration) {
        let seconds = timeout.timeInterval
        busyMode = .timeout(seconds)
        let milliseconds = Int32(clamping: Int((seconds * 1_000).rounded(.up)))
        prepareDatabase { db in
            if let connection = db.sqliteConnection { _ = sqlite3_busy_timeout(connection, milliseconds) }
        }
    }
}
