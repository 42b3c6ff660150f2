#if WebSocket
import Foundation
import Hummingbird
import HummingbirdTLS
import HummingbirdWebSocket
import ListAdapter
import ListAdapterHummingbird
import ListAdapterRemote
import ListAdapterServer
import Logging
import Testing

/// A mail message: the payload served in these tests.
struct Mail: Codable, Sendable, Equatable {
    var id: Int64
    var subject: String
}

typealias MailSource = InMemoryListSource<Int64, Int64, Mail>
typealias RemoteMail = RemoteListSource<Int64, Int64, Mail>

extension WebSocketClientListTransport {
    /// The transport of these tests' apps: an upgrade may take two minutes before the app
    /// gives up (an app's default is 10 s). A guard against a hang, like the suites' time
    /// limit: CI's sanitized run, every suite at once on two cores, has taken longer than
    /// 10 s to upgrade, and the app then reported the server unavailable.
    static var patient: WebSocketClientListTransport { WebSocketClientListTransport(handshakeTimeout: .seconds(120)) }
}

extension Trait where Self == TimeLimitTrait {
    /// A guard against a hang, not a performance check (every wait is on a condition).
    static var hangGuard: Self { .timeLimit(.minutes(10)) }
}

/// A real Hummingbird server on a loopback port serving a ``ListServer``'s lists, as an app
/// would run it, with the feeds followed beside it.
final class LoopbackServer: Sendable {
    let port: Int
    let task: Task<Void, any Error>
    let isTLS: Bool

    private init(port: Int, task: Task<Void, any Error>, isTLS: Bool) {
        self.port = port
        self.task = task
        self.isTLS = isTLS
    }

    /// Starts serving `server` on `address` (127.0.0.1 unless told, ::1 for IPv6) and `port`
    /// (0: any free one), over TLS with `tls` when given, and returns once it listens.
    /// `runsFeeds`: whether it runs the server's feeds too (else the caller does, and they
    /// outlive this HTTP server). `limits`: the server's connection limits.
    static func start(
        _ server: ListServer, address: String = "127.0.0.1", port: Int = 0, tls: TLSConfiguration? = nil, runsFeeds: Bool = true,
        limits: ListConnectionLimits = .init()
    ) async throws -> LoopbackServer {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addListRoutes(server)
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "LoopbackServer")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: try tls.map { try .tls(.listServer(webSocketRouter: router, limits: limits), tlsConfiguration: $0) }
                ?? .listServer(webSocketRouter: router, limits: limits),
            configuration: ApplicationConfiguration(address: .hostname(address, port: port)),
            onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? -1) },
            logger: logger
        )
        let task = Task {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await app.run() }
                if runsFeeds { group.addTask { await server.run() } }
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            task.cancel()
            throw CancellationError()
        }
        return LoopbackServer(port: bound, task: task, isTLS: tls != nil)
    }

    /// The URL of the list `name` on this server (`https://localhost`, the certificate's
    /// name, over TLS).
    func url(_ name: String) -> URL {
        URL(string: isTLS ? "https://localhost:\(port)/lists/\(name)" : "http://127.0.0.1:\(port)/lists/\(name)")!
    }

    /// The URL of the list `name` on this server at `host`: a name, an IPv4 address or an
    /// IPv6 one (put in brackets here).
    func url(_ name: String, host: String) -> URL {
        let authority = host.contains(":") ? "[\(host)]" : host
        return URL(string: "\(isTLS ? "https" : "http")://\(authority):\(port)/lists/\(name)")!
    }

    /// Stops the server (its feeds tell watchers it is shutting down) and waits until it
    /// no longer listens.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

enum Mailbox {
    static func record(_ id: Int64, section: String?, version: Int64 = 1) -> MailSource.Record {
        MailSource.Record(entry: ListEntry(id: id, section: section, summary: version), item: Mail(id: id, subject: "Message \(id)"))
    }

    static func records(_ count: Int) -> [MailSource.Record] {
        (1 ... Int64(count)).map { record($0, section: ["Today", "Yesterday", "O'Brien", "ünïcödé"][Int($0) % 4]) }
    }
}
#endif
