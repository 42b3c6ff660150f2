/// How a ``SQLiteListSource`` holds the database it lists: as a follower that only reads,
/// or as its owner, which may write.
///
/// - ``followed`` is for databases the app does not own (another app's file, a file the
///   user picked, a database another process writes). The source opens the file
///   read-only and never writes to it: it does not change its journal mode, never creates
///   a file (not even `-wal` or `-shm` for a rollback-journal database), takes no write
///   lock, reads while another process holds a write transaction (in WAL mode), and
///   notices other processes' commits with what a reader can see (`PRAGMA data_version`,
///   woken by file events). The file stays byte-for-byte unchanged.
/// - ``owned`` is for the app's own database. The source may switch it to WAL, create
///   indexes (``SQLiteListSource/createCoveringIndex()``) and, later, a change log.
///
/// `SQLiteListSource(path:query:)` follows by default; `SQLiteListSource(database:query:)`
/// owns the pool you hand it unless that pool was opened read-only.
///
/// Thread safety: a value type; use it on any queue.
public enum SQLiteAccess: Sendable, Hashable, CustomStringConvertible {
    /// Read-only: never writes, never creates files, never takes a write lock.
    case followed
    /// The app's own database: the source may write to it.
    case owned

    /// `followed (read-only)` or `owned`, for messages. Any queue.
    public var description: String {
        switch self {
        case .followed: "followed (read-only)"
        case .owned: "owned"
        }
    }
}
