#if PostgreSQL
public import ListAdapter

/// A move whose row another session deleted tells the adapter so, which then shows the
/// row gone at once rather than back at its old place.
extension PostgresSourceError: ListItemGoneError {
    /// Whether the write found its row gone (``Kind/missingRow``) and wrote nothing.
    /// Any queue.
    public var itemIsGone: Bool { kind == .missingRow }
}
#endif
