#if WebSocket
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// The first handler of every connection of a list server (after TLS, when there is TLS):
/// refuses a connection past ``ListConnectionLimits/maximumConnections`` with 503, and closes
/// one that has not sent the whole header of its first request within
/// ``ListConnectionLimits/requestHeaderTimeout`` with 408. Once that header has arrived it
/// lets everything pass: from then on the connection is HTTP's (its idle timeout) or a
/// WebSocket's. It keeps the first request's head (``firstRequest``, set by
/// ``FirstRequestCapture``) for ``RefusedUpgradeAnswer``.
///
/// It reads bytes, not HTTP: a header ends at the first empty line (CRLF CRLF, or LF LF).
///
/// A first request that asks for a WebSocket upgrade is answered before the client may send
/// more (RFC 6455, 4.1): bytes that follow its header before the upgrade is made are
/// dropped. Passed on, a pipelined request was decoded, held by SwiftNIO's upgrade handler
/// and handed, once upgraded, to the WebSocket decoder, which traps: one client could end
/// the server's process.
///
/// The connection's event loop only.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum State {
        /// Waiting for the end of the first header; `lineEnded` when the last byte (not
        /// counting CR) was LF.
        case awaitingHeader(lineEnded: Bool)
        /// Answered and closing: nothing more is read.
        case refused
        /// The first request asked for a WebSocket upgrade, not yet made: what the client
        /// sends before it is dropped.
        case upgradeAsked
        case headerReceived
    }

    private let timeout: TimeAmount
    private let refuses: Bool
    private var state = State.awaitingHeader(lineEnded: false)
    private var deadline: Scheduled<Void>?
    /// The head of the connection's first request, once decoded.
    var firstRequest: HTTPRequestHead?

    /// - Parameters:
    ///   - timeout: How long the first request's header may take.
    ///   - refuses: Whether the connection is one too many: answered 503 at once and closed.
    init(timeout: TimeAmount, refuses: Bool) {
        self.timeout = timeout
        self.refuses = refuses
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .awaitingHeader(let lineEnded):
            readHeader(context: context, unwrapInboundIn(data), lineEnded: lineEnded)
        case .upgradeAsked:
            // Made once the HTTP decoder has left the pipeline: bytes are the WebSocket's.
            guard (try? context.pipeline.syncOperations.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)) == nil else { return }
            state = .headerReceived
            context.fireChannelRead(data)
        case .headerReceived:
            context.fireChannelRead(data)
        case .refused:
            break
        }
    }

    /// Passes on `buffer` up to the end of the first request's header, if it is there, then
    /// the rest unless that request asked for an upgrade.
    private func readHeader(context: ChannelHandlerContext, _ buffer: ByteBuffer, lineEnded: Bool) {
        var lineEnded = lineEnded
        var headerEnd: Int?
        for (offset, byte) in buffer.readableBytesView.enumerated() where byte != UInt8(ascii: "\r") {
            if byte == UInt8(ascii: "\n") {
                if lineEnded { headerEnd = offset + 1; break }
                lineEnded = true
            } else {
                lineEnded = false
            }
        }
        guard let headerEnd else {
            state = .awaitingHeader(lineEnded: lineEnded)
            context.fireChannelRead(wrapInboundOut(buffer))
            return
        }
        deadline?.cancel()
        deadline = nil
        state = .headerReceived
        var rest = buffer
        let header = rest.readSlice(length: headerEnd)!
        // The decoder reads the head and FirstRequestCapture hands it over, synchronously.
        context.fireChannelRead(wrapInboundOut(header))
        if let firstRequest, firstRequest.asksForWebSocket {
            state = .upgradeAsked
        } else if rest.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(rest))
        }
    }

    private func start(_ context: ChannelHandlerContext) {
        guard deadline == nil, case .awaitingHeader = state else { return }
        if refuses {
            refuse(context, status: "503 Service Unavailable", extraHeaders: "Retry-After: 1\r\n",
                   message: "the server has as many connections open as it allows; try again shortly")
            return
        }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            deadline = nil
            guard case .awaitingHeader = state else { return }
            refuse(context, status: "408 Request Timeout", extraHeaders: "",
                   message: "the request's header did not arrive within \(timeout.nanoseconds / 1_000_000) ms")
        }
    }

    /// Answers with `status` and a JSON error body (as the routes' errors have it), then closes.
    private func refuse(_ context: ChannelHandlerContext, status: String, extraHeaders: String, message: String) {
        state = .refused
        let body = #"{"error":{"message":"\#(message)"}}"#
        let head = "HTTP/1.1 \(status)\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\(extraHeaders)Connection: close\r\n\r\n"
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: head + body)), promise: nil)
        context.close(promise: nil)
    }
}

