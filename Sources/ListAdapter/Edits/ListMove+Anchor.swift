/// The one meaning of a move's neighbours, shared by every source that writes moves
/// (`InMemoryListSource`, `SQLiteListSource`, `PostgresListSource`) and by the adapter,
/// which shows a pending move where the source will put it.
///
/// A person who drops a row at the top of a section means "first", whatever another
/// writer puts there meanwhile; at the bottom, "last". Between two rows, "right after the
/// row above", or "right before the row below" when the row above has gone.
extension ListMove {
    /// Where a move puts its item in the destination section.
    ///
    /// Thread safety: a value type; use it on any queue.
    public enum Anchor: Sendable, Hashable {
        /// First in the section, before every row there, new ones included.
        case first
        /// Last in the section, after every row there, new ones included.
        case last
        /// Right after this row.
        case after(ID)
        /// Right before this row.
        case before(ID)
    }

    /// Where the move puts its item, given which rows the destination section lists now:
    ///
    /// 1. first when ``previous`` is `nil` (the person dropped it at the top);
    /// 2. last when ``next`` is `nil` (at the bottom);
    /// 3. right after ``previous`` when the section still lists it;
    /// 4. right before ``next`` when the section still lists it;
    /// 5. last when the section lists neither.
    ///
    /// A neighbour that is the moved item itself counts as not listed.
    ///
    /// ```swift
    /// switch try move.anchor(listing: { try database.sectionLists($0) }) {
    /// case .first: ...                              // a key before the section's first
    /// case .after(let row): ...                     // a key after row's, before its successor's
    /// ...
    /// }
    /// ```
    ///
    /// - Parameter isListed: whether the destination section lists a row now; called for
    ///   at most the two neighbours.
    ///
    /// Pure; runs on the calling queue. - Complexity: two calls of `isListed` at most.
    ///
    /// - Returns: ``Anchor/first``, ``Anchor/last``, or the neighbour to go ``Anchor/after(_:)``
    ///   or ``Anchor/before(_:)``.
    public func anchor(listing isListed: (ID) throws -> Bool) rethrows -> Anchor {
        guard let previous else { return .first }
        guard let next else { return .last }
        if previous != id, try isListed(previous) { return .after(previous) }
        if next != id, try isListed(next) { return .before(next) }
        return .last
    }

    /// ``anchor(listing:)-59xq`` for an async lookup (a database on the network).
    ///
    /// Pure; runs on the calling task. - Complexity: two calls of `isListed` at most.
    ///
    /// - Parameter isListed: whether the destination section lists a row now; called for at
    ///   most the two neighbours.
    /// - Returns: ``Anchor/first``, ``Anchor/last``, or the neighbour to go ``Anchor/after(_:)``
    ///   or ``Anchor/before(_:)``.
    public func anchor(listing isListed: (ID) async throws -> Bool) async rethrows -> Anchor {
        guard let previous else { return .first }
        guard let next else { return .last }
        if previous != id, try await isListed(previous) { return .after(previous) }
        if next != id, try await isListed(next) { return .before(next) }
        return .last
    }
}
