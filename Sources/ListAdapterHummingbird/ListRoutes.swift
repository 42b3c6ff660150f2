#if WebSocket
public import Hummingbird
public import HummingbirdWebSocket
public import ListAdapterServer
import ListAdapterRemote
import Foundation
import NIOCore

extension Router where Context: WebSocketRequestContext {
    /// Adds the routes that serve `server`'s lists under `prefix`:
    ///
    /// - `GET /lists/{name}/watch?after={version}&compression=deflate`: a WebSocket (both
    ///   query values optional) that sends the list, then each change
    ///   (`ListFeed.watch(after:compression:)`);
    /// - `POST /lists/{name}/items`: a payload request (`ListFeed.items(requestBody:)`);
    /// - `POST /lists/{name}/edits`: a person's move or delete (`ListFeed.edit(requestBody:)`),
    ///   answered once written with the version of a list that has it, 405 when the list
    ///   takes no edits, 409 when refused.
    ///
    /// Each needs `Authorization: Bearer {token}` as `server.access` wants it: without, HTTP
    /// 401 (with `WWW-Authenticate: Bearer`) and no byte of the list; an unknown list is 404,
    /// a malformed `after` 400, a watch without the upgrade 426 (with `Upgrade: websocket`),
    /// each with a JSON body `{"error":{"message":...}}`. Serve the
    /// router with `.listServer(webSocketRouter:)`, which answers a refused WebSocket upgrade
    /// with the same status and body (Hummingbird's own upgrade channel answers them all 400)
    /// and bounds idle and half-sent connections; run `server.run()` beside the app.
    ///
    /// ```swift
    /// let router = Router(context: BasicWebSocketRequestContext.self)
    /// router.addListRoutes(server)
    /// let app = Application(router: router, server: .listServer(webSocketRouter: router))
    /// ```
    ///
    /// Threading: the routes run on the server's tasks; each watcher's messages are pulled by
    /// its connection's task, so a slow watcher slows only itself.
    ///
    /// - Parameters:
    ///   - server: the lists to serve and who may see them; its `run()` must run beside the app for
    ///     the lists to have content.
    ///   - prefix: the path the routes go under, `lists` by default (`/lists/{name}/watch`).
    ///   - maximumRequestBytes: the largest body a payload or edit request may have, in bytes;
    ///     262,144 (256 KiB) by default. A larger body is refused with HTTP 413 before it is
    ///     decoded.
    /// - Returns: the router, for chaining (discardable).
    @discardableResult
    public func addListRoutes(_ server: ListServer, at prefix: RouterPath = "lists", maximumRequestBytes: Int = 262_144) -> Self {
        ws("\(prefix)/:name/watch") { request, context in
            let name = try context.parameters.require("name")
            _ = try await Self.authorize(server, name, request)
            _ = try Self.resumeVersion(name, request)
            // A plain GET (this closure also answers one): the watch is a WebSocket.
            guard request.headers[.upgrade]?.lowercased().contains("websocket") == true else {
                throw HTTPError(.upgradeRequired, headers: [.upgrade: "websocket", .connection: "Upgrade"], message: "list \"\(name)\": watching is a WebSocket: ask with Upgrade: websocket")
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            // The route's parameters do not reach the upgraded connection: the name is the
            // path's component before "watch" (already checked by `shouldUpgrade`).
            let components = context.request.uri.path.split(separator: "/")
            guard components.count >= 2, let name = String(components[components.count - 2]).removingPercentEncoding,
                  let list = server.lists[name], let after = Result(catching: { try Self.resumeVersion(name, context.request) }).success else { return }
            let compression = ListWireCompression(accepting: context.request.uri.queryParameters.get("compression"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                // An app sends nothing; reading lets a close or a dropped connection end the watch.
                group.addTask { for try await _ in inbound {} }
                group.addTask {
                    for await message in list.watch(after: after, compression: compression) {
                        try await outbound.write(.binary(ByteBuffer(bytes: message)))
                    }
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
        post("\(prefix)/:name/items") { request, context -> Response in
            let (list, body) = try await Self.authorizedBody(server, request, context, upTo: maximumRequestBytes)
            return try await Self.answer { () throws(ListServerError) in try await list.items(requestBody: body) }
        }
        post("\(prefix)/:name/edits") { request, context -> Response in
            let (list, body) = try await Self.authorizedBody(server, request, context, upTo: maximumRequestBytes)
            return try await Self.answer { () throws(ListServerError) in try await list.edit(requestBody: body) }
        }
        return self
    }

    /// The list a `POST` names once its token is accepted, and the request's body (at most
    /// `maximum` bytes).
    private static func authorizedBody(_ server: ListServer, _ request: Request, _ context: Context, upTo maximum: Int) async throws -> (any ServedList, [UInt8]) {
        let name = try context.parameters.require("name")
        let list = try await authorize(server, name, request)
        let body = try await request.body.collect(upTo: maximum)
        return (list, Array(buffer: body))
    }

    /// 200 and the bytes `body` returns, or the HTTP error of its failure.
    private static func answer(_ body: () async throws(ListServerError) -> [UInt8]) async throws -> Response {
        do throws(ListServerError) {
            let bytes = try await body()
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        } catch {
            throw httpError(error)
        }
    }

    private static func authorize(_ server: ListServer, _ name: String, _ request: Request) async throws -> any ServedList {
        do throws(ListServerError) {
            return try await server.authorize(list: name, authorization: request.headers[.authorization])
        } catch {
            throw httpError(error)
        }
    }

    private static func resumeVersion(_ name: String, _ request: Request) throws -> ListVersion? {
        do throws(ListServerError) {
            return try ListServer.resumeVersion(list: name, after: request.uri.queryParameters.get("after"))
        } catch {
            throw httpError(error)
        }
    }

    /// The HTTP error that answers `error`: its status and its message, nothing more (and
    /// on 401 the scheme the routes take, as RFC 9110 asks).
    private static func httpError(_ error: ListServerError) -> HTTPError {
        let headers: HTTPFields = error.httpStatus == 401 ? [.wwwAuthenticate: "Bearer"] : [:]
        return HTTPError(HTTPResponse.Status(code: error.httpStatus), headers: headers, message: error.description)
    }
}

extension Result {
    /// The value, if a success (`nil` stays a value: a success of an optional is not
    /// flattened as `try?` would).
    fileprivate var success: Success? {
        if case .success(let value) = self { value } else { nil }
    }
}
#endif
