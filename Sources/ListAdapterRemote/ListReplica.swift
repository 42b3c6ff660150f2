public import ListAdapter

/// An app's copy of a list a server serves, kept from the server's messages: the version
/// it reached, the list at that version, and what changed since the list was last handed
/// on (to an adapter).
///
/// Each message is checked before it changes anything: a change must start at the
/// replica's version and its patch must apply; otherwise ``receive(_:)`` throws and the
/// replica keeps its last good list (the app reconnects and resumes from ``version``).
///
/// Thread safety: a value type, used by one task at a time.
public struct ListReplica<ID: Hashable & Sendable & ListWireValue, Summary: Equatable & Sendable & ListWireValue>: Sendable {
    /// What a message did.
    public enum Outcome: Sendable, Equatable {
        /// Part of a list arrived; nothing changed yet.
        case partial
        /// A whole list arrived.
        case list
        /// A change was applied.
        case change
        /// The server stopped serving the list.
        case failure(ListWireFailure)
        /// The server said the replica's version is its latest.
        case upToDate
    }

    /// The version of ``snapshot``; `nil` before the first list.
    public private(set) var version: ListVersion?
    /// The list at ``version``; `nil` before the first list.
    public private(set) var snapshot: ListSnapshot<ID, Summary>?
    private var decoder: ListWireDecoder<ID, Summary>
    /// Identifiers changes touched since ``takeChanges()``; `nil` when a whole list came.
    private var touchedSinceTaken: [ID]? = []

    /// An empty replica whose messages are read within `limits`.
    ///
    /// - Parameter limits: the largest counts and lengths the server's messages may claim (rows,
    ///   text bytes, inflated bytes); a message past one throws ``ListWireError/Kind/tooLarge``
    ///   from ``receive(_:)``. The defaults by default.
    public init(limits: ListWireLimits = ListWireLimits()) {
        decoder = ListWireDecoder(limits: limits)
    }

    /// Reads one message from the server.
    ///
    /// Throws a ``ListWireError`` for a message that cannot be read, a change that does not
    /// start at ``version`` (``ListWireError/Kind/outOfOrder``), or a patch that does not
    /// apply to the list (``ListWireError/Kind/malformed``); the replica is then unchanged.
    ///
    /// - Parameter message: one WebSocket binary message from the server, as received (compressed
    ///   or not).
    /// - Returns: what the message did: ``Outcome/partial`` for the start or a part of a list,
    ///   ``Outcome/list`` once a whole list arrived, ``Outcome/change`` for an applied change,
    ///   ``Outcome/upToDate``, or ``Outcome/failure(_:)`` when the server stopped serving.
    public mutating func receive(_ message: [UInt8]) throws(ListWireError) -> Outcome {
        switch try decoder.decode(message) {
        case nil:
            return .partial
        case .list(let version, let snapshot)?:
            self.version = version
            self.snapshot = snapshot
            touchedSinceTaken = nil
            return .list
        case .change(let from, let to, let patch)?:
            guard let snapshot, from == version else {
                throw ListWireError(.outOfOrder, message: "change", offset: 0, detail: "a change from version \(from) to a list at \(version.map(String.init(describing:)) ?? "none")")
            }
            guard let applied = snapshot.applying(patch) else {
                throw ListWireError(.malformed, message: "change", offset: 0, detail: "the change to version \(to) does not apply to the list at \(from)")
            }
            self.snapshot = applied.snapshot
            version = to
            touchedSinceTaken? += patch.touched
            return .change
        case .failure(let failure)?:
            return .failure(failure)
        case .upToDate(let latest)?:
            guard latest == version else {
                throw ListWireError(.outOfOrder, message: "up to date", offset: 0, detail: "up to date at version \(latest), for a list at \(version.map(String.init(describing:)) ?? "none")")
            }
            return .upToDate
        }
    }

    /// The patch from the list last taken to ``snapshot`` (every change since composed
    /// into one), or `nil` when a whole list arrived since (the taker then takes
    /// ``snapshot`` whole). Starts counting again.
    ///
    /// - Returns: the patch from the list last taken to ``snapshot``; `nil` when a whole list
    ///   arrived since the last call, or before the first list.
    public mutating func takeChanges() -> ListSnapshotPatch<ID, Summary>? {
        defer { touchedSinceTaken = [] }
        guard let touched = touchedSinceTaken, let snapshot else { return nil }
        return ListSnapshotPatch(touching: touched, in: snapshot)
    }
}
