/// The next list read from a source: patched from the last one where the source can say
/// what changed, whole otherwise. The one "read the next list" step of the package: the
/// adapter's loads and the server's feed both take it.
package enum NextList<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// The whole list, to diff against (or replace) the last one.
    case full(ListSnapshot<ID, Summary>)
    /// The last list with the source's patch applied: the new list, the patch, the change
    /// set from the last list to the new one, and the time applying took.
    case patched(ListSnapshot<ID, Summary>, ListSnapshotPatch<ID, Summary>, ListChangeSet, Duration)

    /// Asks an incremental source (`incremental`, `source` cast) for a patch against
    /// `baseline` and applies it; loads the whole list when there is no baseline, the source
    /// is not incremental, it answers `nil`, or the patch does not apply.
    ///
    /// Runs where it is called (the adapter's source executor, the feed's task).
    ///
    /// - Parameters:
    ///   - source: the source to read.
    ///   - incremental: `source` as an incremental source, or `nil` when it is not one.
    ///   - baseline: the last list this source produced, to patch; `nil` to read it whole.
    /// - Returns: the patched list, or the whole one.
    /// - Throws: what the source's load throws.
    package static func read<Source: ListDataSource<ID, Summary, Item>, Item>(
        from source: Source, incremental: (any IncrementalListDataSource<ID, Summary, Item>)?, since baseline: ListSnapshot<ID, Summary>?
    ) async throws -> NextList {
        guard let incremental else {
            return .full(try await source.loadEntries())
        }
        if let baseline, let patch = try await incremental.loadChanges(since: baseline) {
            let clock = ContinuousClock()
            let start = clock.now
            if let (snapshot, changes) = baseline.applying(patch) {
                return .patched(snapshot, patch, changes, clock.now - start)
            }
        }
        return .full(try await incremental.loadBaseline())
    }
}
