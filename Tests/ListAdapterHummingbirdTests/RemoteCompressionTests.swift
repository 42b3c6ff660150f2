#if WebSocket && os(Linux)
import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import Synchronization
import Testing

/// The real Linux transport, counting what it receives: the URL of each watch, and the kind
/// byte and size of each message.
final class CountingTransport: ListTransport {
    let base = WebSocketClientListTransport()
    let counts = Mutex<(urls: [URL], kinds: [UInt8], bytes: Int)>(([], [], 0))

    func watch(_ request: ListTransportRequest, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws {
        counts.withLock { $0.urls.append(request.url) }
        try await base.watch(request) { [self] message in
            counts.withLock { counts in
                counts.kinds.append(message.first ?? 0)
                counts.bytes += message.count
            }
            try await receive(message)
        }
    }

    func post(_ request: ListTransportRequest, body: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
        try await base.post(request, body: body)
    }
}

/// An app's list over a real Hummingbird server on loopback arrives compressed when the
/// app accepts it (the default) and as it is when not; both show the server's list.
/// Oracle: the server's source, and the bytes the transport received.
@MainActor
@Suite("Remote lists, compressed", .hangGuard)
struct RemoteCompressionTests {
    /// What an app with `compression` received until it showed the source's list, and a
    /// change of 3,000 summaries after it.
    static func watch(_ source: MailSource, server: LoopbackServer, compression: ListWireCompression?) async throws -> (urls: [URL], kinds: [UInt8], bytes: Int) {
        let transport = CountingTransport()
        var configuration = RemoteListConfiguration()
        configuration.compression = compression
        let remote = RemoteMail(url: server.url("mail"), transport: transport, configuration: configuration)
        let adapter = ListViewAdapter(source: remote)
        let probe = ListViewAdapterProbe(adapter)
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        source.mutate { records in
            for index in stride(from: 0, to: records.count, by: 10) { records[index].entry.summary += 1 }
        }
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        probe.cancel()
        remote.close()
        return transport.counts.withLock { $0 }
    }

    @Test func anAppGetsTheListDeflatedUnlessItSaysOtherwise() async throws {
        let source = MailSource(Mailbox.records(30_000))
        let server = try await LoopbackServer.start(ListServer(lists: [ListFeed(name: "mail", source: source)], access: .open))
        let deflated = try await Self.watch(source, server: server, compression: .deflate)
        let plain = try await Self.watch(source, server: server, compression: nil)
        await server.stop()
        print("RemoteCompressionTests: 30,000 rows and a change, \(plain.bytes) bytes, deflated \(deflated.bytes)")
        #expect(deflated.urls.first?.query == "compression=deflate")
        #expect(plain.urls.first?.query == nil)
        #expect(deflated.kinds.contains(7) && !plain.kinds.contains(7))
        #expect(deflated.bytes * 2 < plain.bytes)
    }
}
#endif
