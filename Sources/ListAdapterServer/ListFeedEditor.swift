public import ListAdapter

/// How a ``ListFeed`` writes the edits apps send it (a person's move or delete, see
/// `ListViewAdapter.moveItem(from:to:write:)`): usually through the source it follows, as
/// an app with the database would.
///
/// ```swift
/// let editor = ListFeedEditor<Int64>(
///     move: { move in _ = try await source.move(move) },     // SQLiteListSource with an ordering
///     delete: { ids in _ = try await source.delete(ids) }
/// )
/// let feed = ListFeed(name: "tasks", source: source, editor: editor)
/// ```
///
/// A feed without an editor refuses every edit (HTTP 405). The list's token is all an app
/// needs to edit a list that takes edits: serve those lists only to apps you trust to edit.
///
/// Thread safety: `Sendable`; the closures run on the task of the request that sent the
/// edit, one edit per request.
public struct ListFeedEditor<ID: Hashable & Sendable>: Sendable {
    /// Writes a move. Throwing refuses it (the app puts the item back).
    public var move: @Sendable (ListMove<ID>) async throws -> Void
    /// Writes a delete of the identifiers, in list order. Throwing refuses it (the app
    /// shows the items again).
    public var delete: @Sendable ([ID]) async throws -> Void

    /// An editor that writes with `move` and `delete`.
    ///
    /// - Parameters:
    ///   - move: writes a person's move to the list's store; throwing refuses it and the app puts
    ///     the item back. Runs on the task of the request that sent it.
    ///   - delete: writes a delete of the identifiers, in list order; throwing refuses it and the
    ///     app shows the items again. Runs on the task of the request that sent it.
    public init(move: @escaping @Sendable (ListMove<ID>) async throws -> Void, delete: @escaping @Sendable ([ID]) async throws -> Void) {
        self.move = move
        self.delete = delete
    }
}
