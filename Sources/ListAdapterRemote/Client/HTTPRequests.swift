#if WebSocket && os(Linux)
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// The plain HTTP requests of ``WebSocketClientListTransport`` (payloads, edits, the status
/// of a refused upgrade), over AsyncHTTPClient: with the TLS settings the app gave, which
/// Linux's `URLSession` cannot take.
///
/// Thread safety: `Sendable`; any task.
final class HTTPRequests: Sendable {
    private let client: HTTPClient
    /// The largest answer accepted.
    let maximumBytes: Int

    /// Requests with `tlsConfiguration` (the system's trusted roots when `nil`). A connection
    /// that cannot be made (refused, an untrusted certificate) fails the request at once:
    /// the source has its own retries.
    init(tlsConfiguration: TLSConfiguration?, maximumBytes: Int) {
        self.maximumBytes = maximumBytes
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = tlsConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit {
        client.shutdown { _ in }
    }

    /// Sends the request; its status and body. Throws a ``ListTransportError`` when the
    /// server cannot be reached or the answer is larger than ``maximumBytes``.
    func send(_ method: HTTPMethod, _ request: ListTransportRequest, body: [UInt8]? = nil) async throws -> (status: Int, body: [UInt8]) {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = method
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body {
            outgoing.headers.add(name: "Content-Type", value: "application/octet-stream")
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await client.execute(outgoing, timeout: .seconds(60))
            let bytes = try await response.body.collect(upTo: maximumBytes)
            return (Int(response.status.code), Array(buffer: bytes))
        } catch {
            try Task.checkCancellation()
            throw ListTransportError(.unreachable, url: request.url, message: "\(error)")
        }
    }
}
#endif