/// Hands the first request's head, as decoded, to the connection's ``ConnectionGuard``,
/// then leaves the pipeline (before any upgrade: after one, what follows the decoder is no
/// longer HTTP).
///
/// A head with a WebSocket upgrade's fields that cannot be one (not a `GET`, or with a
/// body) is passed on without them, as the plain request it also is (RFC 9110 lets a server
/// ignore `Upgrade`): the upgrade handler kept such a request's body, so its route waited
/// for it until the idle timeout closed the connection.
///
/// The connection's event loop only.
final class FirstRequestCapture: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let connectionGuard: ConnectionGuard

    init(_ connectionGuard: ConnectionGuard) {
        self.connectionGuard = connectionGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(var head) = unwrapInboundIn(data) {
            if Self.cannotUpgrade(head) { Self.removeUpgrade(from: &head) }
            connectionGuard.firstRequest = head
            context.fireChannelRead(wrapInboundOut(.head(head)))
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireChannelRead(data)
    }

    /// Whether `head` asks for an upgrade that a WebSocket cannot be: its handshake is a
    /// `GET` without a body (RFC 6455, 4.1).
    private static func cannotUpgrade(_ head: HTTPRequestHead) -> Bool {
        guard !head.headers["upgrade"].isEmpty else { return false }
        let length = head.headers["content-length"]
        return head.method != .GET || !head.headers["transfer-encoding"].isEmpty || length.contains { $0.trimmingCharacters(in: .whitespaces) != "0" }
    }

    /// `head` without its upgrade: the `Upgrade` and `Sec-WebSocket-*` fields and the
    /// `upgrade` token of `Connection`.
    private static func removeUpgrade(from head: inout HTTPRequestHead) {
        let connection = head.headers["connection"].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.lowercased() != "upgrade" }
        for name in Set(head.headers.map { $0.name.lowercased() }) where name == "upgrade" || name == "connection" || name.hasPrefix("sec-websocket-") {
            head.headers.remove(name: name)
        }
        if !connection.isEmpty { head.headers.add(name: "Connection", value: connection.joined(separator: ", ")) }
    }
}

extension HTTPRequestHead {
    /// Whether the request asked for a WebSocket (an `Upgrade` naming it, or its handshake's
    /// fields): one the server either upgrades or answers and closes
    /// (``RefusedUpgradeAnswer``).
    var asksForWebSocket: Bool {
        headers["upgrade"].contains { $0.lowercased().contains("websocket") }
            || !headers["sec-websocket-version"].isEmpty || !headers["sec-websocket-key"].isEmpty
    }
}

/// How many connections a list server has open, shared by all of them.
///
/// Any thread (behind a lock).
final class ConnectionCount: Sendable {
    private let open = NIOLockedValueBox(0)

    /// Counts `channel` until it closes; returns whether it is within `maximum`.
    func admit(_ channel: any Channel, maximum: Int) -> Bool {
        let count = open.withLockedValue { open in
            open += 1
            return open
        }
        channel.closeFuture.whenComplete { [open] _ in open.withLockedValue { $0 -= 1 } }
        return count <= maximum
    }
}
#endif
