public import Foundation
public import ListAdapter

/// A `ListDataSource` for a list a server serves (`ListAdapterServer`): it
/// keeps one WebSocket open, receives the list once and then each change, and fetches
/// payloads in batches over HTTP. The adapter, its connector, SwiftUI's `AdapterList`
/// and edits work on it as on any source.
///
/// ```swift
/// let source = RemoteListSource<Int64, Int64, Message>(
///     url: URL(string: "https://mail.example.com/lists/inbox")!, token: token)
/// let adapter = ListViewAdapter(source: source)
/// ```
///
/// The connection opens when an adapter first reads the list. When it drops, the source
/// reconnects with growing, randomised delays and resumes from the version it holds (the
/// server answers with the changes since, or with the whole list); meanwhile the adapter
/// keeps showing the last good list. Each failure is a ``RemoteListError`` naming the URL.
///
/// Threading: the adapter calls it from its own tasks; the connection runs on a task of
/// its own; `status` may be read from any thread.
public final class RemoteListSource<
    ID: Hashable & Sendable & ListWireValue, Summary: Equatable & Sendable & ListWireValue, Item: Decodable & Sendable
>: IncrementalListDataSource, Sendable {
    struct State: Sendable {
        var replica: ListReplica<ID, Summary>
        var status = RemoteListStatus.idle
        var invalidations: [ListInvalidation] = []
        var connection: Task<Void, Never>?
        /// Loads waiting for the first list (or the first failure).
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// Whether the current connection completed a list or a change.
        var receivedOnThisConnection = false
    }

    /// The list's URL (`https://host/lists/name`): the watch goes to `/watch` under it (on
    /// `wss`), payload requests to `/items`.
    public let url: URL
    let token: String?
    let transport: any ListTransport
    /// How it connects and fetches.
    public let configuration: RemoteListConfiguration
    let state: Guarded<State>

    /// A source for the list at `url`, presenting `token` as a bearer token, over
    /// `transport` (the platform's default when `nil`). Connects when first read.
    ///
    /// Any queue.
    ///
    /// - Parameters:
    ///   - url: the list's URL (`https://host/lists/name`); the watch goes to `/watch` under it, on
    ///     `wss` for `https` and `ws` for `http`, payload and edit requests to `/items` and
    ///     `/edits`.
    ///   - token: the bearer token sent as `Authorization: Bearer <token>` with every request;
    ///     `nil`, the default, sends no `Authorization` header.
    ///   - transport: how to reach the server; `nil`, the default, takes ``defaultTransport``.
    ///   - configuration: reconnection delays, identifiers per payload request, message limits and
    ///     the compression accepted; the defaults by default.
    public init(url: URL, token: String? = nil, transport: (any ListTransport)? = nil, configuration: RemoteListConfiguration = RemoteListConfiguration()) {
        self.url = url
        self.token = token
        self.transport = transport ?? Self.defaultTransport
        self.configuration = configuration
        state = Guarded(State(replica: ListReplica(limits: configuration.limits)))
    }

    deinit {
        state.withLock { $0.connection }?.cancel()
    }

    /// The platform's transport: ``WebSocketClientListTransport`` on Linux with the
    /// package trait `WebSocket`, else ``URLSessionListTransport``.
    public static var defaultTransport: any ListTransport {
        #if WebSocket && os(Linux)
        WebSocketClientListTransport()
        #else
        URLSessionListTransport()
        #endif
    }

    /// Where the connection stands. Any thread.
    public var status: RemoteListStatus { state.withLock { $0.status } }

    /// The version of the list held; `nil` before the first. Any thread.
    public var version: ListVersion? { state.withLock { $0.replica.version } }

    /// Stops the connection (an adapter's source usually lives as long as the adapter;
    /// call this to stop sooner). Any thread.
    public func close() {
        let (connection, waiters) = state.withLock { state in
            defer { state.connection = nil; state.waiters = [] }
            if case .failed = state.status {} else { state.status = .idle }
            return (state.connection, state.waiters)
        }
        connection?.cancel()
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - ListDataSource

    /// The list as last received: waits for the first list while the first connection is
    /// being made; throws the connection's ``RemoteListError`` while it is down.
    ///
    /// - Returns: the list at the version last received.
    /// - Throws: the connection's ``RemoteListError`` while it is down or failed for good;
    ///   ``RemoteListError/Kind/serverUnavailable`` when the source was closed (``close()``) before
    ///   a list arrived.
    public func loadEntries() async throws -> ListSnapshot<ID, Summary> {
        try await list(resettingChanges: false)
    }

    /// Like ``loadEntries()``, and counts changes from this list on.
    ///
    /// - Returns: the list at the version last received; the next ``loadChanges(since:)`` answers
    ///   the changes after it.
    /// - Throws: as ``loadEntries()``.
    public func loadBaseline() async throws -> ListSnapshot<ID, Summary> {
        try await list(resettingChanges: true)
    }

    /// The changes received since the list last handed to the adapter, as one patch; `nil`
    /// when a whole list arrived since (after a reconnection the server could not resume).
    /// Throws the connection's ``RemoteListError`` while it is down, so that the adapter
    /// reports it (and keeps its list).
    ///
    /// - Parameter snapshot: the list last handed to the adapter (by ``loadBaseline()`` or applying
    ///   the previous patch); the patch is composed from the changes received since, not by
    ///   comparing with it.
    /// - Returns: the changes since, as one patch (empty when nothing changed); `nil` when a whole
    ///   list arrived since, which the adapter then loads whole.
    public func loadChanges(since snapshot: ListSnapshot<ID, Summary>) async throws -> ListSnapshotPatch<ID, Summary>? {
        try state.withLock { state in
            if let error = Self.connectionError(state.status) { throw error }
            return state.replica.takeChanges()
        }
    }

    /// The error to report for `status`: the connection's while it is down or failed.
    static func connectionError(_ status: RemoteListStatus) -> RemoteListError? {
        switch status {
        case .failed(let error), .connecting(let error?): error
        case .idle, .connecting(nil), .live: nil
        }
    }

    /// Fetches the items of `ids` in requests of ``RemoteListConfiguration/itemsPerRequest``
    /// identifiers; those the server reports missing are left out.
    ///
    /// - Parameter ids: the identifiers whose items to fetch, sent in requests of at most
    ///   ``RemoteListConfiguration/itemsPerRequest`` identifiers, one after another.
    /// - Returns: the items the server found, by identifier, decoded from JSON; identifiers it
    ///   reports missing have no entry.
    /// - Throws: a ``RemoteListError``: the connection's or HTTP status's kind when a request
    ///   fails, ``RemoteListError/Kind/malformedMessage(_:)`` for an answer that cannot be read,
    ///   ``RemoteListError/Kind/malformedItem`` for an item that does not decode as `Item`.
    public func fetchItems(_ ids: [ID]) async throws -> [ID: Item] {
        var items: [ID: Item] = [:]
        let decoder = JSONDecoder()
        let itemsURL = url.appendingPathComponent("items")
        var start = 0
        while start < ids.count {
            let batch = Array(ids[start ..< min(ids.count, start + max(1, configuration.itemsPerRequest))])
            start += batch.count
            let answer: (status: Int, body: [UInt8])
            do {
                answer = try await transport.post(ListTransportRequest(url: itemsURL, headers: headers), body: ListWirePayloads<ID>.request(batch))
            } catch {
                throw RemoteListError.from(error, url: url)
            }
            guard answer.status == 200 else {
                throw RemoteListError.from(ListTransportError(.refused(status: answer.status), url: itemsURL, message: String(decoding: answer.body.prefix(512), as: UTF8.self)), url: url)
            }
            do {
                let response = try ListWirePayloads<ID>.decodeResponse(answer.body, requested: batch, limits: configuration.limits)
                for (id, bytes) in response.found {
                    do {
                        items[id] = try decoder.decode(Item.self, from: Data(bytes))
                    } catch {
                        throw RemoteListError(.malformedItem, url: url, message: "the item of \(id) is not a \(Item.self): \(error)")
                    }
                }
            } catch let error as ListWireError {
                throw RemoteListError.from(error, url: url)
            }
        }
        return items
    }

    /// Keeps `invalidation`, and connects if nothing has yet.
    ///
    /// - Parameter invalidation: told each time a list or a change arrives (or the server says
    ///   the list is up to date), and when a live connection drops; kept until it is no longer
    ///   active (its adapter is gone).
    public func attach(_ invalidation: ListInvalidation) {
        state.withLock { state in
            state.invalidations.removeAll { !$0.isActive }
            state.invalidations.append(invalidation)
        }
        connectIfNeeded()
    }

    var headers: [String: String] {
        token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
    }

    private func list(resettingChanges: Bool) async throws -> ListSnapshot<ID, Summary> {
        connectIfNeeded()
        while true {
            let outcome = state.withLock { state -> Result<ListSnapshot<ID, Summary>, RemoteListError>? in
                // While the connection is down, loads fail with its error (the adapter keeps
                // its list); they succeed again once a list or a change arrives.
                if let error = Self.connectionError(state.status) { return .failure(error) }
                if let snapshot = state.replica.snapshot {
                    if resettingChanges { _ = state.replica.takeChanges() }
                    return .success(snapshot)
                }
                if case .idle = state.status { return .failure(RemoteListError(.serverUnavailable, url: url, message: "the source was closed")) }
                return nil
            }
            if let outcome { return try outcome.get() }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { state -> Bool in
                    guard state.replica.snapshot == nil, case .connecting(nil) = state.status else { return false }
                    state.waiters.append(continuation)
                    return true
                }
                if !waiting { continuation.resume() }
            }
        }
    }
}
