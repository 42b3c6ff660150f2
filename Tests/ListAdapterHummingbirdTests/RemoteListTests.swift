#if WebSocket
import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import Testing

/// An app's adapter on a ``RemoteListSource`` watching a list a real Hummingbird server
/// serves on loopback: the list arrives, each commit on the server's source reaches the
/// app's reference views as valid batches, payloads come over HTTP, and the faults a phone
/// meets (a refused token, a list that is not served, the server going away and coming
/// back) end as typed errors, with the last good list kept. Oracle: the server's source.
@MainActor
@Suite("Remote lists over a WebSocket", .hangGuard)
struct RemoteListTests {
    static let token = "app-token-3f9"

    @Test func anAppFollowsTheServersListAndFetchesPayloads() async throws {
        let source = MailSource(Mailbox.records(200))
        let feed = ListFeed(name: "mail", source: source)
        let server = try await LoopbackServer.start(ListServer(lists: [feed], access: .tokens(["mail": [Self.token]])))
        let remote = RemoteMail(url: server.url("mail"), token: Self.token, transport: WebSocketClientListTransport.patient)
        let adapter = ListViewAdapter(source: remote)
        let probe = ListViewAdapterProbe(adapter)
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        for round in 0 ..< 5 {
            source.mutate { records in
                records.swapAt(round, 150 - round)
                records[10 + round].entry.summary += 1
                records.remove(at: 40 + round)
                records.insert(Mailbox.record(Int64(1_000 + round), section: "Today"), at: 3)
            }
            #expect(await probe.waitUntilShowing(try await source.loadEntries()), "round \(round): \(probe.failures)")
        }
        let items = try await remote.fetchItems([1_000, 5, 999_999])
        #expect(items == [1_000: Mail(id: 1_000, subject: "Message 1000"), 5: Mail(id: 5, subject: "Message 5")])
        guard case .live(let version) = remote.status else { Issue.record("status \(remote.status)"); return }
        #expect(version == feed.current?.version)
        probe.cancel()
        remote.close()
        await server.stop()
    }

    @Test func aRefusedTokenGetsNoListAndATypedError() async throws {
        let source = MailSource(Mailbox.records(20))
        let server = try await LoopbackServer.start(ListServer(lists: [ListFeed(name: "mail", source: source)], access: .tokens(["mail": [Self.token]])))
        for token in [nil, "wrong", Self.token + "x", ""] {
            let remote = RemoteMail(url: server.url("mail"), token: token, transport: WebSocketClientListTransport.patient)
            do {
                _ = try await remote.loadEntries()
                Issue.record("token \(String(describing: token)) got the list")
            } catch let error as RemoteListError {
                #expect(error.kind == .unauthorized, "\(error)")
                #expect(!error.description.contains(Self.token), "the error echoes the token")
            }
            #expect(remote.version == nil)
            #expect(remote.status == .failed(RemoteListError(.unauthorized, url: server.url("mail"), message: "the server refused the token (HTTP 401)")))
            await #expect(throws: RemoteListError.self) { try await remote.fetchItems([1]) }
        }
        await server.stop()
    }

    @Test func aListTheServerDoesNotServeIsNamedInTheError() async throws {
        let server = try await LoopbackServer.start(ListServer(lists: [ListFeed(name: "mail", source: MailSource(Mailbox.records(3)))], access: .open))
        let remote = RemoteMail(url: server.url("tickets"), transport: WebSocketClientListTransport.patient)
        do {
            _ = try await remote.loadEntries()
            Issue.record("a list that is not served was read")
        } catch let error as RemoteListError {
            #expect(error.kind == .listNotFound && error.description.contains("/lists/tickets"), "\(error)")
        }
        remote.close()
        await server.stop()
    }

    @Test func anAppThatResumesAtTheLatestVersionIsLiveAtOnce() async throws {
        // The feeds outlive the HTTP server: a network blip, not a restart.
        let source = MailSource(Mailbox.records(30))
        let feed = ListFeed(name: "mail", source: source)
        let lists = ListServer(lists: [feed], access: .open)
        let feeds = Task { await lists.run() }
        let first = try await LoopbackServer.start(lists, runsFeeds: false)
        let remote = RemoteMail(url: first.url("mail"), transport: WebSocketClientListTransport.patient)
        let adapter = ListViewAdapter(source: remote)
        let probe = ListViewAdapterProbe(adapter)
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        let held = remote.version
        await first.stop()
        await probe.recorder.wait { _ in if case .failed = adapter.loadState { true } else { false } }
        // Back on the same port with nothing changed: the app resumes at the latest version
        // and is told so, so neither it nor its adapter keeps the dropped connection's error.
        let second = try await LoopbackServer.start(lists, port: first.port, runsFeeds: false)
        await probe.recorder.wait { _ in
            if case .live = remote.status, case .content = adapter.loadState { true } else { false }
        }
        #expect(remote.version == held && remote.status == .live(held!))
        #expect(probe.recorder.batchCount == 0 && probe.failures.isEmpty, "\(probe.failures)")
        probe.cancel()
        remote.close()
        await second.stop()
        feeds.cancel()
        await feeds.value
    }

    @Test func anAppCatchesUpWhenTheServerComesBack() async throws {
        let source = MailSource(Mailbox.records(300))
        let first = try await LoopbackServer.start(ListServer(lists: [ListFeed(name: "mail", source: source)], access: .open))
        let port = first.port
        let remote = RemoteMail(url: first.url("mail"), transport: WebSocketClientListTransport.patient)
        let adapter = ListViewAdapter(source: remote)
        let probe = ListViewAdapterProbe(adapter)
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        let before = try #require(remote.version)
        await first.stop()
        // While it is down, the list changes; the app keeps its last good list.
        source.mutate { records in
            records.removeFirst(5)
            records.append(Mailbox.record(5_000, section: "Today"))
        }
        let shown = adapter.snapshot
        #expect(shown.count == 300)
        // The server returns on the same port (a new feed: a new epoch).
        let second = try await LoopbackServer.start(ListServer(lists: [ListFeed(name: "mail", source: source)], access: .open), port: port)
        let returned = ContinuousClock.now
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        print("RemoteListTests: back to the server's list \(ContinuousClock.now - returned) after it returned")
        #expect(remote.version?.epoch != before.epoch)
        probe.cancel()
        remote.close()
        await second.stop()
    }

    @Test func anAppThatLetsGoOfItsSourceClosesTheConnection() async throws {
        let source = MailSource(Mailbox.records(10))
        let server = try await LoopbackServer.start(ListServer(lists: [ListFeed(name: "mail", source: source)], access: .open))
        var remote: RemoteMail? = RemoteMail(url: server.url("mail"), transport: WebSocketClientListTransport.patient)
        #expect(try await remote?.loadEntries().count == 10)
        weak let released = remote
        remote = nil
        // No task or transport keeps the source (and so its connection) alive.
        #expect(released == nil)
        await server.stop()
    }
}
#endif
