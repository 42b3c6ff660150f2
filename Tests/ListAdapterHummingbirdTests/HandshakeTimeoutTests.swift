#if WebSocket && os(Linux)
import Foundation
import Glibc
import Hummingbird
import HummingbirdWebSocket
import ListAdapter
import ListAdapterRemote
import Logging
import Testing

/// A server that takes the connection and never answers the WebSocket upgrade, or answers
/// it and then goes silent (the soak's remote mode met both: a server stopping as the
/// request arrived), must not hold the watch forever: the Linux transport gives up at its
/// handshake deadline, or when a ping goes unanswered, and the source reports the server
/// unavailable (and goes on reconnecting). Oracle: the error's kind and message.
@Suite("A WebSocket connection that never completes or goes silent", .hangGuard)
struct HandshakeTimeoutTests {
    /// A TCP port on loopback that listens and never accepts: connections complete in the
    /// kernel's backlog, and nothing ever answers them.
    final class SilentListener {
        let descriptor: Int32
        let port: Int

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0 && getsockname(descriptor, address, &length) == 0
                }
            }
            guard descriptor >= 0, bound else {
                close(descriptor)
                throw POSIXError(.EADDRNOTAVAIL)
            }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }

    @Test func aServerThatNeverAnswersTheUpgradeIsGivenUpOn() async throws {
        let listener = try SilentListener()
        let transport = WebSocketClientListTransport(handshakeTimeout: .milliseconds(300))
        let url = URL(string: "http://127.0.0.1:\(listener.port)/lists/mail")!
        let remote = RemoteMail(url: url, transport: transport)
        do {
            _ = try await remote.loadEntries()
            Issue.record("a list came from a server that never answered")
        } catch let error as RemoteListError {
            #expect(error.kind == .serverUnavailable && error.message.contains("did not complete within"), "\(error)")
        }
        guard case .connecting(let error?) = remote.status else {
            Issue.record("status \(remote.status), not reconnecting after the failed upgrade")
            return
        }
        #expect(error.kind == .serverUnavailable)
        remote.close()
    }

    @Test func aServerThatGoesSilentAfterTheUpgradeIsLeftWhenAPingGoesUnanswered() async throws {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("lists/mail/watch") { _, _ in
            .upgrade([:])
        } onUpgrade: { _, _, _ in
            // Upgraded, then silent: it neither sends nor reads, so no ping is answered.
            try? await Task.sleep(for: .seconds(600))
        }
        var logger = Logger(label: "SilentServer")
        logger.logLevel = .critical
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? -1) },
            logger: logger
        )
        let server = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let transport = WebSocketClientListTransport(pingInterval: .milliseconds(200))
        let remote = RemoteMail(url: URL(string: "http://127.0.0.1:\(port)/lists/mail")!, transport: transport)
        do {
            _ = try await remote.loadEntries()
            Issue.record("a list came from a server that sent nothing")
        } catch let error as RemoteListError {
            #expect(error.kind == .serverUnavailable, "\(error)")
        }
        remote.close()
        server.cancel()
        _ = await server.result
    }
}
#endif
