#if WebSocket && os(Linux)
import Foundation
import FoundationNetworking
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore

/// The ``ListTransport`` of Linux: watches over hummingbird-websocket's `WebSocketClient`
/// (SwiftNIO), payload requests over `URLSession`. Needs the package trait `WebSocket`.
///
/// When a server refuses the upgrade, the client learns only that it failed; the transport
/// then asks the same URL over plain HTTP, so the error names the server's status (401,
/// 404) like on Apple platforms.
///
/// Threading: called from the source's tasks; SwiftNIO runs the connection on its event
/// loops.
public struct WebSocketClientListTransport: ListTransport {
    /// The largest message accepted. Default 16 MiB.
    public var maximumMessageBytes: Int
    let payloads: URLSessionListTransport

    /// A transport accepting messages up to `maximumMessageBytes`.
    public init(maximumMessageBytes: Int = 16 << 20) {
        self.maximumMessageBytes = maximumMessageBytes
        payloads = URLSessionListTransport(maximumMessageBytes: maximumMessageBytes)
    }

    /// Receives the WebSocket's binary messages until the server closes it.
    public func watch(_ request: ListTransportRequest, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws {
        var configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageBytes)
        for (name, value) in request.headers {
            if let field = HTTPField.Name(name) { configuration.additionalHeaders[field] = value }
        }
        let maximum = maximumMessageBytes
        let url = request.url
        do {
            try await WebSocketClient.connect(url: url.absoluteString, configuration: configuration, logger: Self.logger) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: maximum) {
                    guard case .binary(let buffer) = message else {
                        throw ListTransportError(.unexpectedMessage, url: url, message: "a text message")
                    }
                    try await receive(Array(buffer: buffer))
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

    /// Sends `body` with `POST` over `URLSession`.
    public func post(_ request: ListTransportRequest, body: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
        try await payloads.post(request, body: body)
    }

    /// Why the server refused an upgrade: the status of a plain `GET` of the same URL.
    private func refusal(of request: ListTransportRequest) async -> ListTransportError {
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        components?.scheme = request.url.scheme == "wss" ? "https" : "http"
        guard let url = components?.url else { return ListTransportError(.unreachable, url: request.url, message: "the WebSocket upgrade failed") }
        var urlRequest = URLRequest(url: url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        guard let (data, response) = try? await payloads.session.data(for: urlRequest), let status = (response as? HTTPURLResponse)?.statusCode, status >= 400 else {
            return ListTransportError(.unreachable, url: request.url, message: "the WebSocket upgrade failed")
        }
        return ListTransportError(.refused(status: status), url: request.url, message: String(decoding: data.prefix(512), as: UTF8.self))
    }

    private static let logger = Logger(label: "ListAdapterRemote.WebSocketClientListTransport")
}
#endif
