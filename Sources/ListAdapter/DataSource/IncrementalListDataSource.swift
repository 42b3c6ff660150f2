/// A ``ListDataSource`` that can report what changed since the list it last produced, so
/// that the adapter patches its snapshot in time proportional to the change instead of
/// reloading and diffing the whole list.
///
/// After an invalidation the adapter asks ``loadChanges(since:)`` first, with the list it
/// got from this source's last successful ``ListDataSource/loadEntries()`` or
/// ``loadChanges(since:)``; it applies the patch with ``ListSnapshot/applying(_:)`` and
/// delivers the change set that produces. When the source answers `nil` (it cannot tell
/// the change exactly), or the patch does not apply, the adapter loads the whole list as
/// usual. The first load after the source is attached is always a full one.
///
/// ```swift
/// func loadChanges(since snapshot: ListSnapshot<Int64, Int64>) async throws -> ListSnapshotPatch<Int64, Int64>? {
///     guard let touched = changeLog.touchedSinceLastLoad() else { return nil }    // a gap: reload
///     let untouched = snapshot.untouchedRows(excluding: touched)
///     return ListSnapshotPatch(touched: touched, rows: try placeRows(touched, among: untouched))
/// }
/// ```
///
/// Threading: called from one of the adapter's tasks, never on the main queue. An adapter
/// makes its calls on a source (a class instance) one at a time, in the order it made them:
/// a call it abandoned (it left the source and came back, or the call ran past the load
/// timeout) ends before its next call on that source begins, and that next call is a full
/// load (``loadBaseline()``), so what the source tracks (a change log's cursor) always
/// follows the list the adapter keeps.
public protocol IncrementalListDataSource<ID, Summary, Item>: ListDataSource {
    /// The change since `snapshot` as a patch, or `nil` to ask for a full load.
    ///
    /// `snapshot` is the list as this source last produced it (never a list of another
    /// source). Throwing keeps the adapter on its last good list, like a failed load; the
    /// next load should then be a full one.
    ///
    /// - Parameter snapshot: the list this source last produced for the adapter, by a full
    ///   load or a patch.
    /// - Returns: the patch that takes `snapshot` to the source's current list, or `nil` for
    ///   a full load (the adapter then calls ``loadBaseline()``).
    func loadChanges(since snapshot: ListSnapshot<ID, Summary>) async throws -> ListSnapshotPatch<ID, Summary>?

    /// Loads the whole list as the baseline the next ``loadChanges(since:)`` patches: the
    /// adapter's full loads of an incremental source come through here, so that
    /// ``ListDataSource/loadEntries()`` (called by anyone else, a test's truth check, say)
    /// cannot disturb what the source tracks for the adapter. The default calls
    /// `loadEntries()`.
    ///
    /// Called from one of the adapter's tasks, never on the main queue.
    ///
    /// - Returns: every entry of the list, in list order, as one snapshot.
    func loadBaseline() async throws -> ListSnapshot<ID, Summary>
}

extension IncrementalListDataSource {
    /// Calls ``ListDataSource/loadEntries()``.
    ///
    /// - Returns: what ``ListDataSource/loadEntries()`` returns.
    public func loadBaseline() async throws -> ListSnapshot<ID, Summary> {
        try await loadEntries()
    }
}
