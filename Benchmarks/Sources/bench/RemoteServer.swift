#if WebSocket && os(Linux)
import Foundation
import Hummingbird
import HummingbirdWebSocket
import ListAdapterHummingbird
import ListAdapterServer
import Logging
import NIOCore
import Synchronization

/// The remote scenario's server: the list routes of `ListAdapterHummingbird` serving one
/// ``ListServer``, and beside them on the same Hummingbird application the floor's route,
/// `GET /raw`, a WebSocket that sends whatever ``RawFanOut`` last published (the same
/// pull-when-sent loop as a list's watchers, with no list behind it).
///
/// Its tasks run on the cooperative pool; SwiftNIO's event loops carry the connections.
final class RemoteBenchServer: Sendable {
    let port: Int
    let fanOut: RawFanOut
    private let task: Task<Void, any Error>

    private init(port: Int, fanOut: RawFanOut, task: Task<Void, any Error>) {
        self.port = port
        self.fanOut = fanOut
        self.task = task
    }

    /// Serves `server` and a fresh ``RawFanOut`` on loopback `port` (0: any free one);
    /// returns once it listens.
    static func start(_ server: ListServer, port: Int = 0) async throws -> RemoteBenchServer {
        let fanOut = RawFanOut()
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addListRoutes(server)
        router.ws("raw") { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for try await _ in inbound {} }
                group.addTask {
                    var sequence = 0
                    while let (reached, message) = await fanOut.next(after: sequence) {
                        sequence = reached
                        try await outbound.write(.binary(ByteBuffer(bytes: message)))
                    }
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "bench-remote")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: .listServer(webSocketRouter: router),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), backlog: 4_096),
            onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? -1) },
            logger: logger
        )
        let task = Task {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await app.run() }
                group.addTask { await server.run() }
            }
            fanOut.stop()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            task.cancel()
            throw BenchError("the remote bench's server did not start on port \(port)")
        }
        return RemoteBenchServer(port: bound, fanOut: fanOut, task: task)
    }

    /// Stops the application and the lists' feeds; returns once it no longer listens.
    func stop() async {
        fanOut.stop()
        task.cancel()
        _ = try? await task.value
    }
}

/// The floor's broadcast: the last message published and its sequence number; a
/// connection waits for a newer one, then sends it (a connection behind gets the latest).
///
/// Thread safety: `Sendable`; any task.
final class RawFanOut: Sendable {
    private struct State {
        var sequence = 0
        var message: [UInt8] = []
        var stopped = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Makes `message` the latest and wakes every waiting connection.
    func publish(_ message: [UInt8]) {
        let waiters = state.withLock { state in
            state.sequence += 1
            state.message = message
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Ends every connection's loop.
    func stop() {
        let waiters = state.withLock { state in
            state.stopped = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The latest message once its sequence is past `sequence`; `nil` once stopped or cancelled.
    func next(after sequence: Int) async -> (Int, [UInt8])? {
        while !Task.isCancelled {
            let id = state.withLock { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            var latest: (Int, [UInt8])?
            var stopped = false
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let ready = state.withLock { state -> Bool in
                        if state.stopped { stopped = true; return true }
                        if state.sequence > sequence { latest = (state.sequence, state.message); return true }
                        if Task.isCancelled { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
            if stopped { return nil }
            if let latest { return latest }
        }
        return nil
    }
}
#endif
