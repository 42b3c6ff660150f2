/// A person's edits written to an in-memory list the way a position column orders them,
/// so that an in-memory list (a preview, a test, a small app-owned list) is editable like a
/// database table.
extension InMemoryListSource {
    /// The moved record is not in the list (another writer removed it).
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct MissingRecord: Error, Sendable, CustomStringConvertible {
        /// The identifier of the record the move named.
        public let id: ID
        /// Names the record. Any queue.
        public var description: String { "the list has no record \(id)" }
    }

    /// Writes a person's move: the record goes right after `move.previous` in the
    /// destination section (first when `previous` is `nil`), before `move.next` when
    /// `previous` is gone, else at the section's edge; its entry takes the destination
    /// section. Records of one section must be contiguous, as a list ordered by its
    /// section is. Observers are invalidated.
    ///
    /// ```swift
    /// try adapter.moveItem(from: source, to: destination) { move in try inbox.move(move) }
    /// ```
    ///
    /// Call it on any thread. - Complexity: O(n).
    /// - Throws: ``MissingRecord`` when the list has no record `move.id`; nothing changes then.
    public func move(_ move: ListMove<ID>) throws(MissingRecord) {
        let moved = mutate { records -> Bool in
            guard let from = records.firstIndex(where: { $0.entry.id == move.id }) else { return false }
            var record = records.remove(at: from)
            let section = move.destinationSection
            record.entry.section = section
            func index(of id: ID?) -> Int? {
                guard let id else { return nil }
                return records.firstIndex { $0.entry.id == id && $0.entry.section == section }
            }
            let first = records.firstIndex { $0.entry.section == section }
            let last = records.lastIndex { $0.entry.section == section }
            let place: Int = if let previous = index(of: move.previous) {
                previous + 1
            } else if let next = index(of: move.next) {
                next
            } else if let first, let last {
                move.previous == nil ? first : last + 1
            } else {
                records.count
            }
            records.insert(record, at: place)
            return true
        }
        if !moved { throw MissingRecord(id: move.id) }
    }

    /// Deletes the records `ids` (every copy of each); identifiers the list does not have
    /// are skipped. Observers are invalidated.
    ///
    /// Call it on any thread. - Complexity: O(n + k).
    /// - Returns: how many records were removed.
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
