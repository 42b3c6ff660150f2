/// How a ``RemoteListSource`` connects and fetches.
///
/// Thread safety: a value type; use it on any queue.
public struct RemoteListConfiguration: Sendable {
    /// The first wait before reconnecting; doubled after each failed attempt in a row up
    /// to ``maximumReconnectDelay``, each wait varied by up to a half at random so that
    /// thousands of apps do not reconnect in step. Default 0.1 s.
    public var reconnectDelay: Duration = .milliseconds(100)
    /// The longest wait between attempts. Default 1 s: an app is back within about a
    /// second of its server.
    public var maximumReconnectDelay: Duration = .seconds(1)
    /// Identifiers per payload request (a server's default limit is 1,000). Default 500.
    public var itemsPerRequest: Int = 500
    /// Limits on what the server's messages may claim.
    public var limits = ListWireLimits()
    /// The compression the source accepts (the watch request's `compression` query value):
    /// a server that has it sends a list's parts and large changes compressed, about a
    /// third of their bytes. `nil`: nothing compressed. Default
    /// ``ListWireCompression/deflate``.
    public var compression: ListWireCompression? = .deflate

    /// The defaults.
    public init() {}
}
