#if WebSocket
import Foundation
import ListAdapter
import ListAdapterRemote

/// The platform's ``ListAdapterRemote/ListTransport`` (a real WebSocket client, payloads
/// over HTTP), telling a remote watcher what each connection did: when it started, whether
/// it asked to resume, what its first complete message was (a whole list, a change or a
/// failure, read with a decoder of its own), and when it ended. The source reads every
/// message as it would without it.
///
/// Threading: called from the source's connection task; ``Event``s go to `note`, in order,
/// from that task.
struct RemoteWatchTransport: ListTransport {
    /// What the first complete message of a connection was.
    enum First: Sendable {
        case list, change, failure, upToDate
    }

    /// What a connection did, in order.
    enum Event: Sendable {
        /// A connection attempt started, resuming from a version held (`after=`) or not.
        case started(resuming: Bool, at: ContinuousClock.Instant)
        /// The attempt's first complete message, after the source read it (or refused it).
        case first(First, at: ContinuousClock.Instant)
        /// The attempt ended (the server closed it, or it failed); `handshakeTimedOut`: the
        /// transport gave up waiting for the server to complete the WebSocket upgrade.
        case ended(at: ContinuousClock.Instant, handshakeTimedOut: Bool)
    }

    let inner: any ListTransport
    let note: @Sendable (Event) -> Void

    /// The first complete message of one connection, read by a decoder of its own. Called
    /// from that connection's task, one message at a time.
    private final class Classifier: Sendable {
        private let state = Guarded<(decoder: ListWireDecoder<Int64, Int64>, done: Bool)>((ListWireDecoder(), false))

        /// The first complete message's kind, once; `nil` for every other message.
        func classify(_ message: [UInt8]) -> First? {
            state.withLock { state in
                guard !state.done else { return nil }
                let event: ListWireEvent<Int64, Int64>?
                do {
                    event = try state.decoder.decode(message)
                } catch {
                    // The source reports the malformed message; nothing to classify.
                    state.done = true
                    return nil
                }
                guard let event else { return nil }
                state.done = true
                switch event {
                case .list: return .list
                case .change: return .change
                case .failure: return .failure
                case .upToDate: return .upToDate
                }
            }
        }
    }

    func watch(_ request: ListTransportRequest, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws {
        let resuming = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.contains { $0.name == "after" } ?? false
        note(.started(resuming: resuming, at: .now))
        let classifier = Classifier()
        let note = note
        do {
            try await watchNoting(request, classifier: classifier, receive: receive)
        } catch let error as ListTransportError {
            note(.ended(at: .now, handshakeTimedOut: error.kind == .unreachable && error.message.contains("upgrade did not complete")))
            throw error
        } catch {
            note(.ended(at: .now, handshakeTimedOut: false))
            throw error
        }
        note(.ended(at: .now, handshakeTimedOut: false))
    }

    private func watchNoting(_ request: ListTransportRequest, classifier: Classifier, receive: @escaping @Sendable ([UInt8]) async throws -> Void) async throws {
        let note = note
        try await inner.watch(request) { message in
            let first = classifier.classify(message)
            // After the source read it (a failure makes it throw): the watcher then sees
            // the source's new status.
            defer { if let first { note(.first(first, at: .now)) } }
            try await receive(message)
        }
    }

    func post(_ request: ListTransportRequest, body: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
        try await inner.post(request, body: body)
    }
}
#endif
