#if WebSocket && os(Linux)
import Foundation
import HTTPTypes
import HummingbirdWSClient
import ListAdapter
import ListAdapterRemote
import Logging
import Synchronization

/// One process of the remote scenario's light clients: `count` WebSocket connections that
/// receive, decode and version-check every message without keeping a list.
///
/// - `list`: each watches the list from the version given (`?after=`), decodes every
///   message with `ListWireDecoder`, checks that each change starts at the version it holds,
///   and reads the writer's stamps in the summaries of the rows a change brings;
/// - `raw`: each reads the floor's `/raw` messages (a stamp, a sequence, padding).
///
/// It prints `ready` once every connection is upgraded; on `end N` (a sequence) it waits
/// until each connection holds sequence N, then prints one line per connection (`count
/// bytes p50 p99 versionErrors lists failures`) and `done`.
///
/// Its tasks run on the cooperative pool and SwiftNIO's event loops.
enum RemoteLightClients {
    static let childFlag = "--remote-light-clients"

    /// One connection's figures. Guarded by ``Shared``'s lock.
    struct Connection {
        var version: ListVersion?
        var sequence: UInt64 = 0
        var count = 0
        var bytes = 0
        var versionErrors = 0
        var lists = 0
        var failures = 0
        var milliseconds: [Float] = []
        /// The newest stamp received: a change may bring rows that did not change (moved, or
        /// touched in an earlier change it composes), and only newer stamps are commits.
        var newest: Int64 = 0
    }

    /// Every connection's figures, the sequence the parent waits for, and who waits.
    final class Shared: Sendable {
        struct State {
            var connections: [Connection]
            var target: UInt64?
            var reached: Set<Int> = []
            var waiter: CheckedContinuation<Void, Never>?
        }

        let state: Mutex<State>
        let count: Int

        init(count: Int) {
            self.count = count
            state = Mutex(State(connections: Array(repeating: Connection(), count: count)))
        }

        /// Updates connection `index`, then notes whether it reached the target.
        func update(_ index: Int, _ body: (inout Connection) -> Void) {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                body(&state.connections[index])
                return Self.note(index, in: &state)
            }
            waiter?.resume()
        }

