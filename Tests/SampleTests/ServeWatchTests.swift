#if WebSocket
import Foundation
import GRDB
import ListAdapter
import TestSupport
import Testing

/// `sample serve` and `sample watch --remote` as a newcomer runs them in two terminals: the
/// watcher prints the served table's list, then a change another connection commits; a
/// wrong token ends the watch with status 3 and an error that does not echo the token;
/// Ctrl-C stops the server. Oracle: the table itself, read with SQL.
@Suite("sample serve and watch --remote", .hangGuard)
struct ServeWatchTests {
    @Test func aWatcherShowsTheServedListThenEachCommit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        let generated = try SampleProcess.run(["generate", "--db", path, "--rows", "300", "--sections", "7"])
        try #require(generated.status == 0, "\(generated.standardError)")
        let token = "t0k-\(UUID().uuidString.prefix(8))"
        let server = try RunningSample(["serve", "--db", path, "--port", "0", "--token", token])
        var serverLines = server.lines.makeAsyncIterator()
        var url: String?
        while url == nil, let line = await serverLines.next() {
            if line.hasPrefix("serving ") { url = line.components(separatedBy: " as ").last }
        }
        let listURL = try #require(url, "the server printed no URL: \(server.standardError)")
        #expect(listURL.hasPrefix("http://127.0.0.1:") && listURL.hasSuffix("/lists/mail"))

        let watcher = try RunningSample(["watch", "--remote", listURL, "--token", token, "--json", "--no-after"])
        var lines = watcher.lines.makeAsyncIterator()
        let first = try #require(await lines.next(), "the watcher printed nothing: \(watcher.standardError)")
        let opening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let shown = WatchCommandTests.sections((opening["snapshot"] as? [String: Any])?["sections"])
        #expect(WatchCommandTests.snapshot(shown) == (try Self.truth(path)))

        // Another connection commits: the server's source sees it, the watcher prints it.
        let writer = try DatabaseQueue(path: path)
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO message (sender, subject, body, date, day) SELECT 'Test', 'New', '', max(date) + 60, 'Tomorrow' FROM message")
        }
        let change = try #require(await lines.next(), "no change was printed: \(watcher.standardError)")
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(change.utf8)) as? [String: Any])
        #expect((printed["stats"] as? [String: Any])?["inserts"] as? Int == 1, "\(change)")

        // A wrong token: status 3, an error naming the kind, not the token.
        let refused = try RunningSample(["watch", "--remote", listURL, "--token", "wrong-\(token)"], inputFromDevNull: true)
        #expect(await refused.exitStatus(within: 120) == 3)
        #expect(refused.standardError.contains("unauthorized") && !refused.standardError.contains(token), "\(refused.standardError)")

        // Ctrl-C stops the server; the watcher reports it.
        kill(server.process.processIdentifier, SIGINT)
        #expect(await server.exitStatus(within: 120) == 0)
        #expect(await server.remainingLines().contains("stopped"))
        kill(watcher.process.processIdentifier, SIGTERM)
        _ = await watcher.exitStatus(within: 120)
    }

    @Test func overTLSAWatcherThatTrustsTheAuthorityShowsTheListAndBadFilesAreNamed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        try #require(try SampleProcess.run(["generate", "--db", path, "--rows", "120", "--sections", "4"]).status == 0)
        let certificates = try TestCertificates()
        let files = [("ca.pem", certificates.authorityPEM), ("server.pem", certificates.serverPEM), ("server.key", certificates.serverKeyPEM)]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let file = { (name: String) in folder.appendingPathComponent(name).path }

        // A key that is not a key, a certificate alone: clear errors naming the file or the option.
        let badKey = try SampleProcess.run(["serve", "--db", path, "--port", "0", "--tls-certificate", file("server.pem"), "--tls-key", file("ca.pem")])
        #expect(badKey.status != 0 && badKey.standardError.contains("--tls-key \(file("ca.pem"))"), "\(badKey.standardError)")
        let alone = try SampleProcess.run(["serve", "--db", path, "--tls-certificate", file("server.pem")])
        #expect(alone.status != 0 && alone.standardError.contains("--tls-certificate and --tls-key go together"), "\(alone.standardError)")

        let server = try RunningSample(["serve", "--db", path, "--port", "0", "--token", "tls", "--tls-certificate", file("server.pem"), "--tls-key", file("server.key")])
        var serverLines = server.lines.makeAsyncIterator()
        var url: String?
        while url == nil, let line = await serverLines.next() {
            if line.hasPrefix("serving ") { url = line.components(separatedBy: " as ").last }
        }
        // The URL as printed, as a newcomer pastes it: the certificate names 127.0.0.1 too.
        let listURL = try #require(url, "the server printed no URL: \(server.standardError)")
        #expect(listURL.hasPrefix("https://127.0.0.1:"))
        let watcher = try RunningSample(["watch", "--remote", listURL, "--token", "tls", "--ca-certificate", file("ca.pem"), "--json", "--no-after"])
        var lines = watcher.lines.makeAsyncIterator()
        let first = try #require(await lines.next(), "the watcher printed nothing: \(watcher.standardError)")
        let opening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(WatchCommandTests.snapshot(WatchCommandTests.sections((opening["snapshot"] as? [String: Any])?["sections"])) == (try Self.truth(path)))

        // Without the authority, the server is not trusted: no list, an error saying why.
        let untrusting = try RunningSample(["watch", "--remote", listURL, "--token", "tls"], inputFromDevNull: true)
        #expect(await untrusting.exitStatus(within: 120) != 0)
        #expect(untrusting.standardError.contains("CERTIFICATE_VERIFY_FAILED"), "\(untrusting.standardError)")
        kill(watcher.process.processIdentifier, SIGTERM)
        _ = await watcher.exitStatus(within: 120)
        kill(server.process.processIdentifier, SIGINT)
        #expect(await server.exitStatus(within: 120) == 0)
    }

    /// The served list as SQL reads it: by day, newest first.
    static func truth(_ path: String) throws -> ListSnapshot<String, NoSummary> {
        let rows = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, day FROM message ORDER BY date DESC, id DESC")
        }
        return ListSnapshot(rows.map { ListEntry(id: String($0["id"] as Int64), section: $0["day"] as String?) })
    }
}
#endif
