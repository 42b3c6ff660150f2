import ListAdapter
public import ListAdapterRemote

extension ListFeed {
    /// Answers an edit request (`ListWireEdits`): checks it against the list the feed
    /// holds, writes it with the feed's ``ListFeedEditor``, then waits for a read of the
    /// source that started after the write (at most ``ListFeedConfiguration/editConfirmationTimeout``)
    /// and answers with that read's version (`ListWireEdits.response(version:)`): an app that
    /// holds it holds a list with the write in it. No version when the wait ended first.
    ///
    /// Throws a ``ListServerError``: ``ListServerError/Kind/editsNotAccepted`` when the feed
    /// has no editor, ``ListServerError/Kind/badRequest`` for a malformed body,
    /// ``ListServerError/Kind/editRefused`` when an identifier it names is not in the list
    /// (it is answered as missing, and nothing is written) or the editor throws (its error
    /// is not sent: it may name tables or files).
    ///
    /// Any task; the editor runs on the calling task.
    ///
    /// - Parameter requestBody: the body of an edit request as the app sent it, a `ListWireEdits`
    ///   request: one move or one delete, naming at most
    ///   ``ListFeedConfiguration/maximumItemsPerRequest`` identifiers.
    /// - Returns: the body of the answer (`ListWireEdits.response(version:)`): the version of the
    ///   first read that shows the edit, or no version when
    ///   ``ListFeedConfiguration/editConfirmationTimeout`` passed or the feed stopped first.
    public func edit(requestBody: [UInt8]) async throws(ListServerError) -> [UInt8] {
        guard let editor else {
            throw ListServerError(.editsNotAccepted, list: name, message: "this list takes no edits")
        }
        let edit: ListEdit<ID>
        do {
            edit = try ListWireEdits<ID>.decodeRequest(requestBody, limits: ListWireLimits(requestedItems: configuration.maximumItemsPerRequest))
        } catch {
            throw ListServerError(.badRequest, list: name, message: "\(error)", wireError: error)
        }
        var named = edit.identifiers
        if case .move(let move) = edit { named += [move.previous, move.next].compactMap { $0 } }
        let missing = state.withLock { state in named.filter { state.snapshot?.contains($0) != true } }
        guard missing.isEmpty else {
            throw ListServerError(.editRefused, list: name, message: "missing: \(missing.prefix(10).map { "\($0)" }.joined(separator: ", "))\(missing.count > 10 ? ", ..." : "")")
        }
        do {
            switch edit {
            case .move(let move): try await editor.move(move)
            case .delete(let ids): try await editor.delete(ids)
            }
        } catch {
            throw ListServerError(.editRefused, list: name, message: "the list's store did not take the \(edit.kindName)")
        }
        return ListWireEdits<ID>.response(version: await readAgain(within: configuration.editConfirmationTimeout))
    }

    /// Has the feed read its source again and returns the version that read published (the
    /// version before, when the list did not change): after a write to the source, a list
    /// with the write in it. `nil` when the feed stops, or `limit` passes, first.
    ///
    /// Any task; the read runs on ``run()``'s task.
    ///
    /// - Parameter limit: how long to wait for the read, from the call; the read itself still
    ///   happens when the wait ends first.
    /// - Returns: the version the feed serves after a read that started after the call (the version
    ///   before when the list did not change); `nil` when the feed stopped or `limit` passed first.
    public func readAgain(within limit: Duration) async -> ListVersion? {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        let version = await withCheckedContinuation { (continuation: CheckedContinuation<ListVersion?, Never>) in
            let stopped = state.withLock { state -> Bool in
                if state.isStopped { return true }
                state.readRequests += 1
                state.readWaiters[id] = (state.readRequests, continuation)
                return false
            }
            if stopped { return continuation.resume(returning: nil) }
            signal.yield()
            Task { [weak self] in
                try? await Task.sleep(for: limit)
                self?.state.withLock { $0.readWaiters.removeValue(forKey: id) }?.continuation.resume(returning: nil)
            }
        }
        return version
    }

    /// Ends the waits of every read request numbered up to `covered`, with the version now.
    func endReadWaits(_ covered: Int) {
        let (ended, version) = state.withLock { state in
            let ended = state.readWaiters.filter { $0.value.request <= covered }
            for id in ended.keys { state.readWaiters[id] = nil }
            return (ended.values.map(\.continuation), state.isStopped ? nil : state.version)
        }
        for continuation in ended { continuation.resume(returning: version) }
    }
}

extension ListEdit {
    /// "move" or "delete".
    var kindName: String {
        switch self {
        case .move: "move"
        case .delete: "delete"
        }
    }
}
