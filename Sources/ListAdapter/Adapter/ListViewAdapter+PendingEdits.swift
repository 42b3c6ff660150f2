/// A person's edits on the private queue: each is laid over every list computed while it
/// is pending, its write runs in edit order, and it ends by what the write did: a move the
/// source's receipt says landed is confirmed by the first load that started after the
/// write; any other write, when such a load shows it (confirmed, no change on screen) or
/// not (undone, with an error). A write that throws undoes the edit at once, or, when its
/// item was gone, hides the item until the source's list drops it.
///
/// The delivery queue is the authority on what the view shows: an edit changes its list
/// first, and a list computed here before that edit arrived is dropped there (edit
/// epochs). So on an edit this queue takes the delivery queue's edited list as its
/// baseline and sends whatever the dropped lists carried as one diff against it.
extension ListViewAdapter {
    /// The app's write of an edit. A move's write answers with the source's receipt, or
    /// `nil` when the app's write returns nothing.
    enum EditWrite: Sendable {
        case move(@Sendable (ListMove<ID>) async throws -> ListMoveReceipt?)
        case delete(@Sendable ([ID]) async throws -> Void)
    }

    /// An edit made on the delivery queue, whose list after it is `shown`. Private queue.
    func editArrived(_ edit: ListEdit<ID>, epoch: Int, shown: ListSnapshot<ID, Summary>, write: EditWrite) {
        assertOnPrivateQueue()
        core.editEpoch = epoch
        core.baseline = shown
        core.edits.append(PendingEdit(number: epoch, edit: edit))
        startWrite(write, of: edit, number: epoch)
        sendEdited()
    }

    /// Runs `write` after the previous edit's write ends. Private queue.
    private func startWrite(_ write: EditWrite, of edit: ListEdit<ID>, number: Int) {
        let previous = core.lastWrite
        core.lastWrite = Task(executorPreference: sourceExecutor) { [weak self] in
            await previous?.value
            let result: Result<ListMoveReceipt?, any Error>
            do {
                switch (write, edit) {
                case (.move(let write), .move(let move)): result = .success(try await write(move))
                case (.delete(let write), .delete(let ids)):
                    try await write(ids)
                    result = .success(nil)
                default: preconditionFailure("an edit's write is of its kind")
                }
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            self.queue.async { self.writeDidEnd(number: number, result: result) }
        }
    }

    /// Edit `number`'s write ended. Private queue.
    private func writeDidEnd(number: Int, result: Result<ListMoveReceipt?, any Error>) {
        assertOnPrivateQueue()
        guard let index = core.edits.firstIndex(where: { $0.number == number }) else { return }
        var hidesItem = false
        switch result {
        case .success(let receipt):
            core.edits[index].write = .written(before: core.cycle.lastIssuedID, receipt: receipt)
        case .failure(let error as any ListItemGoneError) where error.itemIsGone && core.edits[index].edit.isMove:
            // Not back at its old place, which the last loaded list may still show: gone,
            // as the source's list will have it.
            configuration.logger.info("a moved item was gone before its write; hiding it", metadata: ["edit": "\(core.edits[index].edit)"])
            core.edits[index].write = .itemGone(before: core.cycle.lastIssuedID, error: error)
            hidesItem = true
        case .failure(let error):
            let edit = core.edits.remove(at: index).edit
            configuration.logger.error("an edit's write failed; undoing it", metadata: ["edit": "\(edit)", "error": "\(error)"])
            sendEdited()
            deliver(.editEnded(.failure(ListEditError(.writeFailed, edit: edit, underlying: error))))
            return
        }
        // The last loaded list may show the write already (the source loaded on its commit
        // before the write's task ended): then the edit ends now.
        let (ended, _) = confirmEdits(byLoad: .min)
        if hidesItem || !ended.isEmpty { sendEdited() }
        for result in ended { deliver(.editEnded(result)) }
        guard core.edits.contains(where: { $0.number == number }) else { return }
        // A load must start after the write, in case the source does not notice a write of
        // the app's own. A load running now may have started before it: when it ends
        // without ending the edit, ``confirmEdits(byLoad:)`` asks for another.
        if case .loading = core.cycle.phase {} else { perform(core.cycle.invalidate()) }
    }

    /// Ends the edits whose write ended and that load `loadID` decides (see
    /// ``PendingEdit/verdict(of:loadID:source:floating:)``): each is judged against the
    /// loaded list with the earlier pending edits laid over it. Returns the ended edits'
    /// results, to deliver after the list, and whether a written edit waits for a load
    /// that starts later. Private queue.
    func confirmEdits(byLoad loadID: Int) -> (ended: [Result<ListEdit<ID>, ListEditError<ID>>], needsLaterLoad: Bool) {
        assertOnPrivateQueue()
        guard var base = core.loaded, core.edits.contains(where: { if case .running = $0.write { false } else { true } }) else {
            return ([], false)
        }
        var ended: [Result<ListEdit<ID>, ListEditError<ID>>] = []
        var remaining: [PendingEdit] = []
        var needsLaterLoad = false
        for (index, pending) in core.edits.enumerated() {
            // The rows of later edits: their writes may be in the list already.
            let later = Set(core.edits[(index + 1)...].flatMap(\.edit.identifiers))
            switch pending.verdict(of: base, loadID: loadID, source: core.source, floating: later) {
            case .confirmed:
                ended.append(.success(pending.edit))
                continue
            case .undone(let error):
                ended.append(.failure(error))
                continue
            case .pending(let asksForLoad):
                needsLaterLoad = needsLaterLoad || asksForLoad
            }
            remaining.append(pending)
            base = base.overlaying(pending.overlay)
        }
        core.edits = remaining
        return (ended, needsLaterLoad)
    }

    /// The loaded list as the view shows it: pending edits laid over it in order, then
    /// collapsed sections emptied. Private queue.
    func viewForm(of loaded: ListSnapshot<ID, Summary>) -> ListSnapshot<ID, Summary> {
        var list = loaded
        for pending in core.edits { list = list.overlaying(pending.overlay) }
        return core.collapsed.isEmpty ? list : list.collapsing(core.collapsed)
    }

    /// Sends the difference between the baseline and the loaded list as edits now lay it
    /// out, if any, as an edit's batch; leaves the next load's reason and animation as they
    /// were. Private queue.
    private func sendEdited() {
        guard let loaded = core.loaded, core.hasDelivered else { return }
        let next = viewForm(of: loaded)
        let clock = ContinuousClock()
        let start = clock.now
        let update = makeUpdate(core.baseline, next, configuration.updateStyle, configuration.batching)
        core.baseline = next
        guard !update.batches.isEmpty else { return }
        let state: ListLoadState = if case .failed = core.lastSentState { core.lastSentState } else { next.isEmpty ? .empty : .content }
        deliver(.update(
            update, state, reason: .edit, computeDuration: clock.now - start, epoch: core.editEpoch
        ))
    }
}
