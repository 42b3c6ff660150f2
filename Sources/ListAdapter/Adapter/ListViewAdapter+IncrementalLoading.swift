/// The incremental path, beside the full one: an ``IncrementalListDataSource`` reports a
/// patch, the adapter applies it to its last loaded list and delivers the change set the
/// patch produces, without a diff of the whole list.
extension ListViewAdapter {
    /// What a load produced: the whole list, or the last one patched (``NextList``).
    typealias LoadedList = NextList<ID, Summary>

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
