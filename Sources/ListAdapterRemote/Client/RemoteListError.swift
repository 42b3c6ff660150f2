public import Foundation

/// A failure of a ``RemoteListSource``, naming the list's URL. The adapter receives it
/// through its load state and keeps its last good list; the source keeps reconnecting
/// after a connection error or a server error (5xx), and stops for good after an answer
/// that reconnecting cannot change: ``Kind/unauthorized`` (401), ``Kind/forbidden`` (403),
/// ``Kind/listNotFound`` (404).
///
/// Thread safety: a value type; use it on any queue.
public struct RemoteListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The server refused the token (HTTP 401). The source stops connecting: make a new
        /// one with a good token.
        case unauthorized
        /// The token is known but may not watch this list (HTTP 403). The source stops
        /// connecting.
        case forbidden
        /// The server serves no list at this URL (HTTP 404). The source stops connecting.
        case listNotFound
        /// The server cannot be reached, or dropped the connection.
        case serverUnavailable
        /// The server said it stopped serving the list (shutting down, its source failing).
        case serverStopped(ListWireFailure)
        /// A message could not be read, or did not fit the list held; the list stays as it
        /// was and the source resumes from its version.
        case malformedMessage(ListWireError)
        /// A payload could not be decoded as the item type.
        case malformedItem
        /// The server refused a person's edit (HTTP 409: an item it names is gone, or its
        /// store did not take it; 405: the list takes no edits). Nothing was written; the
        /// adapter puts the list back as the server has it.
        case editRefused(status: Int)
        /// The server answered a request with another HTTP error.
        case httpStatus(Int)
    }

    /// What went wrong.
    public let kind: Kind
    /// The list's URL.
    public let url: URL
    /// Details for a person.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong; ``Kind/unauthorized``, ``Kind/forbidden`` and
    ///     ``Kind/listNotFound`` stop the source for good.
    ///   - url: the list's URL (not the `/watch` or `/items` URL under it).
    ///   - message: details for a person.
    public init(_ kind: Kind, url: URL, message: String) {
        self.kind = kind
        self.url = url
        self.message = message
    }

    /// The list's URL and what went wrong.
    public var description: String { "remote list \(url): \(message)" }

    /// Whether reconnecting cannot help: the server answered that this token, or this URL,
    /// will not be served. Connection errors and server errors (5xx) pass.
    var isFinal: Bool {
        switch kind {
        case .unauthorized, .forbidden, .listNotFound: true
        default: false
        }
    }

    /// The error a transport's failure means for the list at `url`.
    static func from(_ error: any Error, url: URL) -> RemoteListError {
        switch error {
        case let error as RemoteListError:
            return error
        case let error as ListTransportError:
            switch error.kind {
            case .refused(401): return RemoteListError(.unauthorized, url: url, message: "the server refused the token (HTTP 401)")
            case .refused(403): return RemoteListError(.forbidden, url: url, message: "the server does not let this token watch the list (HTTP 403)")
            case .refused(404): return RemoteListError(.listNotFound, url: url, message: "the server serves no list here (HTTP 404)")
            case .refused(let status): return RemoteListError(.httpStatus(status), url: url, message: error.description)
            case .unreachable: return RemoteListError(.serverUnavailable, url: url, message: error.description)
            case .unexpectedMessage: return RemoteListError(.serverUnavailable, url: url, message: error.description)
            }
        case let error as ListWireError:
            return RemoteListError(.malformedMessage(error), url: url, message: error.description)
        default:
            return RemoteListError(.serverUnavailable, url: url, message: "\(error)")
        }
    }
}

/// Where a ``RemoteListSource``'s connection stands.
///
/// Thread safety: a value type; use it on any queue.
public enum RemoteListStatus: Sendable, Equatable {
    /// Not connected yet (nothing asked for the list).
    case idle
    /// Connecting, or waiting to reconnect after `lastError`.
    case connecting(lastError: RemoteListError?)
    /// Receiving changes; the list is at `version`.
    case live(ListVersion)
    /// Stopped for good: the server refused the token (401, 403) or serves no list at the URL (404).
    case failed(RemoteListError)
}
