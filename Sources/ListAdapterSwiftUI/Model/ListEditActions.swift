import ListAdapter

/// What ``AdapterList``'s editing modifiers gave: the app's writes of a person's moves and
/// deletes, and what to do when one fails. An action left `nil` is not offered (rows do
/// not move, or have no Delete).
///
/// Thread safety: a value type, made and read on the main actor; the writes are
/// `@Sendable` and run off the main queue.
struct ListEditActions<ID: Hashable & Sendable> {
    /// Writes a move (`onMoveItems`).
    var move: (@Sendable (ListMove<ID>) async throws -> Void)?
    /// Writes a delete (`onDeleteItems`).
    var delete: (@Sendable ([ID]) async throws -> Void)?
    /// Told an edit failed or was undone (`onEditFailure`); `nil`: the adapter's logger.
    var failure: ((ListEditError<ID>) -> Void)?
}
