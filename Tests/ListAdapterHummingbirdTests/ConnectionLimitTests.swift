#if WebSocket
import Foundation
import ListAdapter
import ListAdapterHummingbird
import ListAdapterServer
import TestSupport
import Testing

/// A list server's connections held to ``ListConnectionLimits``, driven byte by byte over
/// TCP as a slow-loris attack would: a connection that sends nothing, or half a header, is
/// answered 408 and closed; one past the cap is answered 503 at once; an idle keep-alive
/// connection is closed; and a good watcher still gets in throughout. Oracle: what the
/// server sends and when it closes, against the limits it was given.
@Suite("Connection limits", .hangGuard)
struct ConnectionLimitTests {
    static let token = "limits"

    static func upgrade(_ authorization: String = "Bearer \(token)") -> String {
        "GET /lists/mail/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: \(authorization)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    }

    static func start(_ limits: ListConnectionLimits, access: ListAccess = .tokens(["mail": [token]])) async throws -> LoopbackServer {
        let source = MailSource((1 ... 20).map { .init(entry: ListEntry(id: Int64($0), section: "Inbox", summary: 1), item: Mail(id: Int64($0), subject: "m\($0)")) })
        let server = ListServer(lists: [ListFeed(name: "mail", source: source)], access: access)
        return try await LoopbackServer.start(server, limits: limits)
    }

    /// An unknown list, asked with a token the access lets through: 404 with the JSON body,
    /// on the upgrade as on the plain request (Hummingbird's own channel answers 400).
    @Test func anUnknownListIs404OnTheUpgradeToo() async throws {
        let server = try await Self.start(ListConnectionLimits(), access: ListAccess { _, token in token != nil })
        defer { Task { await server.stop() } }
        for upgrade in [true, false] {
            let connection = try RawHTTPConnection(port: server.port)
            let request = Self.upgrade().replacingOccurrences(of: "/lists/mail/", with: "/lists/nope/")
            try connection.send(upgrade ? request : request.replacingOccurrences(of: "Connection: Upgrade\r\nUpgrade: websocket\r\n", with: ""))
            let answer = try await connection.response()
            #expect(answer.status == 404 && answer.bodyText.contains("no list of this name"), "upgrade \(upgrade): \(answer)")
        }
    }

    /// A request with the upgrade's headers that cannot be a WebSocket upgrade (not a `GET`,
    /// or with a body) is served as the plain request, at once. Found by the server's fuzz
    /// target: the upgrade handler kept such a request's body, the route waited for it, and
    /// the connection hung until the idle timeout (a minute by default) closed it.
    @Test func anUpgradeThatIsNotAGetOrHasABodyIsServedAsThePlainRequest() async throws {
        let server = try await Self.start(ListConnectionLimits(requestHeaderTimeout: .seconds(600), idleTimeout: .seconds(600)))
        defer { Task { await server.stop() } }
        let upgradeFields = "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        func post(_ path: String, _ body: String) -> String {
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\n\(upgradeFields)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        // A payload request for item 1 (kind 0x10, one identifier, zigzag 1 = 0x02).
        // (The list takes no edits; no route takes a POST to watch.)
        let cases: [(request: String, status: Int, body: String?)] = [
            (post("/lists/mail/items", "\u{10}\u{01}\u{02}"), 200, "m1"),
            (post("/lists/mail/edits", "abc"), 405, "takes no edits"),
            (post("/lists/mail/watch", "abc"), 404, nil),
            ("GET /lists/nope/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\n\(upgradeFields)Content-Length: 3\r\n\r\nabc", 401, "bearer token"),
        ]
        for (request, status, body) in cases {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(request)
            // Far under the server's timeouts: an answer that waits for one fails here.
            let answer = try await connection.response(within: .seconds(60))
            #expect(answer.status == status && body.map(answer.bodyText.contains) != false, "\(request.prefix(40)): \(answer)")
        }
    }

    /// Bytes a client sends after an upgrade request, before the upgrade is made, are
    /// dropped (RFC 6455 has it wait). Found by the server's fuzz target: after an upgrade
    /// request without `Connection: Upgrade` (which SwiftNIO's decoder does not stop at, and
    /// its upgrade handler upgrades all the same) a pipelined request was decoded, held by the
    /// upgrade handler and handed, once upgraded, to the WebSocket decoder, which trapped,
    /// ending the server's process (and this test's).
    @Test func aRequestPipelinedAfterAnUpgradeIsDroppedAndTheServerServesOn() async throws {
        let server = try await Self.start(ListConnectionLimits())
        defer { Task { await server.stop() } }
        let pipelinedRequests = ["POST /lists/mail/items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\n\u{10}\u{01}\u{02}", Self.upgrade(), "GET / HTTP/1.1\r\n"]
        for pipelined in pipelinedRequests {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(Self.upgrade().replacingOccurrences(of: "Connection: Upgrade\r\n", with: "") + pipelined)
            #expect(try await connection.response(within: .seconds(60)).status == 101)
        }
        let good = try RawHTTPConnection(port: server.port)
        try good.send(Self.upgrade())
        #expect(try await good.response(within: .seconds(60)).status == 101)
    }

    @Test func silentAndHalfSentConnectionsAreAnswered408AndClosed() async throws {
        let server = try await Self.start(ListConnectionLimits(requestHeaderTimeout: .milliseconds(300)))
        defer { Task { await server.stop() } }
        let silent = try RawHTTPConnection(port: server.port)
        let halfSent = try RawHTTPConnection(port: server.port)
        try halfSent.send("GET /lists/mail/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bear")
        // A good watcher meanwhile.
        let good = try RawHTTPConnection(port: server.port)
        try good.send(Self.upgrade())
        #expect(try await good.response().status == 101)
        for connection in [silent, halfSent] {
            let answer = try await connection.response(within: .seconds(60))
            #expect(answer.status == 408, "\(answer)")
            #expect(answer.bodyText.contains("did not arrive within 300 ms"), "\(answer)")
            #expect(try await connection.closes(within: .seconds(60)))
        }
        // The upgraded watcher is not a header in waiting: it stays open past the deadline.
        #expect(!(try await good.closes(within: .seconds(1))))
    }

    @Test func aConnectionPastTheCapIsAnswered503AndAFreedPlaceIsTakenAgain() async throws {
        let server = try await Self.start(ListConnectionLimits(maximumConnections: 3))
        defer { Task { await server.stop() } }
        var held = try (0 ..< 3).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in held {
            try connection.send(Self.upgrade())
            #expect(try await connection.response().status == 101)
        }
        let surplus = try RawHTTPConnection(port: server.port)
        let refused = try await surplus.response()
        #expect(refused.status == 503 && refused.headers["retry-after"] == "1", "\(refused)")
        #expect(try await surplus.closes(within: .seconds(60)))
        // One closes: once the server has seen it go, a new connection is served (asked
        // until it is: the close reaches the server's count on its own event loop).
        held.removeLast()
        var status = 503
        while status == 503 {
            let next = try RawHTTPConnection(port: server.port)
            try next.send(Self.upgrade())
            status = try await next.response().status
        }
        #expect(status == 101)
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterItsTimeoutAndNotBefore() async throws {
        // A plain GET of the watch route with a good token is answered 426 (watching is a
        // WebSocket) and kept alive.
        let request = "GET /lists/mail/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\n\r\n"
        let patient = try await Self.start(ListConnectionLimits(idleTimeout: .seconds(600)))
        let strict = try await Self.start(ListConnectionLimits(idleTimeout: .milliseconds(300)))
        defer { Task { await patient.stop(); await strict.stop() } }
        let kept = try RawHTTPConnection(port: patient.port)
        let closed = try RawHTTPConnection(port: strict.port)
        for connection in [kept, closed] {
            try connection.send(request)
            let answer = try await connection.response()
            #expect(answer.status == 426 && answer.headers["upgrade"] == "websocket" && answer.bodyText.contains("is a WebSocket"), "\(answer)")
        }
        #expect(try await closed.closes(within: .seconds(60)))
        // The same answer with a 10-minute timeout leaves the connection open, and serving.
        #expect(!(try await kept.closes(within: .seconds(1))))
        try kept.send(request)
        #expect(try await kept.response().status == 426)
    }
}
#endif
