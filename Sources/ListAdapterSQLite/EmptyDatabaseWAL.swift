#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A followed database whose file is empty while a `-wal` file lies beside it.
///
/// SQLite deletes the WAL of a database file with no pages as soon as a connection first
/// reads it, read-only connections too (`pagerOpenWalIfPresent` in pager.c): following such
/// a file would delete another process's WAL, committed transactions and all, where a
/// follower must never write. The pair is damaged anyway (a WAL belongs to a database whose
/// file holds at least its header page: the file was cut), so the follower reports it as
/// corrupt and does not read it. Found by the sqlite-files fuzzer.
enum EmptyDatabaseWAL {
    /// Throws `corrupt` when the file at `path` is empty and `path-wal` exists.
    static func check(path: String) throws(SQLiteSourceError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size == 0 else { return }
        let wal = path + "-wal"
        guard access(wal, F_OK) == 0 else { return }
        throw SQLiteSourceError(
            .corrupt, path: path,
            message: "\(path) is empty but has a WAL beside it (\(wal)): SQLite would delete the WAL on reading, so the followed database is not read"
        )
    }
}
