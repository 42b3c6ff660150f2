public import ListAdapter

extension RemoteListSource {
    /// Writes a person's move through the server (`POST {url}/edits`), which writes it
    /// through its own source: pass it as the adapter's `write`.
    ///
    /// ```swift
    /// try adapter.moveItem(from: source, to: destination) { move in try await remote.move(move) }
    /// ```
    ///
    /// Returns once the server has written it and this source holds a list with the move in
    /// it (the version the server answered, or a later list), so that the adapter's next
    /// load confirms the edit; or once the connection drops meanwhile. Throws a ``RemoteListError``: ``RemoteListError/Kind/editRefused(status:)``
    /// when the server refused it (an item it names is gone, its store did not take it, or
    /// the list takes no edits), the connection's kinds otherwise.
    ///
    /// Any task.
    ///
    /// - Parameter move: the person's move, as the adapter made it: the item, its paths before and
    ///   after, and its new neighbours, which the server checks against the list it holds.
    public func move(_ move: ListMove<ID>) async throws(RemoteListError) {
        try await send(.move(move))
    }

    /// Writes a person's delete through the server (`POST {url}/edits`), in requests of at
    /// most ``RemoteListConfiguration/itemsPerRequest`` identifiers: pass it as the
    /// adapter's `write`.
    ///
    /// ```swift
    /// try adapter.deleteItems(at: paths) { ids in try await remote.delete(ids) }
    /// ```
    ///
    /// Throws as ``move(_:)``; when a later request fails, the earlier ones stay written.
    ///
    /// Any task.
    ///
    /// - Parameter ids: the identifiers to delete, in list order; an empty array sends nothing.
    public func delete(_ ids: [ID]) async throws(RemoteListError) {
        var start = 0
        while start < ids.count {
            let batch = Array(ids[start ..< min(ids.count, start + max(1, configuration.itemsPerRequest))])
            start += batch.count
            try await send(.delete(batch))
        }
    }

    private func send(_ edit: ListEdit<ID>) async throws(RemoteListError) {
        let editsURL = url.appendingPathComponent("edits")
        let answer: (status: Int, body: [UInt8])
        do {
            answer = try await transport.post(ListTransportRequest(url: editsURL, headers: headers), body: ListWireEdits<ID>.request(edit))
        } catch {
            throw RemoteListError.from(error, url: url)
        }
        switch answer.status {
        case 200 ..< 300:
            let version: ListVersion?
            do {
                version = try ListWireEdits<ID>.decodeResponse(answer.body)
            } catch {
                throw RemoteListError.from(error, url: url)
            }
            if let version { await waitUntilHolding(version) }
        case 405, 409:
            throw RemoteListError(.editRefused(status: answer.status), url: url, message: "the server refused the edit: " + String(decoding: answer.body.prefix(512), as: UTF8.self))
        default:
            throw RemoteListError.from(ListTransportError(.refused(status: answer.status), url: editsURL, message: String(decoding: answer.body.prefix(512), as: UTF8.self)), url: url)
        }
    }

    /// Returns once the replica holds `version` or later, or a list of another epoch than
    /// the one it held on the call (a server restarted since read its list after the
    /// write), or once the connection is not live.
    private func waitUntilHolding(_ version: ListVersion) async {
        let epochOnCall = state.withLock { $0.replica.version?.epoch }
        func reached(_ state: State) -> Bool {
            guard case .live = state.status, let held = state.replica.version else { return true }
            return held.epoch == version.epoch ? held.sequence >= version.sequence : held.epoch != epochOnCall
        }
        while !state.withLock({ reached($0) }) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if reached(state) { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }
}
