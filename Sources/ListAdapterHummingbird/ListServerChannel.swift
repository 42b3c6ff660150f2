#if WebSocket
public import Hummingbird
public import HummingbirdCore
public import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades, as `.http1WebSocketUpgrade(webSocketRouter:)`, for a
    /// server of lists: connections are held to `limits` (a header deadline, an idle
    /// timeout, a cap, each refused with its HTTP status), and an upgrade the routes refuse is
    /// answered as the plain request would be (401 with `WWW-Authenticate: Bearer`, 404 for
    /// an unknown list, the routes' JSON error body) instead of Hummingbird's bare 400, so
    /// that an app can tell a wrong token (final) from a passing fault.
    ///
    /// ```swift
    /// let router = Router(context: BasicWebSocketRequestContext.self)
    /// router.addListRoutes(server)
    /// let app = Application(router: router, server: .listServer(webSocketRouter: router))
    /// ```
    ///
    /// Over TLS: `.tls(.listServer(webSocketRouter: router), tlsConfiguration: tls)` (the
    /// header deadline then includes the handshake).
    ///
    /// Threading: the server's event loops; the routes run on its tasks.
    ///
    /// - Parameters:
    ///   - webSocketRouter: The router with the list routes (``Hummingbird/Router/addListRoutes(_:at:maximumRequestBytes:)``).
    ///   - configuration: The WebSocket settings (frame size, pings).
    ///   - limits: What each connection is allowed.
    /// - Returns: A server builder for `Application(router:server:)`.
    public static func listServer<Context: WebSocketRequestContext>(
        webSocketRouter: Router<Context>,
        configuration: WebSocketServerConfiguration = .init(),
        limits: ListConnectionLimits = .init()
    ) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        let count = ConnectionCount()
        return .init { responder in
            ListServerChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder,
                    webSocketResponder: webSocketResponder,
                    configuration: .init(
                        http1: .init(
                            additionalChannelHandlers: [RefusedUpgradeAnswer(responder: webSocketResponder, logger: Logger(label: "ListAdapterHummingbird"))],
                            idleTimeout: TimeAmount(limits.idleTimeout)
                        ),
                        ws: configuration
                    )
                ),
                limits: limits,
                count: count
            )
        }
    }
}

/// A connection of ``HTTPServerBuilder/listServer(webSocketRouter:configuration:limits:)``:
/// Hummingbird's HTTP/1 and WebSocket channel behind a ``ConnectionGuard``.
///
/// Set up on the connection's event loop; handled on its task.
struct ListServerChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let base: HTTP1WebSocketUpgradeChannel
    let limits: ListConnectionLimits
    let count: ConnectionCount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admitted = count.admit(channel, maximum: limits.maximumConnections)
        let connectionGuard = ConnectionGuard(timeout: TimeAmount(limits.requestHeaderTimeout), refuses: !admitted)
        do {
            try channel.pipeline.syncOperations.addHandler(connectionGuard)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger).assumeIsolated().flatMapThrowing { value in
            // Right after the request decoder, so the head is seen whether or not the upgrade
            // is made (Hummingbird does not pass a refused upgrade's request on).
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(FirstRequestCapture(connectionGuard), position: .after(decoder.handler))
            return value
        }.nonisolated()
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
#endif
