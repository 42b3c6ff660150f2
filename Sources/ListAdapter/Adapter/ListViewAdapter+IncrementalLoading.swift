/// The incremental path, beside the full one: an ``IncrementalListDataSource`` reports a
/// patch, the adapter applies it to its last loaded list and delivers the change set the
/// patch produces, without a diff of the whole list.
extension ListViewAdapter {
    /// What a load produced.
    enum LoadedList: Sendable {
        /// The whole list, to diff against the baseline.
        case full(ListSnapshot<ID, Summary>)
        /// The patched list and the change set from the last loaded list to it, with the
        /// time the patch took to apply.
        case patched(ListSnapshot<ID, Summary>, ListChangeSet, Duration)
    }

    /// Asks an incremental source (`incremental`, `source` cast) for a patch against
    /// `baseline` and applies it; loads the whole list when there is no baseline, the source
    /// is not incremental, it answers `nil`, or the patch does not apply. Runs on the source
    /// executor.
    static func loadList(
        from source: Source, incremental: (any IncrementalListDataSource<ID, Summary, Item>)?, since baseline: ListSnapshot<ID, Summary>?
    ) async throws -> LoadedList {
        guard let incremental else {
            return .full(try await source.loadEntries())
        }
        if let baseline, let patch = try await incremental.loadChanges(since: baseline) {
            let clock = ContinuousClock()
            let start = clock.now
            if let (snapshot, changes) = baseline.applying(patch) {
                return .patched(snapshot, changes, clock.now - start)
            }
        }
        return .full(try await incremental.loadBaseline())
    }

    /// Delivers a patched list: its change set as is when observers see the list
    /// uncollapsed and no edit was or is laid over it (`baselineIsLoaded`: then the
    /// baseline is the list before the patch); otherwise through the diff, like a full
    /// load. Private queue.
    func sendPatched(_ snapshot: ListSnapshot<ID, Summary>, changes: ListChangeSet, duration: Duration, baselineIsLoaded: Bool) {
        assertOnPrivateQueue()
        core.loaded = snapshot
        core.loadedIsFromCurrentSource = true
        guard core.collapsed.isEmpty, baselineIsLoaded, core.hasDelivered, core.nextIsAnimated else {
            computeAndSend()
            return
        }
        // The baseline (the list before the patch) is the old state of the staging.
        let update = ListUpdate(
            changes: changes, old: core.baseline, new: snapshot, updateStyle: configuration.updateStyle, batching: configuration.batching
        )
        deliver(.update(update, snapshot.isEmpty ? .empty : .content, reason: core.nextReason, computeDuration: duration, patched: true,
            epoch: core.editEpoch
        ))
        core.baseline = snapshot
        core.nextReason = .invalidation
    }
}
