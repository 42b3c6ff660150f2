#if WebSocket && os(Linux)
import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import NIOSSL
import NIOWebSocket
// `WebSocketHandler.handle` (the frames after the upgrade: messages, pings, the close
// handshake) is public only under WSCore's SPI `WSInternal`, the one WSClient's own
// channel uses. This ties us to swift-websocket 1.6's internals: a release that changes
// it breaks this file's build (not its behaviour silently), and the fix is to mirror
// WSClient's WebSocketClientChannel again.
@_spi(WSInternal) import WSCore

/// A watch's WebSocket connection: the TCP connection, TLS when the URL asks for it, the
/// upgrade request and then the frames, run by hummingbird-websocket's `ClientConnection`.
///
/// It mirrors WSClient's internal `WebSocketClientChannel` (swift-websocket 1.6.2) without
/// proxies, with one difference: TLS to an IP address sends no server name (SNI), which
/// RFC 6066 forbids and SwiftNIO SSL refuses (`cannotUseIPAddressInSNI`), so that SwiftNIO
/// SSL checks the certificate against the address connected to. WebSocketClient always
/// sends the host as the server name, so it cannot connect to `https://127.0.0.1` at all.
/// A host name keeps its server name and is checked against the certificate's DNS names.
///
/// Threading: `setup` runs on the connection's event loop, `handle` on the watching task.
struct ListWebSocketChannel: ClientConnectionChannel {
    /// What the watch's handler is given beside the inbound and outbound frames.
    struct Context: WebSocketContext {
        let logger: Logger
    }

    enum UpgradeResult: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, [any WebSocketExtension])
        case notUpgraded
    }

    typealias Value = EventLoopFuture<UpgradeResult>

    let endpoint: ListWebSocketEndpoint
    let configuration: WebSocketClientConfiguration
    let sslContext: NIOSSLContext?
    let handler: WebSocketDataHandler<Context>

    /// Connects to `url` and runs `handler` on the upgraded connection until either side
    /// closes it; the server's close frame, if it sent one. Throws
    /// `WebSocketClientError.webSocketUpgradeFailed` when the server answers the upgrade
    /// request without upgrading, `.invalidURL` for a URL without a host.
    @discardableResult
    static func connect(
        url: URL, configuration: WebSocketClientConfiguration, tlsConfiguration: TLSConfiguration?, logger: Logger,
        handler: @escaping WebSocketDataHandler<Context>
    ) async throws -> WebSocketCloseFrame? {
        guard let endpoint = ListWebSocketEndpoint(url: url) else { throw WebSocketClientError.invalidURL }
        let sslContext = endpoint.usesTLS ? try NIOSSLContext(configuration: tlsConfiguration ?? .makeClientConfiguration()) : nil
        let channel = ListWebSocketChannel(endpoint: endpoint, configuration: configuration, sslContext: sslContext, handler: handler)
        return try await ClientConnection(channel, address: .hostname(endpoint.host, port: endpoint.port), logger: logger).run()
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture { try setUpUpgrade(channel: channel, logger: logger) }
    }

    /// TLS (without a server name for an IP address), then HTTP/1 with the upgrade request.
    private func setUpUpgrade(channel: any Channel, logger: Logger) throws -> Value {
        let configuration = configuration
        let upgrader = NIOTypedWebSocketClientUpgrader<UpgradeResult>(
            maxFrameSize: configuration.maxFrameSize,
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    let asyncChannel = try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel)
                    let extensions = try configuration.extensions.buildClientExtensions(from: HTTPFields(head.headers, splitCookie: false))
                    return UpgradeResult.websocket(asyncChannel, extensions)
                }
            }
        )
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: "Host", value: endpoint.hostHeader)
        headers.replaceOrAdd(name: "Origin", value: endpoint.origin)
        headers.add(contentsOf: HTTPHeaders(configuration.additionalHeaders))
        headers.add(contentsOf: configuration.extensions.compactMap {
            let header = $0.clientRequestHeader()
            return header.isEmpty ? nil : ("Sec-WebSocket-Extensions", header)
        })
        let requestHead = HTTPRequestHead(version: .http1_1, method: .GET, uri: endpoint.requestTarget, headers: headers)
        let upgradeConfiguration = NIOTypedHTTPClientUpgradeConfiguration(
            upgradeRequestHead: requestHead, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { UpgradeResult.notUpgraded } }
        )
        var pipelineConfiguration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgradeConfiguration)
        pipelineConfiguration.leftOverBytesStrategy = .forwardBytes
        if let sslContext {
            let serverName = configuration.sniHostname ?? endpoint.serverName
            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: sslContext, serverHostname: serverName), position: .first)
        }
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipelineConfiguration)
    }

    func handle(value: Value, logger: Logger) async throws -> WebSocketCloseFrame? {
        switch try await value.get() {
        case .websocket(let webSocketChannel, let extensions):
            return try await WebSocketHandler.handle(
                type: .client,
                configuration: .init(
                    extensions: extensions, autoPing: configuration.autoPing, closeTimeout: configuration.closeTimeout,
                    validateUTF8: configuration.validateUTF8, ignoreUncleanSSLShutdownErrors: configuration.ignoreUncleanSSLShutdownErrors,
                    maxFrameSize: configuration.maxFrameSize
                ),
                asyncChannel: webSocketChannel, context: Context(logger: logger), handler: handler
            )
        case .notUpgraded:
            throw WebSocketClientError.webSocketUpgradeFailed
        }
    }
}
#endif
