#if WebSocket && os(Linux)
import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterServer

extension RemoteScenarios {
    /// The remote scenario's phases, in order, on one server process (this one).
    struct Phases {
        let source: Source
        let path: String
        let writer: Writer
        /// Figures one light client process printed: one line per connection.
        typealias LightLine = (count: Int, bytes: Int, p50: Double, p99: Double, versionErrors: Int, lists: Int, failures: Int)
        /// One full client's line.
        typealias FullLine = (count: Int, p50: Double, p99: Double, reloads: Int, reached: Int64)

        init(source: Source, path: String, writer: Writer) {
            self.source = source
            self.path = path
            self.writer = writer
        }

        func feed() -> ListFeed<Source> { ListFeed(name: "bench", source: source) }

        static func server(_ feed: ListFeed<Source>) -> ListServer {
            ListServer(lists: [feed], access: .tokens(["bench": [RemoteScenarios.token]]))
        }

        /// The feed's version once it holds `stamp` for row `id` (or anything, when `nil`).
        static func settled(_ feed: ListFeed<Source>, holding last: (id: Int64, stamp: Int64)?) async throws -> (ListVersion, ListSnapshot<Int64, Int64>) {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(120)
            while clock.now < deadline {
                if let current = feed.current, last.map({ current.snapshot.summary(of: $0.id) == $0.stamp }) ?? true { return current }
                try await Task.sleep(for: .milliseconds(5))
            }
            throw BenchError("the feed did not reach the writer's last commit within 120 s (status \(feed.status))")
        }

        mutating func run(scanMilliseconds: Double) async throws -> [Measurement] {
            let feed = feed()
            var server = try await RemoteBenchServer.start(Self.server(feed))
            let port = server.port
            let (startVersion, startSnapshot) = try await Self.settled(feed, holding: nil)
            let listMessages = ListWireMessages<Int64, Int64>.list(startSnapshot, version: startVersion, rowsPerPart: feed.configuration.rowsPerListPart)
            let listBytes = listMessages.reduce(0) { $0 + $1.count }
            // As the feed sends it to the adapters (they accept deflate, as apps do by default).
            let compressedBytes = listMessages.reduce(0) { $0 + ListWireMessages<Int64, Int64>.compressed($1, level: feed.configuration.compressionLevel).count }

            // CPU per commit with no watcher; enough commits to fill the feed's window, so that
            // memory measured next is the watchers'.
            let selfPID = getpid()
            var ticks = processTicks { pid, _ in pid == selfPID }
            var last = try await writer.commit(RemoteScenarios.aloneCommits, round: 0)
            let aloneTicks = processTicks { pid, _ in pid == selfPID } - ticks
            _ = try await Self.settled(feed, holding: last)

            let full = try ChildProcess(arguments: [RemoteFullClients.childFlag, "\(fullClients)", "\(port)", token, path])
            guard let ready = await full.nextLine(), ready.hasPrefix("ready ") else { throw BenchError("the full clients did not start") }
            let loads = ready.dropFirst(6).split(separator: ",").compactMap { Double($0) }

            let (idleVersion, _) = try await Self.settled(feed, holding: last)
            releaseFreedMemory()
            let beforeLight = residentBytes()
            let light = try lightChildren("list", port: port, after: idleVersion)
            for child in light { guard await child.nextLine() == "ready" else { throw BenchError("a light client process did not start") } }
            releaseFreedMemory()
            let afterLight = residentBytes()

            let clientPIDs = Set((light + [full]).map(\.process.processIdentifier))
            let clientTicksBefore = processTicks { pid, _ in clientPIDs.contains(pid) }
            ticks = processTicks { pid, _ in pid == selfPID }
            let machine = MachineCPU()
            last = try await writer.commit(commitsPerPhase, round: 1)
            let withTicks = processTicks { pid, _ in pid == selfPID } - ticks
            let clientTicks = processTicks { pid, _ in clientPIDs.contains(pid) } - clientTicksBefore
            let busy = machine.busyFraction()
            let (endVersion, _) = try await Self.settled(feed, holding: last)
            for child in light { child.send("end \(endVersion.sequence)") }
            full.send("end \(endVersion)")
            let lightLines = try await lightResults(light)
            let fullLines = try await fullResults(full)
            for child in light { child.closeInput() }

            // Stalled watchers, beside the adapters only: their lists go out until their
            // sockets are full; what the server holds from then on is what a stall costs.
            let stalled = try ChildProcess(arguments: [RemoteStalledClients.childFlag, "\(stalledClients)", "\(port)", token])
            guard await stalled.nextLine() == "ready" else { throw BenchError("the stalled clients did not start") }
            releaseFreedMemory()
            let stalledConnected = residentBytes()
            last = try await writer.commit(stalledCommits, round: 3)
            releaseFreedMemory()
            let stalledStart = residentBytes()
            last = try await writer.commit(stalledCommits, round: 4)
            releaseFreedMemory()
            let stalledEnd = residentBytes()
            stalled.closeInput()

            // A restart: the server (its HTTP server and its feed) stops and a new one, with a
            // new feed (a new epoch), serves the same file on the same port.
            await server.stop()
            let newFeed = self.feed()
            server = try await RemoteBenchServer.start(Self.server(newFeed), port: port)
            let returned = monotonicNanoseconds()
            let (restartVersion, _) = try await Self.settled(newFeed, holding: last)
            full.send("end \(restartVersion)")
            let restartLines = try await fullResults(full)
            full.closeInput()
            full.process.waitUntilExit()
            let restart = Double((restartLines.map(\.reached).max() ?? returned) - returned) / 1e6

            // The floor: the same commits, fanned out as fixed-size messages with no list
            // behind them, to as many connections.
            newFeed.stop()
            let changes = lightLines.reduce(0) { $0 + $1.count }
            let changeBytes = changes > 0 ? lightLines.reduce(0) { $0 + $1.bytes } / changes : 64
            let raw = try lightChildren("raw", port: port, after: nil, total: fullClients + lightClients)
            for child in raw { guard await child.nextLine() == "ready" else { throw BenchError("a floor client process did not start") } }
            let rawPIDs = Set(raw.map(\.process.processIdentifier))
            let rawClientTicksBefore = processTicks { pid, _ in rawPIDs.contains(pid) }
            let rawTicksBefore = processTicks { pid, _ in pid == selfPID }
            let rawMachine = MachineCPU()
            let fanOut = server.fanOut
            try await writer.commit(commitsPerPhase, round: 2) { stamp, index in
                fanOut.publish(RawMessage.make(stamp: stamp, sequence: UInt64(index + 1), size: changeBytes))
            }
            let rawBusy = rawMachine.busyFraction()
            let rawTicks = processTicks { pid, _ in pid == selfPID } - rawTicksBefore
            let rawClientTicks = processTicks { pid, _ in rawPIDs.contains(pid) } - rawClientTicksBefore
            for child in raw { child.send("end \(commitsPerPhase)") }
            let rawLines = try await lightResults(raw)
            for child in raw { child.closeInput() }
            await server.stop()

            return measurements(
                Figures(
                    scan: scanMilliseconds, loads: loads, listBytes: listBytes, compressedListBytes: compressedBytes, listMessages: listMessages.count, rows: startSnapshot.count,
                    aloneTicks: aloneTicks, withTicks: withTicks, clientTicks: clientTicks, rawTicks: rawTicks, rawClientTicks: rawClientTicks, busy: busy, rawBusy: rawBusy,
                    beforeLight: beforeLight, afterLight: afterLight, stalledConnected: stalledConnected, stalledStart: stalledStart, stalledEnd: stalledEnd,
                    light: lightLines, full: fullLines, raw: rawLines, restart: restart, restartLines: restartLines, changeBytes: changeBytes
                )
            )
        }

