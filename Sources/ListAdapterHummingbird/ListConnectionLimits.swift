#if WebSocket
/// What a list server allows each connection, so that idle, half-sent and surplus
/// connections cannot pile up until the process runs out of file descriptors (a slow-loris
/// attack). `HTTPServerBuilder.listServer(webSocketRouter:limits:)` applies them.
///
/// | limit | default | what happens |
/// |---|---|---|
/// | ``requestHeaderTimeout`` | 10 s | a connection (plain or TLS) that has not sent the whole header of its first request by then is answered `408 Request Timeout` and closed |
/// | ``idleTimeout`` | 60 s | a keep-alive connection that has not sent the whole header of its next request by then (counted from its last answer) is closed |
/// | ``maximumConnections`` | 4,096 | a connection past this many open ones is answered `503 Service Unavailable` (`Retry-After: 1`) and closed, without reading its request |
///
/// A WebSocket, once upgraded, is not idle while its list is served: the list protocol
/// sends a message at least every change and the app pings (ListAdapterRemote's transports).
/// Each open connection costs about 12 KB of the server's memory before its request.
///
/// A value; use it on any thread.
public struct ListConnectionLimits: Sendable, Equatable {
    /// How long a new connection may take to send the whole header of its first request
    /// (including a TLS handshake). Default 10 s.
    public var requestHeaderTimeout: Duration
    /// How long a keep-alive connection may stay without a complete request after its last
    /// answer. Default 60 s.
    public var idleTimeout: Duration
    /// How many connections the server keeps open at once; one more is refused with 503.
    /// Default 4,096.
    public var maximumConnections: Int

    /// Limits with the defaults above, any of them replaced.
    ///
    /// - Parameters:
    ///   - requestHeaderTimeout: How long a new connection may take to send its first request's header.
    ///   - idleTimeout: How long a keep-alive connection may wait for its next request.
    ///   - maximumConnections: How many connections stay open at once (at least 1).
    public init(requestHeaderTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), maximumConnections: Int = 4_096) {
        precondition(maximumConnections > 0, "ListConnectionLimits.maximumConnections must be positive")
        self.requestHeaderTimeout = requestHeaderTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
    }
}
#endif
