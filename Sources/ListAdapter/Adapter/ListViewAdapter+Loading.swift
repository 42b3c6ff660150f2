import Dispatch
import Logging

extension ListViewAdapter: InvalidationTarget {
    /// Asks the adapter to reload its source's entries and deliver the difference.
    ///
    /// Call it from any thread; it returns at once. Invalidations that arrive while a load
    /// runs coalesce into one more load.
    public func invalidate() {
        queue.async { self.perform(self.core.cycle.invalidate()) }
    }

    package func sourceDidInvalidate(generation: Int) {
        queue.async {
            guard generation == self.core.generation else { return }
            self.perform(self.core.cycle.invalidate())
        }
    }

    package func isCurrentSource(generation: Int) -> Bool {
        current.withLock { $0.generation == generation }
    }

    /// Attaches `core.source` under `core.generation` and loads it. Private queue.
    func attachCurrentSource(reason: ListChangeInfo.Reason) {
        assertOnPrivateQueue()
        core.nextReason = reason
        core.loadedIsFromCurrentSource = false
        core.source.attach(ListInvalidation(target: self, sourceGeneration: core.generation))
        perform(core.cycle.restart())
    }

    /// Performs a lifecycle action. Private queue.
    func perform(_ action: LoadCycle.Action) {
        switch action {
        case .none:
            break
        case .scheduleCoolingEnd(let id, let round):
            let interval = core.lastLoadWasPatched ? configuration.patchCoalescingInterval : configuration.coolingInterval(round: round)
            queue.asyncAfter(deadline: .now() + interval.dispatchInterval) { [weak self] in
                guard let self else { return }
                self.perform(self.core.cycle.coolingEnded(id: id))
            }
        case .startLoad(let id):
            startLoad(id: id)
        }
    }