        /// Light client processes sharing `total` connections.
        func lightChildren(_ mode: String, port: Int, after: ListVersion?, total: Int = RemoteScenarios.lightClients) throws -> [ChildProcess] {
            try (0 ..< lightProcesses).map { index in
                let count = total / lightProcesses + (index < total % lightProcesses ? 1 : 0)
                return try ChildProcess(arguments: [RemoteLightClients.childFlag, mode, "\(count)", "\(port)", token, after.map(String.init(describing:)) ?? "-"])
            }
        }

        func lightResults(_ children: [ChildProcess]) async throws -> [LightLine] {
            var lines: [LightLine] = []
            for child in children {
                while let line = await child.nextLine(), line != "done" {
                    let fields = line.split(separator: " ")
                    guard fields.count == 7, let count = Int(fields[0]), let bytes = Int(fields[1]), let p50 = Double(fields[2]), let p99 = Double(fields[3]),
                          let errors = Int(fields[4]), let lists = Int(fields[5]), let failures = Int(fields[6]) else { throw BenchError("a light client printed \"\(line)\"") }
                    lines.append((count, bytes, p50, p99, errors, lists, failures))
                }
            }
            return lines
        }

        func fullResults(_ child: ChildProcess) async throws -> [FullLine] {
            var lines: [FullLine] = []
            while let line = await child.nextLine(), line != "done" {
                let fields = line.split(separator: " ")
                guard fields.count == 5, let count = Int(fields[0]), let p50 = Double(fields[1]), let p99 = Double(fields[2]),
                      let reloads = Int(fields[3]), let reached = Int64(fields[4]) else { throw BenchError("a full client printed \"\(line)\"") }
                lines.append((count, p50, p99, reloads, reached))
            }
            return lines
        }
    }
}
#endif
