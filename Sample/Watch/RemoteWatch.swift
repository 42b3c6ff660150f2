import ArgumentParser
import Dispatch
import Foundation
import ListAdapter
import ListAdapterRemote
#if WebSocket && os(Linux)
import HummingbirdTLS
#endif

/// `sample watch --remote`: the same session as for a database, over a list a server
/// serves (`sample serve`). On Linux it needs the package trait `WebSocket` (the WebSocket
/// client); without it, a message saying how to build it.
struct RemoteWatch {
    let url: String
    let token: String?
    /// A certificate authority to trust (a PEM file), for a server the system does not trust.
    let caCertificate: String?

    /// Rows are not fetched by `watch`; the payload type reads nothing.
    struct IgnoredMessage: Decodable, Sendable {}

    func start(printer: WatchPrinter, patience: Duration) throws {
        #if os(Linux) && !WebSocket
        throw ValidationError("this sample was built without the WebSocket client; build it with the package trait: swift run --traits WebSocket sample watch --remote \(url)")
        #else
        guard let listURL = URL(string: url) else { throw ValidationError("--remote takes the list's URL") }
        let source = RemoteListSource<Int64, Int64, IgnoredMessage>(url: listURL, token: token, transport: try transport())
        DispatchQueue.main.async {
            WatchSession.start(source: source, label: "the list at \(url)", printer: printer, patience: patience)
        }
        #endif
    }

    /// The platform's transport, trusting ``caCertificate`` when given (Linux only: on
    /// Apple platforms, trust the authority in the system's keychain instead).
    private func transport() throws -> (any ListTransport)? {
        guard let caCertificate else { return nil }
        #if WebSocket && os(Linux)
        var tls = TLSConfiguration.makeClientConfiguration()
        do {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caCertificate))
        } catch {
            throw SampleError("--ca-certificate \(caCertificate): not a readable PEM certificate (\(error))")
        }
        return WebSocketClientListTransport(tlsConfiguration: tls)
        #else
        throw ValidationError("--ca-certificate is for Linux; on this system, trust the authority in the system's keychain")
        #endif
    }
}
