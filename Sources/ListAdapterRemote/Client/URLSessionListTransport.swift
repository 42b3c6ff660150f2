#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// A ``ListTransport`` on `URLSession`: its WebSocket task for watches and a data task for
/// payloads. Nothing else to add: the transport of Apple platforms.
///
/// On Linux, `URLSession` has no working WebSocket (its libcurl is built without one), so
/// watches there need ``WebSocketClientListTransport``; payload requests work on both.
///
/// Threading: called from the source's tasks; `URLSession` completes on its own queue.
public struct URLSessionListTransport: ListTransport {
    /// The session requests go through.
    public let session: URLSession
    /// The largest message accepted (a part of a list is about 100 KB). Default 16 MiB.
    public var maximumMessageBytes: Int

    /// A transport on `session` (default: `URLSession.shared`).
    ///
    /// - Parameters:
    ///   - session: the session watches and payload requests go through; its configuration
    ///     (proxies, timeouts, TLS trust) applies to both. `URLSession.shared` by default.
    ///   - maximumMessageBytes: the largest WebSocket message accepted, in bytes; a larger one
    ///     fails the watch as unreachable (and the source reconnects). 16 MiB by default.
    public init(session: URLSession = .shared, maximumMessageBytes: Int = 16 << 20) {
        self.session = session
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// Receives the WebSocket's binary messages until the server closes it.
    ///
    /// - Parameters:
    ///   - request: the watch URL (`ws://` or `wss://`) and the headers to send with the upgrade.
    ///   - receive: given each binary message, in order, one at a time; throwing closes the
    ///     connection and the error is rethrown.
    public func watch(_ request: ListTransportRequest, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws {
        var urlRequest = URLRequest(url: request.url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.webSocketTask(with: urlRequest)
        task.maximumMessageSize = maximumMessageBytes
        task.resume()
        defer { task.cancel(with: .normalClosure, reason: nil) }
        try await withTaskCancellationHandler {
            while true {
                let message: URLSessionWebSocketTask.Message
                do {
                    message = try await task.receive()
                } catch {
                    try Task.checkCancellation()
                    if let response = task.response as? HTTPURLResponse, response.statusCode >= 400 {
                        throw ListTransportError(.refused(status: response.statusCode), url: request.url, message: HTTPURLResponse.localizedString(forStatusCode: response.statusCode))
                    }
                    if task.closeCode != .invalid { return }
                    throw ListTransportError(.unreachable, url: request.url, message: error.localizedDescription)
                }
                switch message {
                case .data(let data):
                    try await receive([UInt8](data))
                case .string:
                    throw ListTransportError(.unexpectedMessage, url: request.url, message: "a text message")
                @unknown default:
                    throw ListTransportError(.unexpectedMessage, url: request.url, message: "a message of an unknown kind")
                }
            }
        } onCancel: {
            task.cancel(with: .goingAway, reason: nil)
        }
    }

    /// Sends `body` with `POST`.
    ///
    /// - Parameters:
    ///   - request: the URL (`http://` or `https://`) and the headers to send.
    ///   - body: the request's body, sent as `application/octet-stream`.
    /// - Returns: the answer's HTTP status (0 when the answer is not HTTP) and its body, whatever
    ///   the status.
    public func post(_ request: ListTransportRequest, body: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "POST"
        urlRequest.httpBody = Data(body)
        urlRequest.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            try Task.checkCancellation()
            throw ListTransportError(.unreachable, url: request.url, message: error.localizedDescription)
        }
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, [UInt8](data))
    }
}
