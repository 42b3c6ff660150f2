#if WebSocket && os(Linux)
import Foundation
import HummingbirdTLS
import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import TestSupport
import Testing

/// The served list over TLS at an IP address as well as at a name, as `sample serve`
/// prints it (`https://127.0.0.1:PORT`): no server name (SNI) is sent for an address (RFC
/// 6066 forbids it; SwiftNIO SSL refused to connect), and the certificate is checked
/// against the address instead. Oracle: the server's source; and a certificate that does
/// not name the address is refused there while it is accepted at `localhost`.
@MainActor
@Suite("Remote lists over TLS at an IP address", .hangGuard)
struct RemoteTLSAddressTests {
    static let token = "tls-address-token-7c2"

    /// Where the server listens and the host the app's URL names.
    struct Place: Sendable, CustomTestStringConvertible {
        let listening: String
        let urlHost: String
        var testDescription: String { "\(urlHost) (server on \(listening))" }
    }

    nonisolated static let places = [
        Place(listening: "127.0.0.1", urlHost: "127.0.0.1"),
        Place(listening: "::1", urlHost: "::1"),
        Place(listening: "127.0.0.1", urlHost: "localhost"),
    ]

    @Test(arguments: places)
    func anAppWatchesAndFetchesAtAnAddressOrAName(_ place: Place) async throws {
        let certificates = try TestCertificates()
        let source = MailSource(Mailbox.records(30))
        let server = try await LoopbackServer.start(
            ListServer(lists: [ListFeed(name: "mail", source: source)], access: .tokens(["mail": [Self.token]])),
            address: place.listening, tls: certificates.serverConfiguration
        )
        let url = server.url("mail", host: place.urlHost)
        let remote = RemoteMail(url: url, token: Self.token, transport: WebSocketClientListTransport(tlsConfiguration: certificates.clientConfiguration))
        // A first load fails at once when the watch cannot connect (the adapter's would retry).
        #expect(try await remote.loadEntries() == (try await source.loadEntries()))
        let adapter = ListViewAdapter(source: remote)
        let probe = ListViewAdapterProbe(adapter)
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(url): \(probe.failures) \(remote.status)")
        source.mutate { records in records[2].entry.summary += 1 }
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(url): \(probe.failures)")
        // Payloads are POSTs (AsyncHTTPClient), at the same address.
        #expect(try await remote.fetchItems([7]) == [7: Mail(id: 7, subject: "Message 7")])
        probe.cancel()
        remote.close()
        await server.stop()
    }

    @Test func aCertificateThatDoesNotNameTheAddressIsRefusedThere() async throws {
        let certificates = try TestCertificates(ipAddresses: [])
        let source = MailSource(Mailbox.records(10))
        let server = try await LoopbackServer.start(
            ListServer(lists: [ListFeed(name: "mail", source: source)], access: .tokens(["mail": [Self.token]])), tls: certificates.serverConfiguration
        )
        let transport = WebSocketClientListTransport(tlsConfiguration: certificates.clientConfiguration)
        let atAddress = RemoteMail(url: server.url("mail", host: "127.0.0.1"), token: Self.token, transport: transport)
        do {
            _ = try await atAddress.loadEntries()
            Issue.record("a list was read from a server whose certificate does not name its address")
        } catch let error as RemoteListError {
            // Refused by the certificate check (not for want of a connection, nor at the SNI).
            #expect(error.kind == .serverUnavailable && error.description.contains("failedToValidateHostname"), "\(error)")
        }
        #expect(atAddress.version == nil)
        await #expect(throws: RemoteListError.self) { try await atAddress.fetchItems([1]) }
        // The same certificate, server and authority are good at the name the certificate holds.
        let atName = RemoteMail(url: server.url("mail", host: "localhost"), token: Self.token, transport: transport)
        #expect(try await atName.loadEntries() == (try await source.loadEntries()))
        atAddress.close()
        atName.close()
        await server.stop()
    }
}
#endif
