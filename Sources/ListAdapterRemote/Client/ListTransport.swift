public import Foundation

/// One request of an app to a list server: a URL and its headers.
///
/// Thread safety: a value type; use it on any queue.
public struct ListTransportRequest: Sendable {
    /// Where: `ws://`/`wss://` for a watch, `http://`/`https://` for a payload request.
    public var url: URL
    /// The headers to send (`Authorization: Bearer ...`).
    public var headers: [String: String]

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - url: where to send it: `ws://` or `wss://` for a watch, `http://` or `https://` for a
    ///     payload or edit request.
    ///   - headers: the header fields to send, by name (`Authorization: Bearer ...`); none by
    ///     default.
    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// How a transport failed, with the URL it tried.
///
/// Thread safety: a value type; use it on any queue.
public struct ListTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The server answered with an HTTP error status (401 for a refused token, 404
        /// for a list it does not serve, ...).
        case refused(status: Int)
        /// No connection: the server is down, the name does not resolve, the connection
        /// dropped.
        case unreachable
        /// The server sent something that is not a binary message.
        case unexpectedMessage
    }

    /// What happened.
    public let kind: Kind
    /// The URL tried.
    public let url: URL
    /// The server's message or the system's error, for a person.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what happened: an HTTP error status, no connection, or a message that is not
    ///     binary.
    ///   - url: the URL the transport tried.
    ///   - message: the server's message or the system's error, for a person.
    public init(_ kind: Kind, url: URL, message: String) {
        self.kind = kind
        self.url = url
        self.message = message
    }

    /// The kind, the URL and the message.
    public var description: String {
        switch kind {
        case .refused(let status): "\(url) answered HTTP \(status): \(message)"
        case .unreachable: "\(url) cannot be reached: \(message)"
        case .unexpectedMessage: "\(url) sent an unexpected message: \(message)"
        }
    }
}

/// How a ``RemoteListSource`` talks to its server: a WebSocket for the list and its
/// changes, HTTP `POST` for payloads.
///
/// ``URLSessionListTransport`` is the transport on Apple platforms;
/// ``WebSocketClientListTransport`` (package trait `WebSocket`) is the one on Linux.
///
/// Threading: both requirements are called from the source's tasks, never on the main
/// queue, and may complete on any thread.
public protocol ListTransport: Sendable {
    /// Opens a WebSocket to `request.url`, passes each binary message to `receive`, in
    /// order, one at a time, and returns when the server closes it.
    ///
    /// Throws a ``ListTransportError`` (``ListTransportError/Kind/refused(status:)`` when
    /// the server answers the upgrade with an HTTP error), whatever `receive` throws (the
    /// connection is then closed), or `CancellationError` when the calling task is
    /// cancelled (the connection is then closed too).
    ///
    /// - Parameters:
    ///   - request: the watch URL (`ws://` or `wss://`, with its `after` and `compression` query
    ///     values) and the headers to send with the upgrade.
    ///   - receive: given each binary message, in order; the next message waits until it returns.
    ///     Throwing closes the connection and `watch` rethrows the error.
    func watch(_ request: ListTransportRequest, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws

    /// Sends `body` with `POST` and returns the status and the body of the answer. Throws a
    /// ``ListTransportError/Kind/unreachable`` error when there is no answer.
    ///
    /// - Parameters:
    ///   - request: the URL (`http://` or `https://`) and the headers to send.
    ///   - body: the request's body, sent as `application/octet-stream`.
    /// - Returns: the answer's HTTP status and its body (empty for none), whatever the status.
    func post(_ request: ListTransportRequest, body: [UInt8]) async throws -> (status: Int, body: [UInt8])
}
