#if WebSocket
import Foundation
import TestSupport
import Testing

/// Every entrance of `sample serve`, knocked on as an attacker or a misconfigured app
/// would, byte for byte over TCP (no client library to fix up a request): no token, a wrong
/// one, one a character short or long, another scheme, an unknown list, a malformed
/// `after`, an oversized body, each on the plain path and on the WebSocket upgrade path.
/// Oracle: the status and JSON error body the routes document (401 with
/// `WWW-Authenticate: Bearer`, 400, 413; 404 needs a token that opens any list, in
/// ConnectionLimitTests' server), no byte of the list in any refusal, and a
/// good watcher upgraded (101) after each.
@Suite("sample serve, every entrance", .hangGuard)
struct ServerEntranceTests {
    static let token = "entrance-\(UUID().uuidString.prefix(8))"

    /// A request to `path`: `GET` with the upgrade headers or without, or `POST` with `body`.
    static func request(_ path: String, authorization: String?, upgrade: Bool, post body: [UInt8]? = nil) -> String {
        var lines = ["\(body == nil ? "GET" : "POST") \(path) HTTP/1.1", "Host: 127.0.0.1"]
        if let authorization { lines.append("Authorization: \(authorization)") }
        if upgrade {
            lines += ["Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="]
        }
        if let body { lines += ["Content-Type: application/octet-stream", "Content-Length: \(body.count)"] }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + String(decoding: body ?? [], as: UTF8.self)
    }

    /// The answer to one request on a new connection.
    static func answer(_ port: Int, _ request: String) throws -> RawHTTPConnection.Response {
        let connection = try RawHTTPConnection(port: port)
        try connection.send(request)
        return try connection.readResponse()
    }

    @Test func everyRefusalHasItsStatusAndBodyOnBothPathsAndAGoodWatcherStillGetsIn() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("entrance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        try #require(try SampleProcess.run(["generate", "--db", path, "--rows", "200", "--sections", "5"]).status == 0)
        let server = try RunningSample(["serve", "--db", path, "--port", "0", "--token", Self.token])
        defer { kill(server.process.processIdentifier, SIGKILL) }
        let port = try #require(await server.servedPort(), "the server printed no URL: \(server.standardError)")
        let token = Self.token
        let watch = "/lists/mail/watch"

        // (what the request carries, its path, the status wanted)
        let refusals: [(String, String?, String, Int)] = [
            ("no token", nil, watch, 401),
            ("a wrong token", "Bearer not-\(token)", watch, 401),
            ("a token one character short", "Bearer \(token.dropLast())", watch, 401),
            ("a token one character long", "Bearer \(token)x", watch, 401),
            ("the Basic scheme", "Basic \(Data("mail:\(token)".utf8).base64EncodedString())", watch, 401),
            ("an empty bearer", "Bearer ", watch, 401),
            // The token is checked first and opens "mail" only: nothing tells which lists exist.
            ("an unknown list", "Bearer \(token)", "/lists/nope/watch", 401),
            ("a malformed after", "Bearer \(token)", "\(watch)?after=not-a-version", 400),
        ]
        for (what, authorization, target, status) in refusals {
            for upgrade in [false, true] {
                let answer = try Self.answer(port, Self.request(target, authorization: authorization, upgrade: upgrade))
                let label = "\(what), \(upgrade ? "upgrade" : "plain GET"): \(answer)"
                #expect(answer.status == status, "\(label)")
                #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true, "\(label)")
                let json = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
                let message = (json?["error"] as? [String: Any])?["message"] as? String
                #expect(message?.isEmpty == false, "\(label)")
                #expect(!answer.bodyText.contains(token), "the answer echoes the token: \(label)")
                if status == 401 { #expect(answer.headers["www-authenticate"] == "Bearer", "\(label)") }
                // A good watcher still gets in after each.
                let good = try Self.answer(port, Self.request(watch, authorization: "Bearer \(token)", upgrade: true))
                #expect(good.status == 101, "a good watcher after \(label): \(good)")
            }
        }

        // The POST entrances: a wrong token, then a body past the limit (256 KiB) with a good one.
        let items = "/lists/mail/items"
        let wrong = try Self.answer(port, Self.request(items, authorization: "Bearer x\(token)", upgrade: false, post: [1, 2, 3]))
        #expect(wrong.status == 401 && wrong.headers["www-authenticate"] == "Bearer", "\(wrong)")
        let oversized = try Self.answer(port, Self.request(items, authorization: "Bearer \(token)", upgrade: false, post: [UInt8](repeating: 65, count: 300_000)))
        #expect(oversized.status == 413, "\(oversized)")
        let unknown = try Self.answer(port, Self.request("/lists/nope/items", authorization: "Bearer \(token)", upgrade: false, post: [1]))
        #expect(unknown.status == 401, "\(unknown)")

        // A malformed upgrade (no key) with a good token is the request's fault: 400, not a redirect.
        let noKey = "GET \(watch) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let malformed = try Self.answer(port, noKey)
        #expect(malformed.status == 400, "\(malformed)")
        let good = try Self.answer(port, Self.request(watch, authorization: "Bearer \(token)", upgrade: true))
        #expect(good.status == 101, "\(good)")

        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus(within: 30) == 0)
    }
}

extension RunningSample {
    /// The port of the `serving ... as http(s)://HOST:PORT/lists/mail` line `serve` prints.
    func servedPort() async -> Int? {
        var iterator = lines.makeAsyncIterator()
        while let line = await iterator.next() {
            guard line.hasPrefix("serving "), let url = line.components(separatedBy: " as ").last.flatMap(URL.init(string:)) else { continue }
            return url.port
        }
        return nil
    }
}
#endif
