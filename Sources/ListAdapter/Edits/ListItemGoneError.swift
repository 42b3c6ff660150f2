/// An error a source's write throws when the row it was to write is no longer in the store
/// (another writer deleted it): nothing was written.
///
/// When a person's move fails with such an error, the adapter shows the item gone at once,
/// not back at its old place (the list it last loaded may still have it there), and ends
/// the move undone (``ListEditError/Kind/writeFailed``, with this error) once a list
/// loaded after the write is in. `SQLiteSourceError`, `PostgresSourceError` and
/// ``InMemoryListSource/MissingRecord`` adopt it.
///
/// ```swift
/// struct NoteGone: ListItemGoneError {
///     var itemIsGone: Bool { true }
/// }
/// ```
///
/// Thread safety: read ``itemIsGone`` on any queue.
public protocol ListItemGoneError: Error {
    /// Whether the write found its row gone and wrote nothing. Any queue.
    var itemIsGone: Bool { get }
}
