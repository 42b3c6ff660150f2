#if WebSocket && os(Linux)
import Foundation
import HummingbirdTLS
import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import TestSupport
import Testing

/// The served list over TLS (SwiftNIO SSL on both sides): an app that trusts the server's
/// certificate authority watches, fetches and edits over `wss` and `https`; one that does
/// not gets a typed error and no byte of the list. Oracle: the server's source.
@MainActor
@Suite("Remote lists over TLS", .hangGuard)
struct RemoteTLSTests {
    static let token = "tls-token-51e"

    @Test func anAppThatTrustsTheServerWatchesFetchesAndEditsOverTLS() async throws {
        let certificates = try TestCertificates()
        let source = MailSource(Mailbox.records(40).sorted { ($0.entry.section ?? "", $0.entry.id) < ($1.entry.section ?? "", $1.entry.id) })
        let editor = ListFeedEditor<Int64>(move: { try source.move($0) }, delete: { _ = source.delete($0) })
        let feed = ListFeed(name: "mail", source: source, editor: editor)
        let server = try await LoopbackServer.start(ListServer(lists: [feed], access: .tokens(["mail": [Self.token]])), tls: certificates.serverConfiguration)
        #expect(server.url("mail").scheme == "https")
        let remote = RemoteMail(url: server.url("mail"), token: Self.token, transport: WebSocketClientListTransport(tlsConfiguration: certificates.clientConfiguration))
        let adapter = ListViewAdapter(source: remote)
        let probe = ListViewAdapterProbe(adapter)
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        source.mutate { records in records[3].entry.summary += 1 }
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        #expect(try await remote.fetchItems([5]) == [5: Mail(id: 5, subject: "Message 5")])
        let result = probe.deleteBySwipe(at: [ItemPath(section: 0, item: 0)]) { ids in try await remote.delete(ids) }
        #expect((try? result.get()) != nil)
        await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        #expect(try await source.loadEntries().count == 39 && probe.editResults.count == 1 && (try? probe.editResults[0].get()) != nil)
        probe.cancel()
        remote.close()
        await server.stop()
    }

    @Test func anAppThatDoesNotTrustTheServerGetsNoList() async throws {
        let certificates = try TestCertificates()
        let source = MailSource(Mailbox.records(10))
        let server = try await LoopbackServer.start(ListServer(lists: [ListFeed(name: "mail", source: source)], access: .tokens(["mail": [Self.token]])), tls: certificates.serverConfiguration)
        // The system's roots (the default) do not include the test authority.
        let remote = RemoteMail(url: server.url("mail"), token: Self.token, transport: WebSocketClientListTransport())
        do {
            _ = try await remote.loadEntries()
            Issue.record("an untrusted server's list was read")
        } catch let error as RemoteListError {
            #expect(error.kind == .serverUnavailable && !error.description.contains(Self.token), "\(error)")
        }
        #expect(remote.version == nil)
        await #expect(throws: RemoteListError.self) { try await remote.fetchItems([1]) }
        // Nor over plain HTTP to the TLS port.
        let plain = RemoteMail(url: URL(string: "http://127.0.0.1:\(server.port)/lists/mail")!, token: Self.token)
        await #expect(throws: RemoteListError.self) { _ = try await plain.loadEntries() }
        remote.close()
        plain.close()
        await server.stop()
    }
}
#endif
