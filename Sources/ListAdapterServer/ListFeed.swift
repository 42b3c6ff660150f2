public import ListAdapter
public import ListAdapterRemote

/// One list a server serves: it follows its source once, numbers each change with a
/// `ListVersion`, keeps a bounded window of recent changes, and serves any number of
/// watchers, each with the fewest bytes that bring it to the latest version.
///
/// A watcher costs the feed no memory of its own: it holds the version it reached, and
/// asks for what comes next when it can send it (``watch(after:compression:)``). Up to date, it waits;
/// one change behind, it gets the change's message, encoded once for everyone; a few
/// behind, one patch composed from the window; further behind (or after a restart, or a
/// reset), the whole list, encoded once per version and shared. So a stalled watcher
/// grows nothing, and catches up in one step when it reads again. Watchers that accept
/// compression get the list's parts and large changes deflated, also once for everyone.
///
/// ```swift
/// let feed = ListFeed(name: "mail", source: SQLiteListSource<Int64, Int64, Message>(database: pool, query: query))
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await feed.run() }          // follows the source until cancelled
///     // ... serve feed.watch(after:compression:) and feed.items(requestBody:) over WebSocket and HTTP
/// }
/// ```
///
/// Threading: every method may be called from any task; the feed's state is behind one
/// lock, and the source is read by ``run()``'s task alone, one call at a time.
public final class ListFeed<Source: ListDataSource>: Sendable, InvalidationTarget
where Source.ID: ListWireValue, Source.Summary: ListWireValue, Source.Item: Encodable {
    /// The list's identifier type.
    public typealias ID = Source.ID
    /// The list's summary type.
    public typealias Summary = Source.Summary
    typealias Messages = ListWireMessages<ID, Summary>
    /// A list's messages at a version, and the same compressed for the watchers that accept
    /// it (the same messages when the feed compresses nothing).
    typealias EncodedList = (version: ListVersion, messages: [[UInt8]], compressed: [[UInt8]])

    struct State: Sendable {
        var status = ListFeedStatus.starting
        var snapshot: ListSnapshot<ID, Summary>?
        var version: ListVersion?
        var window: ListFeedWindow<ID>
        /// The whole list, encoded for some version still in reach of the window.
        var list: EncodedList?
        var listEncoding: Task<EncodedList, Never>?
        /// Counts every change a waiting watcher must see (a version, a failure, the stop).
        var changeCount = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
        /// Tasks waiting until at least `count` watchers wait (``waitUntilWatchersWait(_:)``),
        /// numbered like the waiters.
        var waiterObservers: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        /// The next read must be a full one (the first, and after a failure).
        var needsBaseline = true
        var isRunning = false
        var isStopped = false
        /// Requests for a read that starts after them (an edit's confirmation), numbered.
        var readRequests = 0
        /// Those waiting for their read: the number each needs covered, and its continuation.
        var readWaiters: [Int: (request: Int, continuation: CheckedContinuation<ListVersion?, Never>)] = [:]
    }

    /// The name apps ask for.
    public let name: String
    /// The source it follows.
    public let source: Source
    /// How it follows and serves.
    public let configuration: ListFeedConfiguration
    /// How it writes the edits apps send; `nil`: it takes none.
    public let editor: ListFeedEditor<ID>?
    let epoch: UInt64
    let state: Guarded<State>
    let signals: AsyncStream<Void>
    let signal: AsyncStream<Void>.Continuation

    /// A feed of `source` under `name`, writing the edits apps send with `editor` (`nil`:
    /// it takes none). It reads nothing until ``run()``.
    ///
    /// Any queue.
    ///
    /// - Parameters:
    ///   - name: the name apps ask for in their requests; distinct among the lists of one
    ///     ``ListServer``.
    ///   - source: the list the feed follows; only ``run()``'s task reads it, one call at a time.
    ///   - configuration: the window of recent changes, how often the feed reads, compression and
    ///     request limits; the defaults by default.
    ///   - editor: writes the moves and deletes apps send (``edit(requestBody:)``); `nil`, the
    ///     default, refuses every edit.
    public init(name: String, source: Source, configuration: ListFeedConfiguration = ListFeedConfiguration(), editor: ListFeedEditor<ID>? = nil) {
        self.name = name
        self.source = source
        self.configuration = configuration
        self.editor = editor
        epoch = UInt64.random(in: 1 ... UInt64.max)
        state = Guarded(State(window: ListFeedWindow(maxChanges: configuration.windowChanges, maxTouched: configuration.windowTouchedIdentifiers)))
        (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Where the feed stands. Any queue.
    public var status: ListFeedStatus { state.withLock { $0.status } }

    /// The list as the feed last read it, and its version; `nil` before the first read.
    /// Any queue.
    public var current: (version: ListVersion, snapshot: ListSnapshot<ID, Summary>)? {
        state.withLock { state in state.version.flatMap { version in state.snapshot.map { (version, $0) } } }
    }

    /// How many changes the window holds (at most ``ListFeedConfiguration/windowChanges``).
    package var retainedChanges: Int { state.withLock { $0.window.changes.count } }

    // MARK: - Following the source

    /// Follows the source until the calling task is cancelled: reads its list, then each
    /// change it reports (patched when it is an `IncrementalListDataSource`, else read
    /// whole and compared), and publishes each change to the watchers. A failed read keeps
    /// the last good version and is retried with growing delays. When it returns, every
    /// watcher has been told the server is shutting down.
    ///
    /// Runs on the calling task; call it once.
    public func run() async {
        let first = state.withLock { state in
            defer { state.isRunning = true }
            return !state.isRunning && !state.isStopped
        }
        guard first else { return }
        source.attach(ListInvalidation(target: self, sourceGeneration: 1))
        signal.yield()
        var failures = 0
        for await _ in signals {
            if configuration.coalescing > .zero { try? await Task.sleep(for: configuration.coalescing) }
            if Task.isCancelled { break }
            // Every request made so far is covered by this read (it starts after them).
            let covering = state.withLock { $0.readRequests }
            do {
                try await read()
                failures = 0
                endReadWaits(covering)
            } catch {
                failures += 1
                fail(error)
                let backoff = Backoff(initial: configuration.retryDelay, maximum: configuration.maximumRetryDelay)
                try? await Task.sleep(for: backoff.delay(afterFailures: failures))
                if Task.isCancelled { break }
                signal.yield()
            }
        }
        source.detach()
        stop()
    }

    /// Tells every watcher the server is shutting down and ends ``run()``. Any queue.
    public func stop() {
        wake { state in
            state.isStopped = true
            state.status = .stopped
        }
        signal.finish()
        endReadWaits(.max)
    }

    package func sourceDidInvalidate(generation: Int) {
        signal.yield()
    }

    package func isCurrentSource(generation: Int) -> Bool {
        state.withLock { $0.isRunning && !$0.isStopped }
    }

    /// One read of the source, published as a change (or as the first list).
    private func read() async throws {
        let (old, needsBaseline) = state.withLock { ($0.snapshot, $0.needsBaseline) }
        let incremental = source as? any IncrementalListDataSource<ID, Summary, Source.Item>
        switch try await NextList.read(from: source, incremental: incremental, since: needsBaseline ? nil : old) {
        case let .patched(new, patch, _, _):
            publish(new: new, patch: patch)
        case let .full(new):
            if let old {
                publish(new: new, patch: ListSnapshotPatch(from: old, to: new))
            } else {
                publish(first: new)
            }
        }
    }

    private func publish(first snapshot: ListSnapshot<ID, Summary>) {
        let version = ListVersion(epoch: epoch, sequence: 0)
        wake { state in
            state.snapshot = snapshot
            state.version = version
            state.status = .serving(version)
            state.needsBaseline = false
            encodeListAhead(&state)
        }
    }

    private func publish(new: ListSnapshot<ID, Summary>, patch: ListSnapshotPatch<ID, Summary>) {
        guard let from = state.withLock({ $0.version }) else { return publish(first: new) }
        if patch.touched.isEmpty && patch.rows.isEmpty {
            wake { state in
                state.snapshot = new
                state.status = .serving(from)
                state.needsBaseline = false
            }
            return
        }
        let to = from.next
        let message = Messages.change(from: from, to: to, patch: patch)
        let compressed = compressed(message)
        let isReset = patch.touched.count > max(1_024, Int(Double(new.count) * configuration.resetFraction))
        wake { state in
            state.window.append(.init(version: to, touched: patch.touched, message: message, compressed: compressed, isReset: isReset))
            state.snapshot = new
            state.version = to
            state.status = .serving(to)
            state.needsBaseline = false
            encodeListAhead(&state)
        }
    }

    /// `message` as the watchers that accept the feed's compression are sent it.
    func compressed(_ message: [UInt8]) -> [UInt8] {
        guard let compression = configuration.compression else { return message }
        return Messages.compressed(message, with: compression, level: configuration.compressionLevel)
    }

    private func fail(_ error: any Error) {
        wake { state in
            state.status = .failing(lastGood: state.version, message: "\(error)")
            state.needsBaseline = true
        }
    }

    /// Changes the state and wakes every waiting watcher.
    private func wake(_ change: (inout State) -> Void) {
        let waiters = state.withLock { state in
            change(&state)
            state.changeCount += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}
