/// A person's edits written to an in-memory list the way a position column orders them,
/// so that an in-memory list (a preview, a test, a small app-owned list) is editable like a
/// database table.
extension InMemoryListSource {
    /// The moved record is not in the list (another writer removed it): nothing was
    /// written, and an adapter shows the item gone at once (``ListItemGoneError``).
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct MissingRecord: ListItemGoneError, Sendable, CustomStringConvertible {
        /// The identifier of the record the move named.
        public let id: ID
        /// Names the record. Any queue.
        public var description: String { "the list has no record \(id)" }
        /// Always `true`: the write found its record gone. Any queue.
        public var itemIsGone: Bool { true }
    }

    /// Writes a person's move where ``ListMove/anchor(listing:)-59xq`` says, among the records
    /// of the destination section: first or last when the person dropped it at an edge,
    /// else right after `move.previous`, or before `move.next` when `previous` is gone;
    /// its entry takes the destination section. Records of one section must be contiguous,
    /// as a list ordered by its section is. Observers are invalidated.
    ///
    /// ```swift
    /// try adapter.moveItem(from: source, to: destination) { move in try inbox.move(move) }
    /// ```
    ///
    /// Call it on any thread. - Complexity: O(n).
    /// - Returns: the receipt of the write, for the adapter to confirm the move by.
    /// - Throws: ``MissingRecord`` when the list has no record `move.id`; nothing changes then.
    ///
    /// - Parameter move: the move a list view made, as the adapter hands it to the write.
    @discardableResult
    public func move(_ move: ListMove<ID>) throws(MissingRecord) -> ListMoveReceipt {
        let moved = mutate { records -> Bool in
            guard let from = records.firstIndex(where: { $0.entry.id == move.id }) else { return false }
            var record = records.remove(at: from)
            let section = move.destinationSection
            record.entry.section = section
            func index(of id: ID) -> Int? {
                records.firstIndex { $0.entry.id == id && $0.entry.section == section }
            }
            let first = records.firstIndex { $0.entry.section == section }
            let last = records.lastIndex { $0.entry.section == section }
            let place: Int = switch move.anchor(listing: { index(of: $0) != nil }) {
            case .after(let previous): index(of: previous)! + 1
            case .before(let next): index(of: next)!
            case .first: first ?? records.count
            case .last: last.map { $0 + 1 } ?? records.count
            }
            records.insert(record, at: place)
            return true
        }
        if !moved { throw MissingRecord(id: move.id) }
        return ListMoveReceipt(orderKey: nil, rowsWritten: 1, listedBy: self)
    }

    /// Deletes the records `ids` (every copy of each); identifiers the list does not have
    /// are skipped. Observers are invalidated.
    ///
    /// Call it on any thread. - Complexity: O(n + k).
    /// - Returns: how many records were removed.
    ///
    /// - Parameter ids: the identifiers of the records to delete, in any order; repeats
    ///   count once. An empty sequence removes nothing (observers are still invalidated).
    @discardableResult
    public func delete(_ ids: some Sequence<ID>) -> Int {
        let doomed = Set(ids)
        return mutate { records in
            let before = records.count
            records.removeAll { doomed.contains($0.entry.id) }
            return before - records.count
        }
    }
}
