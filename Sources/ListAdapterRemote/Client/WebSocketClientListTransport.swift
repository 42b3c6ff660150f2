#if WebSocket && os(Linux)
import Foundation
import FoundationNetworking
import HTTPTypes
import HummingbirdWSClient
import ListAdapter
import Logging
import NIOCore

/// The ``ListTransport`` of Linux: watches over hummingbird-websocket's `WebSocketClient`
/// (SwiftNIO), payload requests over `URLSession`. Needs the package trait `WebSocket`.
///
/// When a server refuses the upgrade, the client learns only that it failed; the transport
/// then asks the same URL over plain HTTP, so the error names the server's status (401,
/// 404) like on Apple platforms.
///
/// A watch whose upgrade does not complete within ``handshakeTimeout`` fails as
/// unreachable (the source then reconnects): a server that takes the connection and never
/// answers (one stopping as the request arrives, a half-open connection) would otherwise
/// hold the watch forever, the client waiting for its answer with no bound. Once upgraded,
/// the client pings every ``pingInterval`` and closes a connection whose server has not
/// answered the last ping by the next (a server that stopped reading it), so the source
/// reconnects within about two intervals.
///
/// Threading: called from the source's tasks; SwiftNIO runs the connection on its event
/// loops.
public struct WebSocketClientListTransport: ListTransport {
    /// The largest message accepted. Default 16 MiB.
    public var maximumMessageBytes: Int
    /// The longest a watch waits for the server to complete the WebSocket upgrade (the TCP
    /// connection made, the request sent). Default 10 s.
    public var handshakeTimeout: Duration
    /// How often the client pings the server once upgraded; a ping unanswered by the next
    /// closes the connection. `nil`: no pings. Default 10 s.
    public var pingInterval: Duration?
    let payloads: URLSessionListTransport

    /// A transport accepting messages up to `maximumMessageBytes`, giving up on an upgrade
    /// not completed within `handshakeTimeout`, pinging every `pingInterval`.
    public init(maximumMessageBytes: Int = 16 << 20, handshakeTimeout: Duration = .seconds(10), pingInterval: Duration? = .seconds(10)) {
        self.maximumMessageBytes = maximumMessageBytes
        self.handshakeTimeout = handshakeTimeout
        self.pingInterval = pingInterval
        payloads = URLSessionListTransport(maximumMessageBytes: maximumMessageBytes)
    }

    /// Receives the WebSocket's binary messages until the server closes it.
    public func watch(_ request: ListTransportRequest, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws {
        var configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageBytes)
        if let pingInterval { configuration.autoPing = .enabled(timePeriod: pingInterval) }
        for (name, value) in request.headers {
            if let field = HTTPField.Name(name) { configuration.additionalHeaders[field] = value }
        }
        let maximum = maximumMessageBytes
        let url = request.url
        let clientConfiguration = configuration
        let handshake = HandshakeDeadline(timeout: handshakeTimeout, error: ListTransportError(.unreachable, url: url, message: "the WebSocket upgrade did not complete within \(handshakeTimeout)"))
        do {
            try await handshake.run {
                try await WebSocketClient.connect(url: url.absoluteString, configuration: clientConfiguration, logger: Self.logger) { inbound, _, _ in
                    // Too late: the watch already failed (a late upgrade must not deliver).
                    guard handshake.upgraded() else { return }
                    for try await message in inbound.messages(maxSize: maximum) {
                        guard case .binary(let buffer) = message else {
                            throw ListTransportError(.unexpectedMessage, url: url, message: "a text message")
                        }
                        try await receive(Array(buffer: buffer))
                    }
                }
            }
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
            throw await refusal(of: request)
        } catch let error as ListTransportError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            throw ListTransportError(.unreachable, url: url, message: "\(error)")
        }
    }

    /// Sends `body` with `POST` over `URLSession`.
    public func post(_ request: ListTransportRequest, body: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
        try await payloads.post(request, body: body)
    }

    /// Why the server refused an upgrade: the status of a plain `GET` of the same URL.
    private func refusal(of request: ListTransportRequest) async -> ListTransportError {
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        components?.scheme = request.url.scheme == "wss" ? "https" : "http"
        guard let url = components?.url else { return ListTransportError(.unreachable, url: request.url, message: "the WebSocket upgrade failed") }
        var urlRequest = URLRequest(url: url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        guard let (data, response) = try? await payloads.session.data(for: urlRequest), let status = (response as? HTTPURLResponse)?.statusCode, status >= 400 else {
            return ListTransportError(.unreachable, url: request.url, message: "the WebSocket upgrade failed")
        }
        return ListTransportError(.refused(status: status), url: request.url, message: String(decoding: data.prefix(512), as: UTF8.self))
    }

    private static let logger = Logger(label: "ListAdapterRemote.WebSocketClientListTransport")
}

/// Runs a watch's connection, failing it with `error` when its upgrade has not completed
/// within `timeout`, or at once when the waiting task is cancelled before the upgrade.
///
/// The client's wait for the server's answer to the upgrade cannot be cancelled, so a
/// connection given up on is left on a task of its own (it never delivers: ``upgraded()``
/// then returns `false`). Once upgraded, the watch ends only when the connection does,
/// so nothing is received after `run` returns.
///
/// Threading: any thread.
final class HandshakeDeadline: Sendable {
    private struct State {
        var upgraded = false
        var abandoned = false
        var continuation: CheckedContinuation<Void, any Error>?
        var result: Result<Void, any Error>?
    }

    let timeout: Duration
    let error: ListTransportError
    private let state = Guarded(State())

    init(timeout: Duration, error: ListTransportError) {
        self.timeout = timeout
        self.error = error
    }

    /// Records the upgrade; `false` when the watch was already given up on.
    func upgraded() -> Bool {
        state.withLock { state in
            if state.abandoned { return false }
            state.upgraded = true
            return true
        }
    }

    /// Runs `connection` on a task of its own and returns (or throws) when it ends, when the
    /// upgrade misses the deadline, or when the calling task is cancelled before the upgrade.
    func run(_ connection: @escaping @Sendable () async throws -> Void) async throws {
        let work = Task {
            do {
                try await connection()
                self.finish(.success(()))
            } catch {
                self.finish(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { self.abandon(with: error, work: work) }
        }
        defer { timer.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> Result<Void, any Error>? in
                    if let result = state.result { return result }
                    state.continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            work.cancel()
            self.abandon(with: CancellationError(), work: work)
        }
    }

    /// Ends the watch with `error` unless the upgrade completed (the connection then ends it).
    private func abandon(with error: any Error, work: Task<Void, Never>) {
        let abandoned = state.withLock { state -> Bool in
            guard !state.upgraded, !state.abandoned else { return false }
            state.abandoned = true
            return true
        }
        guard abandoned else { return }
        work.cancel()
        finish(.failure(error))
    }

    private func finish(_ result: Result<Void, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
#endif
