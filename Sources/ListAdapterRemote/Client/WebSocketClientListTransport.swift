#if WebSocket && os(Linux)
import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
public import NIOSSL

/// The ``ListTransport`` of Linux: watches over hummingbird-websocket's client connection
/// and WebSocket frames, payload and edit requests over AsyncHTTPClient (both SwiftNIO).
/// Needs the package trait `WebSocket`.
///
/// `https` and `wss` URLs use TLS (SwiftNIO SSL) with the system's trusted roots, or with
/// the `TLSConfiguration` given (a private certificate authority, a pinned certificate).
/// The certificate must name the URL's host: a host name among its DNS names (and sent as
/// the server name, SNI), an IP address (`https://127.0.0.1:8080`, `https://[::1]:8080`)
/// among its IP addresses (and no server name sent, as RFC 6066 asks):
///
/// ```swift
/// var tls = TLSConfiguration.makeClientConfiguration()
/// tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile("ca.pem"))
/// let source = RemoteListSource<Int64, Int64, Message>(
///     url: URL(string: "https://lists.example.com/lists/mail")!, token: token,
///     transport: WebSocketClientListTransport(tlsConfiguration: tls))
/// ```
///
/// When a server refuses the upgrade, the client learns only that it failed; the transport
/// then asks the same URL over plain HTTP, so the error names the server's status (401,
/// 404) like on Apple platforms.
///
/// A watch whose upgrade does not complete within ``handshakeTimeout`` fails as
/// unreachable (the source then reconnects): a server that takes the connection and never
/// answers (one stopping as the request arrives, a half-open connection) would otherwise
/// hold the watch forever, the client waiting for its answer with no bound. Once upgraded,
/// the client pings every ``pingInterval`` and closes a connection whose server has not
/// answered the last ping by the next (a server that stopped reading it), so the source
/// reconnects within about two intervals.
///
/// Threading: called from the source's tasks; SwiftNIO runs the connection on its event
/// loops.
public struct WebSocketClientListTransport: ListTransport {
    /// The largest message accepted. Default 16 MiB.
    public let maximumMessageBytes: Int
    /// The longest a watch waits for the server to complete the WebSocket upgrade (the TCP
    /// connection made, the request sent). Default 10 s.
    public var handshakeTimeout: Duration
    /// How often the client pings the server once upgraded; a ping unanswered by the next
    /// closes the connection. `nil`: no pings. Default 10 s.
    public var pingInterval: Duration?
    /// The TLS settings of `https` and `wss` connections; `nil`: the defaults (the system's
    /// trusted roots).
    public let tlsConfiguration: TLSConfiguration?
    let requests: HTTPRequests

    /// A transport accepting messages up to `maximumMessageBytes`, giving up on an upgrade
    /// not completed within `handshakeTimeout`, pinging every `pingInterval`, connecting
    /// with `tlsConfiguration` where the URL asks for TLS.
    ///
    /// - Parameters:
    ///   - maximumMessageBytes: the largest WebSocket message and the largest answer to a payload
    ///     or edit request accepted, in bytes; a larger one fails as unreachable. 16 MiB by
    ///     default.
    ///   - handshakeTimeout: how long a watch waits for the WebSocket upgrade to complete (the TCP
    ///     connection and TLS handshake included) before it fails as unreachable; 10 s by default.
    ///   - pingInterval: how often to ping the server once upgraded; a ping not answered by the
    ///     next closes the connection. `nil` sends no pings; 10 s by default.
    ///   - tlsConfiguration: the TLS settings of `https` and `wss` connections (trust roots, a
    ///     client certificate); `nil`, the default, uses the system's trusted roots.
    public init(
        maximumMessageBytes: Int = 16 << 20, handshakeTimeout: Duration = .seconds(10), pingInterval: Duration? = .seconds(10),
        tlsConfiguration: TLSConfiguration? = nil
    ) {
        self.maximumMessageBytes = maximumMessageBytes
        self.handshakeTimeout = handshakeTimeout
        self.pingInterval = pingInterval
        self.tlsConfiguration = tlsConfiguration
        requests = HTTPRequests(tlsConfiguration: tlsConfiguration, maximumBytes: maximumMessageBytes)
    }

    /// Receives the WebSocket's binary messages until the server closes it.
    ///
    /// - Parameters:
    ///   - request: the watch URL (`ws://` or `wss://`) and the headers to send with the upgrade.
    ///   - receive: given each binary message, in order, one at a time; throwing closes the
    ///     connection and the error is rethrown.
    public func watch(_ request: ListTransportRequest, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws {
        var configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageBytes)
        if let pingInterval { configuration.autoPing = .enabled(timePeriod: pingInterval) }
        for (name, value) in request.headers {
            if let field = HTTPField.Name(name) { configuration.additionalHeaders[field] = value }
        }
        let maximum = maximumMessageBytes
        let url = request.url
        let clientConfiguration = configuration
        let tlsConfiguration = tlsConfiguration
        let handshake = HandshakeDeadline(timeout: handshakeTimeout, error: ListTransportError(.unreachable, url: url, message: "the WebSocket upgrade did not complete within \(handshakeTimeout)"))
        do {
            try await handshake.run {
                try await ListWebSocketChannel.connect(url: url, configuration: clientConfiguration, tlsConfiguration: tlsConfiguration, logger: Self.logger) { inbound, _, _ in
                    // Too late: the watch already failed (a late upgrade must not deliver).
                    guard handshake.upgraded() else { return }
                    for try await message in inbound.messages(maxSize: maximum) {
                        guard case .binary(let buffer) = message else {
                            throw ListTransportError(.unexpectedMessage, url: url, message: "a text message")
                        }
                        try await receive(Array(buffer: buffer))
                    }
                }
            }
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
            throw await refusal(of: request)
        } catch let error as ListTransportError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            throw ListTransportError(.unreachable, url: url, message: "\(error)")
        }
    }

    /// Sends `body` with `POST`.
    ///
    /// - Parameters:
    ///   - request: the URL (`http://` or `https://`) and the headers to send.
    ///   - body: the request's body, sent as `application/octet-stream`.
    /// - Returns: the answer's HTTP status and its body, whatever the status (at most
    ///   ``maximumMessageBytes``).
    public func post(_ request: ListTransportRequest, body: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
        try await requests.send(.POST, request, body: body)
    }

    /// Why the server refused an upgrade: the status of a plain `GET` of the same URL. A
    /// server that takes the plain request (426: it asks for the upgrade the app just tried)
    /// refused nothing that lasts: the upgrade failed on the way.
    private func refusal(of request: ListTransportRequest) async -> ListTransportError {
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        components?.scheme = request.url.scheme == "wss" ? "https" : "http"
        guard let url = components?.url,
              let (status, body) = try? await requests.send(.GET, ListTransportRequest(url: url, headers: request.headers)), status >= 400, status != 426 else {
            return ListTransportError(.unreachable, url: request.url, message: "the WebSocket upgrade failed")
        }
        return ListTransportError(.refused(status: status), url: request.url, message: String(decoding: body.prefix(512), as: UTF8.self))
    }

    private static let logger = Logger(label: "ListAdapterRemote.WebSocketClientListTransport")
}
#endif
