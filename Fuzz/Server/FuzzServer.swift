import Dispatch
import Hummingbird
import HummingbirdWebSocket
import ListAdapter
import ListAdapterHummingbird
import ListAdapterServer
import Logging
import Synchronization

/// A mail message, the payload the server serves. Its subject and the lists' section titles
/// hold ``FuzzServer/secret``: an answer to a request without the token must not.
struct Mail: Codable, Sendable {
    var id: Int64
    var subject: String
}

/// The server every input talks to: a real Hummingbird server on a loopback port, as
/// `sample serve` runs one (`.listServer(webSocketRouter:)`, the list routes, the feeds
/// followed beside it), started once, on the first input, and kept for the whole run, so
/// that what one input leaves behind (a connection, a watcher, a moved row) meets the next.
///
/// Two lists under one token: "mail" takes moves (written to its source, so the list keeps
/// its rows) and refuses deletes (409); "notes" takes no edits (405).
final class FuzzServer: Sendable {
    static let token = "fuzz-token-5d1"
    static let secret = "secret-"
    /// A request body's cap, small so that inputs reach it (the routes' default is 256 KB).
    static let maximumRequestBytes = 1_024

    /// Started on first use; a server that does not start ends the run.
    static let shared = FuzzServer.start()

    let port: Int

    private init(port: Int) {
        self.port = port
    }

    private struct Refused: Error {}

    private static func start() -> FuzzServer {
        let records = (1 ... 24).map { id in
            InMemoryListSource<Int64, Int64, Mail>.Record(
                entry: ListEntry(id: Int64(id), section: "\(secret)\(["inbox", "archive", "ünïcödé"][id % 3])", summary: 1),
                item: Mail(id: Int64(id), subject: "\(secret)subject \(id)")
            )
        }.sorted { ($0.entry.section ?? "", $0.entry.id) < ($1.entry.section ?? "", $1.entry.id) }
        let mail = InMemoryListSource<Int64, Int64, Mail>(records)
        let notes = InMemoryListSource<Int64, Int64, Mail>(Array(records.prefix(5)))
        let editor = ListFeedEditor<Int64>(move: { _ = try mail.move($0) }, delete: { _ in throw Refused() })
        let server = ListServer(
            lists: [ListFeed(name: "mail", source: mail, editor: editor), ListFeed(name: "notes", source: notes)],
            access: .tokens(["mail": [token], "notes": [token]])
        )
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addListRoutes(server, maximumRequestBytes: maximumRequestBytes)
        var logger = Logger(label: "server-fuzz")
        logger.logLevel = .critical
        let bound = Mutex<Int?>(nil)
        let started = DispatchSemaphore(value: 0)
        let app = Application(
            router: router,
            server: .listServer(webSocketRouter: router, limits: ListConnectionLimits(requestHeaderTimeout: .seconds(120), idleTimeout: .seconds(120))),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                bound.withLock { $0 = channel.localAddress?.port ?? -1 }
                started.signal()
            },
            logger: logger
        )
        Task.detached {
            do {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { try await app.run() }
                    group.addTask { await server.run() }
                }
            } catch {
                fail("the server stopped: \(error)")
            }
        }
        started.wait()
        guard let port = bound.withLock({ $0 }), port > 0 else { fail("the server did not bind a port") }
        return FuzzServer(port: port)
    }
}
