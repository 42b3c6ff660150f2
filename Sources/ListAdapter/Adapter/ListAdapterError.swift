/// A failure the adapter reports: its data source threw, timed out, or failed to fetch
/// payloads. The adapter keeps serving its last good list; the next invalidation or
/// transition retries.
///
/// Thread safety: a value type; use it on any queue.
public struct ListAdapterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// `loadEntries()` threw ``ListAdapterError/underlying``.
        case loadFailed
        /// `loadEntries()` did not complete within the configured timeout.
        case loadTimedOut(after: Duration)
        /// `fetchItems(_:)` threw ``ListAdapterError/underlying``.
        case fetchFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// The data source's type, for context.
    public let source: String
    /// The error the data source threw, if any.
    public let underlying: (any Error)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong: a failed load, a load that timed out, or a failed fetch.
    ///   - source: the data source's type name, shown in ``description`` and compared by `==`.
    ///   - underlying: the error the data source threw; `nil` (the default) for a timeout or
    ///     when there is none. It is context only: `==` ignores it.
    public init(_ kind: Kind, source: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.source = source
        self.underlying = underlying
    }

    /// A one-line explanation naming the source and, for a thrown error, its message. Any queue.
    public var description: String {
        switch kind {
        case .loadFailed:
            "\(source) failed to load its entries: \(underlying.map { "\($0)" } ?? "unknown error")"
        case .loadTimedOut(let timeout):
            "\(source) did not load its entries within \(timeout)"
        case .fetchFailed:
            "\(source) failed to fetch items: \(underlying.map { "\($0)" } ?? "unknown error")"
        }
    }

    /// Errors are equal when their kind and source are (the underlying error is context).
    ///
    /// - Parameters:
    ///   - lhs: an error.
    ///   - rhs: another error.
    /// - Returns: `true` when both have the same ``kind`` and ``source``, whatever their
    ///   ``underlying`` errors.
    public static func == (lhs: ListAdapterError, rhs: ListAdapterError) -> Bool {
        lhs.kind == rhs.kind && lhs.source == rhs.source
    }
}

/// Where the adapter's list stands, as its delivery-queue API reports it.
///
/// Thread safety: a value type; use it on any queue.
public enum ListLoadState: Sendable, Equatable {
    /// No load has completed yet.
    case loading
    /// The last load completed and the list is empty.
    case empty
    /// The last load completed and the list has items.
    case content
    /// The last load failed; the adapter still serves its last good list.
    case failed(ListAdapterError)
}
