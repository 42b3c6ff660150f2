#if WebSocket && os(Linux)
import Foundation
import NIOCore

/// Where a watch connects and what it asks for, read from its `ws`/`wss` URL: the host to
/// connect to, the port, whether TLS is wanted, and the request's target and headers.
///
/// An IP literal (`127.0.0.1`, `[::1]`) is a host like any other for the connection, but
/// not for TLS: RFC 6066 (section 3) forbids an IP address as the server name (SNI), and
/// SwiftNIO SSL refuses one; without a server name it verifies the certificate against the
/// address it connected to (the certificate's IP subjectAltNames).
///
/// Threading: a value; any thread.
struct ListWebSocketEndpoint: Sendable, Equatable {
    /// The host to connect to, an IPv6 literal without its brackets.
    let host: String
    /// The URL's port, else the scheme's (443 with TLS, 80 without).
    let port: Int
    /// Whether the URL asks for TLS (`wss`, `https`).
    let usesTLS: Bool
    /// The `Host` header: the host (an IPv6 address in brackets) and the URL's port if it has one.
    let hostHeader: String
    /// The `Origin` header, as hummingbird-websocket's client sends it: the scheme and the host.
    let origin: String
    /// The request's target: the path and the query, as in the URL.
    let requestTarget: String
    /// Whether ``host`` is an IPv4 or IPv6 address rather than a name.
    let isIPAddress: Bool

    /// The endpoint of `url`; `nil` when it names no host.
    init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              var host = components.host, !host.isEmpty else { return nil }
        // Foundation gives an IPv6 host with or without its brackets, depending on version.
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        let scheme = components.scheme?.lowercased() ?? "ws"
        usesTLS = scheme == "wss" || scheme == "https"
        port = components.port ?? (usesTLS ? 443 : 80)
        let bracketed = host.contains(":") ? "[\(host)]" : host
        hostHeader = components.port.map { "\(bracketed):\($0)" } ?? bracketed
        origin = "\(scheme)://\(bracketed)"
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = path + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        isIPAddress = (try? SocketAddress(ipAddress: host, port: port)) != nil
    }

    /// The name sent in TLS's server name indication and checked against the certificate's
    /// DNS names: the host, or `nil` for an IP address (whose certificate SwiftNIO SSL then
    /// checks against the address connected to).
    var serverName: String? { isIPAddress ? nil : host }
}
#endif
