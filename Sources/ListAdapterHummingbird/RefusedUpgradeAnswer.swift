#if WebSocket
import Hummingbird
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Answers a WebSocket upgrade the routes refused as they answer the same request without
/// the upgrade: 401 with `WWW-Authenticate` for a missing or wrong token, 404 for an
/// unknown list, each with the routes' JSON error body; 400 (with a body saying why) when
/// the routes would have accepted it, so that the request itself was malformed.
///
/// Hummingbird's WebSocket channel answers every refused upgrade `400 Bad Request` with no
/// body (and a malformed one with a redirect to itself), so an app cannot tell a wrong
/// token, which is final, from a passing fault. This handler sits in the connection's
/// HTTP/1 pipeline, which a connection has only when its first request was not upgraded: if
/// that request asked for an upgrade (its head, as ``ConnectionGuard`` kept it, has the
/// `Upgrade` or `Sec-WebSocket-*` fields), it replaces the server's answer with the routes'
/// own (asking `responder`, the WebSocket router), then lets the connection close. Any other
/// answer passes untouched.
///
/// The connection's event loop; the routes are asked on a task.
final class RefusedUpgradeAnswer<Responder: HTTPResponder>: ChannelDuplexHandler, RemovableChannelHandler
where Responder.Context: RequestContext & InitializableFromSource<ApplicationRequestContextSource> {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        /// Before the first request's head.
        case first
        /// The first request asked for an upgrade that was not made.
        case refusedUpgrade(HTTPRequest)
        /// The server's own answer is being held back while the routes are asked.
        case answering(held: [EventLoopPromise<Void>], close: (mode: CloseMode, promise: EventLoopPromise<Void>?)?)
        /// Answered, or the first request was not an upgrade.
        case done
    }

    private let responder: Responder
    private let logger: Logger
    private var state = State.first

    init(responder: Responder, logger: Logger) {
        self.responder = responder
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard case .first = state else { return }
        let head = (try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self))?.firstRequest
        guard let head, head.asksForWebSocket, let request = try? HTTPRequest(head, secure: false, splitCookie: false) else {
            state = .done
            return
        }
        state = .refusedUpgrade(request)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch state {
        case .refusedUpgrade(let request):
            state = .answering(held: promise.map { [$0] } ?? [], close: nil)
            ask(context, about: request)
        case .answering(var held, let close):
            if let promise { held.append(promise) }
            state = .answering(held: held, close: close)
        case .first, .done:
            context.write(data, promise: promise)
        }
    }

    func flush(context: ChannelHandlerContext) {
        if case .answering = state { return }
        context.flush()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if case .refusedUpgrade(let request) = state {
            // Closed without an answer (a malformed upgrade's request is not passed on): the
            // routes answer it before the close.
            state = .answering(held: [], close: (mode: .all, promise: promise))
            return ask(context, about: request)
        }
        guard case .answering(let held, let close) = state else {
            return context.close(mode: mode, promise: promise)
        }
        if let earlier = close?.promise, let promise { promise.futureResult.cascade(to: earlier) }
        state = .answering(held: held, close: (mode: .all, promise: promise ?? close?.promise))
    }

    /// Asks the routes what they answer `request` (on a task), then writes that answer.
    private func ask(_ context: ChannelHandlerContext, about request: HTTPRequest) {
        let responder = responder
        let logger = logger
        let channel = context.channel
        context.eventLoop.makeFutureWithTask {
            await Self.answer(to: request, responder: responder, channel: channel, logger: logger)
        }
        .assumeIsolated()
        .whenSuccess { answer in
            self.write(answer, context: context)
        }
    }

    private func write(_ answer: (head: HTTPResponse, body: ByteBuffer), context: ChannelHandlerContext) {
        guard case .answering(let held, let close) = state else { return }
        state = .done
        let end = context.eventLoop.makePromise(of: Void.self)
        for promise in held { end.futureResult.cascade(to: promise) }
        context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
        context.write(wrapOutboundOut(.body(answer.body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: end)
        context.close(mode: .all, promise: close?.promise)
    }

    /// The routes' answer to `request`, as the plain request gets it.
    private static func answer(to request: HTTPRequest, responder: Responder, channel: any Channel, logger: Logger) async -> (head: HTTPResponse, body: ByteBuffer) {
        let asked = Request(head: request, body: .init(buffer: ByteBuffer()))
        let context = Responder.Context(source: .init(channel: channel, logger: logger))
        var response: Response
        do {
            response = try await responder.respond(to: asked, context: context)
            if (200 ..< 300).contains(response.status.code) {
                // The routes would have upgraded it: the upgrade request itself is malformed
                // (a missing Sec-WebSocket-Key, a version other than 13, ...).
                response = Self.malformed(asked, context)
            }
        } catch let error as any HTTPResponseError {
            response = (try? error.response(from: asked, context: context)) ?? Response(status: error.status)
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = CollectedBody()
        try? await response.body.write(collected)
        var head = HTTPResponse(status: response.status, headerFields: response.headers)
        head.headerFields[.contentLength] = String(collected.bytes.readableBytes)
        head.headerFields[.connection] = "close"
        return (head, collected.bytes)
    }

    private static func malformed(_ request: Request, _ context: Responder.Context) -> Response {
        let error = HTTPError(.badRequest, message: "malformed WebSocket upgrade request: it needs Connection: Upgrade, Upgrade: websocket, Sec-WebSocket-Version: 13 and a Sec-WebSocket-Key")
        return (try? error.response(from: request, context: context)) ?? Response(status: .badRequest)
    }
}

/// A response body, collected (the answers here are a line of JSON).
private final class CollectedBody: ResponseBodyWriter, @unchecked Sendable {
    // @unchecked Sendable: written by one task, read after it.
    var bytes = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        bytes.writeBuffer(&buffer)
    }

    func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
        for buffer in buffers { try await write(buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
#endif