        /// Waits until every connection holds `sequence`.
        func wait(for sequence: UInt64) async {
            await withCheckedContinuation { continuation in
                let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    state.target = sequence
                    state.waiter = continuation
                    var last: CheckedContinuation<Void, Never>?
                    for index in state.connections.indices { last = Self.note(index, in: &state) ?? last }
                    return last
                }
                waiter?.resume()
            }
        }

        /// Ends a ``wait(for:)`` that has not ended.
        func endWait() {
            state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }

        private static func note(_ index: Int, in state: inout State) -> CheckedContinuation<Void, Never>? {
            guard let target = state.target, state.connections[index].sequence >= target else { return nil }
            state.reached.insert(index)
            guard state.reached.count == state.connections.count, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return waiter
        }
    }

    /// `bench --remote-light-clients MODE COUNT PORT TOKEN AFTER`.
    static func runChild(_ arguments: [String]) async throws {
        guard arguments.count == 5, let count = Int(arguments[1]), let port = Int(arguments[2]), ["list", "raw"].contains(arguments[0]) else {
            throw BenchError("usage: \(childFlag) list|raw COUNT PORT TOKEN AFTER")
        }
        let raw = arguments[0] == "raw"
        let token = arguments[3]
        let after = ListVersion(arguments[4])
        let url = raw ? "ws://127.0.0.1:\(port)/raw" : "ws://127.0.0.1:\(port)/lists/bench/watch" + (after.map { "?after=\($0)" } ?? "")
        let shared = Shared(count: count)
        let (upgraded, upgradedSink) = AsyncStream.makeStream(of: Void.self)
        var settings = WebSocketClientConfiguration(maxFrameSize: 16 << 20)
        settings.additionalHeaders[.authorization] = "Bearer \(token)"
        let configuration = settings
        var logger = Logger(label: "bench-remote-client")
        logger.logLevel = .critical
        let log = logger
        let connections = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0 ..< count {
                    group.addTask {
                        try await WebSocketClient.connect(url: url, configuration: configuration, logger: log) { inbound, _, _ in
                            upgradedSink.yield()
                            var decoder = ListWireDecoder<Int64, Int64>()
                            let start = monotonicNanoseconds()
                            shared.update(index) { $0.version = after; $0.sequence = after?.sequence ?? 0; $0.newest = start }
                            for try await message in inbound.messages(maxSize: 16 << 20) {
                                guard case .binary(let buffer) = message else { continue }
                                let bytes = Array(buffer: buffer)
                                let now = monotonicNanoseconds()
                                if raw {
                                    receiveRaw(bytes, at: now, index: index, shared: shared)
                                } else {
                                    receive(bytes, at: now, decoder: &decoder, index: index, shared: shared)
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var ready = 0
        for await _ in upgraded {
            ready += 1
            if ready == count { break }
        }
        say("ready")
        while let line = await readLine(), line.hasPrefix("end ") {
            guard let sequence = UInt64(line.dropFirst(4)) else { break }
            // A connection that never gets there is reported, not waited for forever.
            let timeout = Task {
                try await Task.sleep(for: .seconds(120))
                shared.endWait()
            }
            await shared.wait(for: sequence)
            timeout.cancel()
            let figures = shared.state.withLock { $0.connections }
            let behind = figures.filter { $0.sequence < sequence }.count
            if behind > 0 { FileHandle.standardError.write(Data("\(behind) connections did not reach \(sequence) within 120 s\n".utf8)) }
            for connection in figures {
                let samples = connection.milliseconds.map(Double.init)
                let failures = connection.failures + (connection.sequence < sequence ? 1 : 0)
                say("\(connection.count) \(connection.bytes) \(percentile(samples, 0.5)) \(percentile(samples, 0.99)) \(connection.versionErrors) \(connection.lists) \(failures)")
            }
            say("done")
        }
        connections.cancel()
    }

    /// A list message: decoded; a change must start at the version held.
    static func receive(_ bytes: [UInt8], at now: Int64, decoder: inout ListWireDecoder<Int64, Int64>, index: Int, shared: Shared) {
        let event: ListWireEvent<Int64, Int64>?
        do {
            event = try decoder.decode(bytes)
        } catch {
            shared.update(index) { $0.failures += 1; $0.bytes += bytes.count }
            return
        }
        shared.update(index) { connection in
            connection.bytes += bytes.count
            switch event {
            case .change(let from, let to, let patch):
                connection.count += 1
                if connection.version != from { connection.versionErrors += 1 }
                connection.version = to
                connection.sequence = to.sequence
                for stamp in patch.rows.map(\.summary).sorted() where stamp > connection.newest {
                    connection.newest = stamp
                    connection.milliseconds.append(Float(Double(now - stamp) / 1e6))
                }
            case .list(let version, _):
                connection.lists += 1
                connection.version = version
                connection.sequence = version.sequence
            case .failure:
                connection.failures += 1
            case .upToDate, nil:
                break
            }
        }
    }

    /// A floor message: its stamp and sequence (little-endian, the first 16 bytes).
    static func receiveRaw(_ bytes: [UInt8], at now: Int64, index: Int, shared: Shared) {
        guard bytes.count >= 16 else {
            shared.update(index) { $0.failures += 1 }
            return
        }
        let (stamp, sequence) = RawMessage.read(bytes)
        shared.update(index) { connection in
            connection.count += 1
            connection.bytes += bytes.count
            if sequence != connection.sequence + 1 { connection.versionErrors += 1 }
            connection.sequence = sequence
            connection.milliseconds.append(Float(Double(now - stamp) / 1e6))
        }
    }
}

/// The floor's message: the writer's stamp and a sequence number, then padding to the size
/// of a typical change message.
enum RawMessage {
    static func make(stamp: Int64, sequence: UInt64, size: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(16, size))
        withUnsafeBytes(of: stamp.littleEndian) { bytes.replaceSubrange(0 ..< 8, with: $0) }
        withUnsafeBytes(of: sequence.littleEndian) { bytes.replaceSubrange(8 ..< 16, with: $0) }
        return bytes
    }

    static func read(_ bytes: [UInt8]) -> (stamp: Int64, sequence: UInt64) {
        var stamp: Int64 = 0
        var sequence: UInt64 = 0
        withUnsafeMutableBytes(of: &stamp) { $0.copyBytes(from: bytes[0 ..< 8]) }
        withUnsafeMutableBytes(of: &sequence) { $0.copyBytes(from: bytes[8 ..< 16]) }
        return (Int64(littleEndian: stamp), UInt64(littleEndian: sequence))
    }
}

/// A line of standard input, read on another thread; `nil` at its end.
func readLine() async -> String? {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: Swift.readLine()) }
    }
}

/// Writes a line to standard output at once (the parent reads it through a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
#endif
