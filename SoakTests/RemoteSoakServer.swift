#if WebSocket
import Foundation
import Hummingbird
import HummingbirdWebSocket
import ListAdapter
import ListAdapterHummingbird
import ListAdapterRemote
import ListAdapterServer
import ListAdapterSQLite
import Logging

/// The remote mode's server, in the soak's process: a real Hummingbird server on
/// 127.0.0.1 serving one ``ListAdapterServer/ListFeed`` (`/lists/soak`) of the soak's SQLite
/// file, in the section-ordered query, as a server app would run it.
///
/// The feed's source opens the file itself: followed read-only (it rescans after each
/// commit another connection makes), or with the change log (`soak --change-log`) owned
/// and reading the log, so every writer's commits are patched.
///
/// Two ways to go down and come back on the same port (``stop(keepingFeed:)``, ``start()``):
/// the HTTP server alone (the feed goes on following the file, so apps resume from the
/// version they hold), or the whole server (the feed tells its watchers it is shutting
/// down; the next one is new, with a new epoch, so apps get the whole list again).
///
/// Main actor; the HTTP server and the feed run on tasks of their own.
@MainActor
final class RemoteSoakServer {
    typealias Source = SQLiteListSource<Int64, Int64, SoakItem>
    typealias Feed = ListFeed<Source>

    /// The list's order: by section first, so sections are contiguous (and commits patched
    /// with the change log).
    static let order = "section, rank, id"
    static let query = SQLiteListQuery(table: "item", identifier: "id", section: "section", summary: "version", order: order)
    /// The one token that opens the list (the routes check it like an app's).
    static let token = "soak-remote-watcher"

    let path: String
    let changeLog: Bool
    /// The port, chosen by the system at the first start and kept for every restart.
    private(set) var port = 0
    private(set) var feed: Feed
    /// Feeds started so far (each whole-server restart starts a new one).
    private(set) var feedsStarted = 0
    /// When the HTTP server last started listening (`nil` while it is down).
    private(set) var listeningSince: ContinuousClock.Instant?
    private var feedTask: Task<Void, Never>?
    private var httpTask: Task<Void, any Error>?

    init(path: String, changeLog: Bool) throws {
        self.path = path
        self.changeLog = changeLog
        feed = Feed(name: "soak", source: try Self.source(path: path, changeLog: changeLog))
    }

    /// A new source on the file, opened as the mode wants it.
    private static func source(path: String, changeLog: Bool) throws -> Source {
        var options = Source.Options()
        options.changeLog = changeLog
        return try Source(path: path, query: query, access: changeLog ? .owned : .followed, options: options)
    }

    /// How the feed's source reads the file, for the summary.
    var sourceDescription: String {
        changeLog ? "owned, reading the change log (every writer's commits patched)" : "followed read-only (rescans after other connections' commits)"
    }

    /// The list's URL.
    var url: URL { URL(string: "http://127.0.0.1:\(port)/lists/soak")! }

    /// Starts the feed (unless it runs: after an HTTP-only stop) and the HTTP server on
    /// ``port`` (any free port the first time), and returns once it listens.
    func start() async throws {
        if feedTask == nil {
            if feedsStarted > 0 { feed = Feed(name: "soak", source: try Self.source(path: path, changeLog: changeLog)) }
            feedsStarted += 1
            let feed = feed
            feedTask = Task.detached { await feed.run() }
        }
        let server = ListServer(lists: [feed], access: .tokens(["soak": [Self.token]]))
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addListRoutes(server)
        var logger = Logger(label: "soak-remote-server")
        logger.logLevel = .critical
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .listServer(webSocketRouter: router),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? -1) },
            logger: logger
        )
        // Ends the port stream however `run()` ends, so a failed bind does not leave the
        // wait below waiting.
        let task = Task.detached {
            defer { portSink.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            task.cancel()
            let reason: String = switch await task.result {
            case .failure(let error): "\(error)"
            case .success: "it stopped at once"
            }
            throw RemoteSoakServerError(description: "the server could not listen on 127.0.0.1:\(port): \(reason)")
        }
        port = bound
        httpTask = task
        listeningSince = ContinuousClock.now
    }

    /// Stops the HTTP server (open WebSockets are closed) and, unless `keepingFeed`, first
    /// the feed (its watchers are told it is shutting down); returns once both stopped.
    func stop(keepingFeed: Bool) async {
        if !keepingFeed, let feedTask {
            feedTask.cancel()
            await feedTask.value
            self.feedTask = nil
        }
        if let httpTask {
            httpTask.cancel()
            _ = await httpTask.result
            self.httpTask = nil
        }
        listeningSince = nil
    }
}

/// The remote mode's server failed to start. Any queue.
struct RemoteSoakServerError: Error, CustomStringConvertible {
    let description: String
}
#endif
