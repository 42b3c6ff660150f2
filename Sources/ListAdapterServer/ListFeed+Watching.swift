import ListAdapter
public import ListAdapterRemote

extension ListFeed {
    /// What a watcher sends next.
    enum Step {
        /// One change of the window: the message, and its compressed form.
        case send([UInt8], compressed: [UInt8], reaching: ListVersion)
        case wait(changeCount: Int)
        case compose(from: ListVersion, to: ListVersion, touched: [ID], snapshot: ListSnapshot<ID, Summary>)
        case list
        case end([UInt8])
    }

    /// The messages that take a watcher at `version` (`nil`: it holds nothing) to the
    /// feed's latest version, waiting while it is there already; `nil` once the feed has
    /// stopped or the task was cancelled, after a last failure message. Compressed where
    /// the watcher accepts the feed's compression (`compresses`).
    func next(after version: ListVersion?, isFirst: Bool = false, compresses: Bool = false) async -> (messages: [[UInt8]], version: ListVersion?)? {
        var isFirst = isFirst
        while !Task.isCancelled {
            let step = step(after: version)
            // A watch that resumes at the latest version is told so at once.
            if isFirst, case .wait = step, let version, state.withLock({ $0.version == version && !$0.isStopped }) {
                return ([Messages.upToDate(version)], version)
            }
            isFirst = false
            switch step {
            case .send(let message, let compressed, let reached):
                return ([compresses ? compressed : message], reached)
            case .wait(let changeCount):
                await waitForChange(after: changeCount)
            case .compose(let from, let to, let touched, let snapshot):
                let message = Messages.change(from: from, to: to, patch: ListSnapshotPatch(touching: touched, in: snapshot))
                return ([compresses ? compressed(message) : message], to)
            case .list:
                let list = await encodedList()
                return (compresses ? list.compressed : list.messages, list.version)
            case .end(let message):
                return ([message], nil)
            }
        }
        return nil
    }

    private func step(after version: ListVersion?) -> Step {
        state.withLock { state in
            if state.isStopped { return .end(Messages.failure(ListWireFailure(.shuttingDown, "the server stopped serving \"\(name)\""))) }
            guard let current = state.version, let snapshot = state.snapshot else {
                if case .failing(_, let message) = state.status {
                    return .end(Messages.failure(ListWireFailure(.sourceFailed, "the list \"\(name)\" cannot be read: \(message)")))
                }
                return .wait(changeCount: state.changeCount)
            }
            guard let version else { return .list }
            switch state.window.catchUp(from: version, to: current) {
            case .upToDate: return .wait(changeCount: state.changeCount)
            case .one(let index):
                let change = state.window.changes[index]
                return .send(change.message, compressed: change.compressed, reaching: current)
            case .compose(let index): return .compose(from: version, to: current, touched: state.window.touched(from: index), snapshot: snapshot)
            case .list: return .list
            }
        }
    }

    /// Returns once the state changed after `changeCount`, or the task is cancelled.
    private func waitForChange(after changeCount: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (now, observers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if state.changeCount != changeCount || Task.isCancelled { return (true, []) }
                    state.waiters[id] = continuation
                    let ready = state.waiterObservers.filter { $0.value.count <= state.waiters.count }
                    for key in ready.keys { state.waiterObservers[key] = nil }
                    return (false, ready.values.map(\.continuation))
                }
                if now { continuation.resume() }
                for observer in observers { observer.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Returns once at least `count` watchers wait for a change (up to date, or before the
    /// first read), or once the calling task is cancelled: for tests that must act while
    /// a watcher waits, such as cancelling it. Any task.
    package func waitUntilWatchersWait(_ count: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.waiters.count >= count || Task.isCancelled { return true }
                    state.waiterObservers[id] = (count, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiterObservers.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    /// How many watchers wait for a change now. Any task.
    package var waitingWatchers: Int { state.withLock { $0.waiters.count } }

    /// A watcher's messages, from `version` on (`nil`: it holds nothing and starts with the
    /// whole list), compressed where the watcher accepts `compression` and the feed's
    /// ``ListFeedConfiguration/compression`` is the same (`nil`: nothing compressed).
    /// Iterate it and send each message as one WebSocket binary message; it ends after a
    /// failure message when the feed stops, and when the iterating task is cancelled.
    ///
    /// Any task; the sequence's iterator is used by one task at a time.
    ///
    /// - Parameters:
    ///   - version: the version the watcher holds, from the `after` query value
    ///     (``ListServer/resumeVersion(list:after:)``); `nil`, the default, for a watcher that
    ///     holds nothing. A version of another epoch (the server restarted) or too old for the
    ///     window gets the whole list.
    ///   - compression: the compression the watcher accepts (`ListWireCompression(accepting:)` of
    ///     its `compression` query value); `nil`, the default, sends nothing compressed, as does a
    ///     compression other than the feed's.
    /// - Returns: the watcher's messages, one WebSocket binary message each; it starts no work
    ///   until iterated.
    public func watch(after version: ListVersion? = nil, compression: ListWireCompression? = nil) -> ListFeedWatch {
        let compresses = compression != nil && compression == configuration.compression
        return ListFeedWatch(after: version) { [self] version, isFirst in await next(after: version, isFirst: isFirst, compresses: compresses) }
    }
}

/// The messages one watcher of a ``ListFeed`` is sent, in order: pull the next when the
/// previous is sent, so a slow watcher slows only itself.
///
/// Thread safety: `Sendable`; each iterator is used by one task at a time.
public struct ListFeedWatch: AsyncSequence, Sendable {
    /// One message to send.
    public typealias Element = [UInt8]
    /// The messages after a version (`true`: the watch's first call).
    typealias Next = @Sendable (ListVersion?, Bool) async -> (messages: [[UInt8]], version: ListVersion?)?

    let after: ListVersion?
    let advance: Next

    init(after: ListVersion?, next: @escaping Next) {
        self.after = after
        advance = next
    }

    /// Starts at the version the sequence was made for.
    ///
    /// - Returns: an iterator whose first messages take the watcher from the version given to
    ///   ``ListFeed/watch(after:compression:)`` to the feed's latest version.
    public func makeAsyncIterator() -> Iterator {
        Iterator(version: after, advance: advance)
    }

    /// Pulls the watcher's messages.
    public struct Iterator: AsyncIteratorProtocol {
        /// The version the messages returned so far bring the watcher to.
        public private(set) var version: ListVersion?
        let advance: Next
        var pending: ArraySlice<[UInt8]> = []
        var ended = false
        var started = false

        init(version: ListVersion?, advance: @escaping Next) {
            self.version = version
            self.advance = advance
        }

        /// The next message; waits while the watcher is up to date.
        ///
        /// - Returns: one message to send as a WebSocket binary message; `nil` once the watch has
        ///   ended (after a failure message when the feed stopped or cannot read its source) or the
        ///   task was cancelled.
        public mutating func next() async -> [UInt8]? {
            if let message = pending.popFirst() { return message }
            defer { started = true }
            guard !ended, let step = await advance(version, !started) else { return nil }
            if let reached = step.version { version = reached } else { ended = true }
            pending = step.messages[...]
            return pending.popFirst()
        }
    }
}
