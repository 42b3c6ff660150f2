package import ListAdapterRemote

extension ListFeed {
    /// The whole list as messages, for a version the window still reaches: encoded once
    /// and shared by every watcher that needs it. A list more than an eighth of the window
    /// behind is sent as it is (the changes since follow, composed) and encoded again for
    /// the watchers after this one, so that their catch-up stays short.
    func encodedList() async -> EncodedList {
        let (ready, encoding) = state.withLock { state -> (EncodedList?, Task<EncodedList, Never>?) in
            guard let ready = Self.reachableList(state) else { return (nil, startListEncoding(&state)) }
            if let current = state.version, current.sequence - ready.version.sequence > UInt64(max(1, configuration.windowChanges / 8)) {
                _ = startListEncoding(&state)
            }
            return (ready, nil)
        }
        if let ready { return ready }
        // A `.list` step has a snapshot, so an encoding is under way.
        return await encoding!.value
    }

    /// Encodes the list ahead of the watchers that will need it, when the one encoded is
    /// no longer in the window's reach (and ``ListFeedConfiguration/encodesListAhead``):
    /// after the first read, and once per window of changes after that. So an app that
    /// connects, or every app after a restart, is sent a list that is ready. Called under
    /// the lock as a version is published, so a watcher that sees the version finds the
    /// encoding started.
    func encodeListAhead(_ state: inout State) {
        if configuration.encodesListAhead, !state.isStopped, Self.reachableList(state) == nil { _ = startListEncoding(&state) }
    }

    /// The version of the list encoded last, once the encoding under way (if any) ended;
    /// `nil` when none was encoded (tests).
    package func encodedListVersion() async -> ListVersion? {
        if let encoding = state.withLock({ $0.listEncoding }) { _ = await encoding.value }
        return state.withLock { $0.list?.version }
    }

    /// The encoded list, if the window still reaches the latest version from it.
    private static func reachableList(_ state: State) -> EncodedList? {
        guard let list = state.list, let current = state.version, state.window.catchUp(from: list.version, to: current) != .list else { return nil }
        return list
    }

    /// The encoding under way, or a new one of the latest version; `nil` before the first
    /// read. The encoding keeps its list as the feed's when it is the newest.
    private func startListEncoding(_ state: inout State) -> Task<EncodedList, Never>? {
        if let encoding = state.listEncoding { return encoding }
        guard let snapshot = state.snapshot, let version = state.version else { return nil }
        let rows = configuration.rowsPerListPart
        let encoding = Task { [self] in
            let messages = Messages.list(snapshot, version: version, rowsPerPart: rows)
            let list = (version: version, messages: messages, compressed: compressedList(messages))
            self.state.withLock { state in
                if state.list.map({ $0.version.sequence < list.version.sequence || $0.version.epoch != list.version.epoch }) ?? true { state.list = list }
                // One encoding at a time: a new one starts only when none is under way.
                state.listEncoding = nil
            }
            return list
        }
        state.listEncoding = encoding
        return encoding
    }

    /// A list's messages compressed (its parts: its start and end are a few bytes), or the
    /// same messages when the feed compresses nothing. When its first part does not gain
    /// (a list of random identifiers and summaries), the others are not tried: they are
    /// alike, and each try costs as much as encoding them.
    private func compressedList(_ messages: [[UInt8]]) -> [[UInt8]] {
        guard configuration.compression != nil else { return messages }
        var result: [[UInt8]] = []
        result.reserveCapacity(messages.count)
        for (index, message) in messages.enumerated() {
            let compressed = compressed(message)
            result.append(compressed)
            if index == 1, compressed.first != Messages.Kind.compressed.rawValue, message.count >= Messages.compressionThreshold {
                result += messages[2...]
                break
            }
        }
        return result
    }
}
