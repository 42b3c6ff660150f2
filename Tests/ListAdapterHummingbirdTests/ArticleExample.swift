#if WebSocket
// The example of ListAdapterHummingbird.docc/ListAdapterHummingbird.md, compiled here;
// ArticleExampleTests checks that the article shows it as it is.
import Hummingbird
import HummingbirdWebSocket
import ListAdapter
import ListAdapterHummingbird
import ListAdapterServer

struct Message: Codable, Sendable {
    var id: Int64
    var subject: String
}

func serve(_ source: InMemoryListSource<Int64, Int64, Message>) async throws {
    let feed = ListFeed(name: "inbox", source: source)
    let server = ListServer(lists: [feed], access: .tokens(["inbox": ["the app's token"]]))
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.addListRoutes(server)
    let app = Application(router: router, server: .listServer(webSocketRouter: router))
    try await withThrowingDiscardingTaskGroup { group in
        group.addTask { try await app.runService() }
        group.addTask { await server.run() }
    }
}
#endif
