#if WebSocket && os(Linux)
import Foundation
import Glibc
import ListAdapter
import ListAdapterRemote
import Testing

/// A server that takes the connection and never answers the WebSocket upgrade (the soak's
/// remote mode met one: a server stopping as the request arrived) must not hold the watch
/// forever: the Linux transport gives up at its handshake deadline, and the source reports
/// the server unavailable (and goes on reconnecting). Oracle: the error's kind and message.
@Suite("A WebSocket upgrade that never completes", .hangGuard)
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
}
#endif