    /// Loads the current source's entries in a task on the source executor, and starts its
    /// time limit. Private queue.
    ///
    /// An incremental source's calls never overlap, and run in the order the adapter made
    /// them: a load waits for the adapter's previous call on the same source to end, one
    /// abandoned by a transition (the adapter left the source and came back) or past its time
    /// limit. Such a source tracks where its last answer left the list (a change log's
    /// cursor), and a stale call that ran after a newer one moved that mark past the list
    /// the adapter kept: the commits in between were lost (seen in the PostgreSQL soak, 171
    /// rows never shown). The wait is as long as the old call's own deadlines.
    func startLoad(id: Int) {
        let (source, incremental) = (core.source, core.incremental)
        // A patch is only asked for against a list this source produced.
        let baseline = core.loadedIsFromCurrentSource ? core.loaded : nil
        let key = incremental.map { ObjectIdentifier($0 as AnyObject) }
        let previous = key.flatMap { core.incrementalCalls[$0]?.task }
        let waiting = loadsWaitingForPreviousCall
        let task = Task(executorPreference: sourceExecutor) { [weak self] in
            if let previous {
                waiting.withLock { $0 += 1 }
                await previous.value
                waiting.withLock { $0 -= 1 }
            }
            let result: Result<LoadedList, any Error>
            do {
                result = .success(try await LoadedList.read(from: source, incremental: incremental, since: baseline))
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            self.queue.async {
                if let key, self.core.incrementalCalls[key]?.id == id { self.core.incrementalCalls[key] = nil }
                self.loadDidFinish(id: id, result: result)
            }
        }
        if let key { core.incrementalCalls[key] = (id, task) }
        loadWatchdog.started(id: id)
    }

    /// Load `id` ran out of time (``LoadWatchdog``). Private queue.
    func loadDidTimeOut(id: Int) {
        assertOnPrivateQueue()
        guard case .accept(let then) = core.cycle.timeOut(id: id) else { return }
        use(.failure(LoadTimeout(timeout: configuration.loadTimeout)), of: id, then: then)
    }

    private struct LoadTimeout: Error {
        let timeout: Duration
    }

    /// A load completed or failed (perhaps after its timeout). Private queue.
    func loadDidFinish(id: Int, result: Result<LoadedList, any Error>) {
        assertOnPrivateQueue()
        guard case .accept(let then) = core.cycle.finish(id: id) else { return }
        use(result, of: id, then: then)
    }

    /// Delivers what a load the lifecycle accepted brought (a list, a failure or a
    /// timeout) of load `id`, then performs the lifecycle's next action. Private queue.
    private func use(_ result: Result<LoadedList, any Error>, of id: Int, then: LoadCycle.Action) {
        assertOnPrivateQueue()
        if case .success(.patched) = result { core.lastLoadWasPatched = true } else { core.lastLoadWasPatched = false }
        var endedEdits: [Result<ListEdit<ID>, ListEditError<ID>>] = []
        var needsLaterLoad = false
        switch result {
        case .success(.patched(let snapshot, _, let changes, let duration)):
            // The patch's change set is from the loaded list, which is the baseline only
            // when no edit was laid over it.
            let baselineIsLoaded = core.edits.isEmpty
            core.loaded = snapshot
            (endedEdits, needsLaterLoad) = confirmEdits(byLoad: id)
            sendPatched(snapshot, changes: changes, duration: duration, baselineIsLoaded: baselineIsLoaded && core.edits.isEmpty)
        case .success(.full(let snapshot)):
            core.loaded = snapshot
            (endedEdits, needsLaterLoad) = confirmEdits(byLoad: id)
            core.loadedIsFromCurrentSource = true
            if !snapshot.duplicates.isEmpty {
                configuration.logger.warning(
                    "data source reported duplicate identifiers; kept the first of each",
                    metadata: [
                        "source": "\(sourceName(core.source))",
                        "duplicates": "\(snapshot.duplicates.count)",
                        "examples": "\(snapshot.duplicates.samples.prefix(5))",
                    ]
                )
                deliver(.duplicates(snapshot.duplicates))
            }
            // The builder's temporaries are free now (about 1 ms at 1M entries).
            if snapshot.count >= FreedMemory.threshold { FreedMemory.release() }
            computeAndSend()
        case .failure(let error):
            let sourceName = sourceName(core.source)
            let failure = if let timeout = error as? LoadTimeout {
                ListAdapterError(.loadTimedOut(after: timeout.timeout), source: sourceName)
            } else {
                ListAdapterError(.loadFailed, source: sourceName, underlying: error)
            }
            // The source may have lost track of its changes: the next load is a full one.
            core.loadedIsFromCurrentSource = false
            configuration.logger.error("load failed; keeping the last good list", metadata: ["error": "\(failure)"])
            deliver(.loadState(.failed(failure)))
        }
        // After the list that shows them (or undoes them).
        for ended in endedEdits { deliver(.editEnded(ended)) }
        // A load accepted since the last transition is of its source: its list is on its way
        // to observers, and the transition's `onShown` follows it in the delivery queue.
        if case .success = result, let shown = core.transitionShown {
            core.transitionShown = nil
            deliver(.transitionShown(shown))
        }
        perform(then)
        if needsLaterLoad { perform(core.cycle.invalidate()) }
    }

    /// Diffs the loaded list (in view form) against the baseline and sends the result.
    /// Private queue.
    func computeAndSend() {
        assertOnPrivateQueue()
        guard let loaded = core.loaded else { return }
        let next = viewForm(of: loaded)
        let state: ListLoadState = next.isEmpty ? .empty : .content
        let reason = core.nextReason
        if !core.hasDelivered || !core.nextIsAnimated {
            deliver(.reload(next, state, reason: reason, epoch: core.editEpoch))
        } else {
            let clock = ContinuousClock()
            let start = clock.now
            let update = makeUpdate(core.baseline, next, configuration.updateStyle, configuration.batching)
            deliver(.update(update, state, reason: reason, computeDuration: clock.now - start, epoch: core.editEpoch))
        }
        core.baseline = next
        core.hasDelivered = true
        core.nextIsAnimated = true
        core.nextReason = .invalidation
    }

    /// Hands `delivery` to the delivery queue. Private queue.
    func deliver(_ delivery: Delivery) {
        switch delivery {
        case .reload(_, let state, _, _), .update(_, let state, _, _, _, _), .loadState(let state): core.lastSentState = state
        default: break
        }
        configuration.deliveryQueue.async { self.apply(delivery) }
    }
}
