#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A followed database whose file is empty while a `-wal` file lies beside it. "Empty" as
/// SQLite sees it: 0 bytes, or 1 (its unix VFS reports a 1-byte file as 0 bytes, a
/// workaround for a byte it once wrote into new files: `unixFileSize`, ticket #3260).
///
/// SQLite deletes the WAL of a database file with no pages as soon as a connection first
/// reads it, read-only connections too (`pagerOpenWalIfPresent` in pager.c): following such
/// a file would delete another process's WAL, committed transactions and all, where a
/// follower must never write. The pair is damaged anyway (a WAL belongs to a database whose
/// file holds at least its header page: the file was cut), so the follower reports it as
/// corrupt and does not read it. Found by the sqlite-files fuzzer (a 0-byte file, then a 1-byte one).
enum EmptyDatabaseWAL {
    /// Throws `corrupt` when the file at `path` is empty (at most 1 byte) and `path-wal` exists.
    static func check(path: String) throws(SQLiteSourceError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size <= 1 else { return }
        let wal = path + "-wal"
        guard access(wal, F_OK) == 0 else { return }
        throw SQLiteSourceError(
            .corrupt, path: path,
            message: "\(path) is empty but has a WAL beside it (\(wal)): SQLite would delete the WAL on reading, so the followed database is not read"
        )
    }
}
