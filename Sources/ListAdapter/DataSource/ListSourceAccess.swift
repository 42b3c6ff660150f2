/// How a database source holds what it lists: as a follower that only reads, or as its
/// owner, which may write.
///
/// - ``followed`` is for data the app does not own (another app's database, a file the user
///   picked, a table another service writes). The source never writes and never creates
///   anything; it notices other writers' commits with what a reader can see.
/// - ``owned`` is for the app's own data. The source may write to it: a person's moves and
///   deletes, its indexes, and a change log that lets it patch every writer's commits in
///   time proportional to the change.
///
/// The SQLite and PostgreSQL sources take the same value; their `access` property says what
/// each mode means in each database.
///
/// Thread safety: a value type; use it on any queue.
public enum ListSourceAccess: Sendable, Hashable, CustomStringConvertible {
    /// Read-only: never writes, never creates anything, never takes a write lock.
    case followed
    /// The app's own data: the source may write to it.
    case owned

    /// `followed (read-only)` or `owned`, for messages. Any queue.
    public var description: String {
        switch self {
        case .followed: "followed (read-only)"
        case .owned: "owned"
        }
    }
}
