#if WebSocket && os(Linux)
import Foundation
@testable import ListAdapterRemote
import Testing

/// What a Linux watch connects to and asks for, read from its URL: an IP address sends no
/// TLS server name, a name does; IPv6 addresses lose their brackets for the connection and
/// keep them in the `Host` header.
@Suite("A watch's endpoint")
struct ListWebSocketEndpointTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let host: String
        let port: Int
        let usesTLS: Bool
        let serverName: String?
        let hostHeader: String
        let requestTarget: String
        var testDescription: String { url }
    }

    static let cases = [
        Case(url: "wss://127.0.0.1:8080/lists/mail/watch?after=3", host: "127.0.0.1", port: 8080, usesTLS: true, serverName: nil,
             hostHeader: "127.0.0.1:8080", requestTarget: "/lists/mail/watch?after=3"),
        Case(url: "wss://[::1]:9/lists/mail/watch", host: "::1", port: 9, usesTLS: true, serverName: nil,
             hostHeader: "[::1]:9", requestTarget: "/lists/mail/watch"),
        Case(url: "wss://[2001:db8::1]/lists/a%20b/watch", host: "2001:db8::1", port: 443, usesTLS: true, serverName: nil,
             hostHeader: "[2001:db8::1]", requestTarget: "/lists/a%20b/watch"),
        Case(url: "wss://localhost/lists/mail/watch", host: "localhost", port: 443, usesTLS: true, serverName: "localhost",
             hostHeader: "localhost", requestTarget: "/lists/mail/watch"),
        Case(url: "wss://10.0.0.1.example.com:8443/x", host: "10.0.0.1.example.com", port: 8443, usesTLS: true,
             serverName: "10.0.0.1.example.com", hostHeader: "10.0.0.1.example.com:8443", requestTarget: "/x"),
        Case(url: "ws://127.0.0.1", host: "127.0.0.1", port: 80, usesTLS: false, serverName: nil, hostHeader: "127.0.0.1", requestTarget: "/"),
        Case(url: "https://lists.example.com/lists/mail", host: "lists.example.com", port: 443, usesTLS: true,
             serverName: "lists.example.com", hostHeader: "lists.example.com", requestTarget: "/lists/mail"),
    ]

    @Test(arguments: cases)
    func readsTheURL(_ expected: Case) throws {
        let url = try #require(URL(string: expected.url))
        let endpoint = try #require(ListWebSocketEndpoint(url: url))
        #expect(endpoint.host == expected.host)
        #expect(endpoint.port == expected.port)
        #expect(endpoint.usesTLS == expected.usesTLS)
        #expect(endpoint.serverName == expected.serverName)
        #expect(endpoint.isIPAddress == (expected.serverName == nil))
        #expect(endpoint.hostHeader == expected.hostHeader)
        #expect(endpoint.requestTarget == expected.requestTarget)
    }

    @Test func aURLWithoutAHostHasNoEndpoint() throws {
        let url = try #require(URL(string: "wss:///lists/mail"))
        #expect(ListWebSocketEndpoint(url: url) == nil)
    }
}
#endif
