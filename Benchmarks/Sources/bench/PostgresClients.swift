#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import PostgresNIO

/// The many-clients target: ten adapters, each in a process of its own, follow one
/// table (owned sources: the change log and `LISTEN`) while a writer commits one row every
/// 10 ms (100 rows/s). Each commit sets the row's summary to the writer's `CLOCK_MONOTONIC`
/// time just before it was sent, so a client measures commit-to-delivery from the summary
/// it is delivered; the same number of raw clients (``PostgresRawClients``) over as many
/// commits again give the floor the machine sets. The server's CPU (every process of its cluster, from `/proc`) is read
/// over the same number of commits with no client following and with the ten, so what the
/// clients cost the server (notifications, change-log reads, placements) is their difference.
enum PostgresClients {
    static let childFlag = "--postgres-client"
    /// Ten, as the issue asks; `BENCH_PG_CLIENTS` for another count (to see how it scales).
    static let clients = Int(ProcessInfo.processInfo.environment["BENCH_PG_CLIENTS"] ?? "") ?? 10
    static let commitsPerPhase = 2_000
    static let commitInterval: Duration = .milliseconds(10)

    // MARK: The parent

    static func run(_ server: PostgresServer, writer: PostgresConnection, size: Int) async throws -> [Measurement] {
        let table = PostgresScenarios.table
        // The change log is installed once, by an owned source, before anyone follows.
        // Its statements wait for locks (the previous phase's table, autovacuum): on a
        // loaded machine that took more than the default 30 s once, and the run was lost.
        var installing = PostgresScenarios.Source.Options()
        installing.replyTimeout = .seconds(300)
        try await PostgresScenarios.Source(server: server, query: PostgresScenarios.query, access: .owned, options: installing).close()
        let serverProcesses = try await ServerCPU(writer)

        let aloneCPU = serverProcesses.ticks()
        let alone = try await commit(writer, table: table, size: size, round: 0)
        let aloneTicks = serverProcesses.ticks() - aloneCPU

        let children = try (0 ..< clients).map { _ in try ChildProcess(arguments: [childFlag]) }
        for child in children { try waitUntilReady(child) }
        let withCPU = serverProcesses.ticks()
        let clientPIDs = Set(children.map(\.process.processIdentifier))
        let clientCPU = processTicks { pid, _ in clientPIDs.contains(pid) }
        let machine = MachineCPU()
        let with = try await commit(writer, table: table, size: size, round: 1)
        let withTicks = serverProcesses.ticks() - withCPU
        let clientTicks = processTicks { pid, _ in clientPIDs.contains(pid) } - clientCPU
        let busy = machine.busyFraction()
        // Each client prints its figures once its input ends; the last commits are in flight.
        try await Task.sleep(for: .seconds(1))
        let results = children.map { finish($0) }

        // The floor: as many raw clients (no adapter) over the same number of commits.
        let rawChildren = try (0 ..< clients).map { _ in try ChildProcess(arguments: [PostgresRawClients.childFlag]) }
        for child in rawChildren { try waitUntilReady(child) }
        let rawMachine = MachineCPU()
        _ = try await commit(writer, table: table, size: size, round: 2)
        let rawBusy = rawMachine.busyFraction()
        try await Task.sleep(for: .seconds(1))
        let raw = rawChildren.map { finish($0) }
        let rawSlowest = raw.map(\.p50).max() ?? .nan

        let p50s = results.map(\.p50)
        let slowest = p50s.max() ?? .nan
        let tick = 1_000.0 / Double(sysconf(Int32(_SC_CLK_TCK)))
        let perCommitAlone = Double(aloneTicks) * tick / Double(commitsPerPhase)
        let perCommitWith = Double(withTicks) * tick / Double(commitsPerPhase)
        let perClient = (perCommitWith - perCommitAlone) / Double(clients)
        let delivered = results.map(\.count)
        let rescans = results.map(\.rescans).reduce(0, +)
        let fallbacks = results.map(\.fallbacks).reduce(0, +)
        let reasons = Set(results.map(\.reason).filter { $0 != "-" && !$0.isEmpty }).sorted().joined(separator: "; ")
        return [
            Measurement(
                scenario: "PostgreSQL: \(clients) clients (processes) following, a writer committing 100 rows/s: slowest client's p50",
                size: size, figure: slowest, baseline: rawSlowest, unit: "ms", target: "<= 20 ms", passed: slowest <= 20,
                note: String(
                    format: "baseline (the floor): %d raw clients (LISTEN, then one statement reading the log's new entries and their rows; no adapter) over as many commits: slowest p50, machine busy %.0f%%, their p50s %@ ms, changes seen %@; machine busy %.0f%% of %d cores while the adapters followed; clients' own CPU %.2f ms per client per commit; writer's commit round trip p50 %.2f ms alone, %.2f ms with the clients; client p50s %@ ms; p99s %@ ms; changes seen per client %@ of %d commits; rescans after the first load %d (fallbacks %d: %@) over all clients; server CPU per commit %.3f ms alone (change-log triggers), %.3f ms with the clients: %.3f ms per client per commit",
                    clients, rawBusy * 100, raw.map { String(format: "%.1f", $0.p50) }.joined(separator: "/"),
                    "\(raw.map(\.count).min() ?? 0)-\(raw.map(\.count).max() ?? 0)",
                    busy * 100, ProcessInfo.processInfo.activeProcessorCount,
                    Double(clientTicks) * tick / Double(commitsPerPhase * clients),
                    percentile(alone, 0.5), percentile(with, 0.5), p50s.map { String(format: "%.1f", $0) }.joined(separator: "/"),
                    results.map { String(format: "%.1f", $0.p99) }.joined(separator: "/"),
                    "\(delivered.min() ?? 0)-\(delivered.max() ?? 0)", commitsPerPhase, rescans, fallbacks, reasons.isEmpty ? "none" : reasons, perCommitAlone, perCommitWith, perClient
                )
            ),
        ]
    }

    /// `commitsPerPhase` one-row commits, one every `commitInterval`: a summary update or a
    /// move to another section, each stamped with the time it was sent. Their round trips (ms).
    static func commit(_ writer: PostgresConnection, table: String, size: Int, round: Int) async throws -> [Double] {
        var roundTrips: [Double] = []
        let clock = ContinuousClock()
        var next = clock.now
        for index in 0 ..< commitsPerPhase {
            next += commitInterval
            let id = ((round * commitsPerPhase + index) * 7_919) % size
            let stamp = monotonicNanoseconds()
            let sql = index % 2 == 0
                ? "UPDATE \(table) SET version = \(stamp) WHERE id = \(id)"
                : "UPDATE \(table) SET version = \(stamp), section = 'section ' || lpad(((\(id) + 500 + \(index)) % 1000)::text, 4, '0') WHERE id = \(id)"
            try await PostgresScenarios.execute(writer, sql)
            roundTrips.append(Double(monotonicNanoseconds() - stamp) / 1e6)
            if clock.now < next { try await Task.sleep(until: next, clock: clock) }
        }
        return roundTrips
    }

    static func waitUntilReady(_ child: ChildProcess) throws {
        guard child.line() == "ready" else { throw BenchError("a PostgreSQL client ended before it had loaded the list") }
    }

    /// A client's figures (it prints them once its input ends): changes seen, their p50 and
    /// p99, its source's full loads and fallbacks after the first, and its last fallback's reason.
    static func finish(_ child: ChildProcess) -> (count: Int, p50: Double, p99: Double, rescans: Int, fallbacks: Int, reason: String) {
        child.closeInput()
        let parts = (child.line() ?? "").split(separator: " ", maxSplits: 5)
        let fields = parts.prefix(5).compactMap { Double($0) }
        child.process.waitUntilExit()
        guard fields.count == 5 else { return (0, .nan, .nan, 0, 0, "") }
        return (Int(fields[0]), fields[1], fields[2], Int(fields[3]), Int(fields[4]), parts.count > 5 ? String(parts[5]) : "")
    }

    // MARK: A client

    /// Follows the bench's table until standard input ends, then prints `count p50 p99
    /// rescans fallbacks reason` (full loads after the first).
    static func runChild() async throws {
        guard let server = PostgresScenarios.server else { throw BenchError("LISTADAPTER_POSTGRES_URL is not set") }
        let source = try await PostgresScenarios.Source(server: server, query: PostgresScenarios.query, access: .owned)
        let queue = DispatchQueue(label: "bench.postgres.client")
        let adapter = ListViewAdapter(source: source, configuration: AdapterScenarios.configuration(queue))
        let loaded = DispatchSemaphore(value: 0)
        let record = Latencies()
        let observation = queue.sync {
            adapter.observeOnDeliveryQueue { event in
                switch event {
                case .reload: loaded.signal()
                case .batch(let batch, let info):
                    let now = monotonicNanoseconds()
                    let paths = info.changes.itemInserts + info.changes.itemMoves.map(\.to) + info.changes.itemUpdates.map(\.to)
                    for path in paths where path.section < batch.after.numberOfSections {
                        let stamp = batch.after.summary(at: path)
                        if stamp > 1_000_000, record.seen.insert(stamp).inserted { record.milliseconds.append(Double(now - stamp) / 1e6) }
                    }
                default: break
                }
            }
        }
        await PostgresScenarios.wait(loaded)
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        _ = FileHandle.standardInput.readDataToEndOfFile()
        let figures = queue.sync { (record.milliseconds.count, percentile(record.milliseconds, 0.5), percentile(record.milliseconds, 0.99)) }
        observation.cancel()
        let statistics = source.statistics
        let reason = (statistics.lastFallbackReason ?? "-").replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardOutput.write(Data("\(figures.0) \(figures.1) \(figures.2) \(statistics.fullLoads - 1) \(statistics.fallbacks) \(reason)\n".utf8))
        await source.close()
    }
}

/// The CPU time of every process of the server's cluster: the postmaster (its pid from
/// `postmaster.pid` in the data directory) and its children, from `/proc/PID/stat`.
struct ServerCPU {
    let postmaster: Int32

    init(_ connection: PostgresConnection) async throws {
        var directory = ""
        for try await (value) in try await connection.query("SELECT setting FROM pg_settings WHERE name = 'data_directory'", logger: connection.logger).decode(String.self) {
            directory = value
        }
        let pidFile = try String(contentsOfFile: directory + "/postmaster.pid", encoding: .utf8)
        guard let pid = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }) else { throw BenchError("no pid in \(directory)/postmaster.pid") }
        postmaster = pid
    }

    /// User and system clock ticks of the postmaster and its children so far (exited
    /// children are not counted: every backend the bench uses lives through its phase).
    func ticks() -> Int {
        let postmaster = postmaster
        return processTicks { pid, parent in pid == postmaster || parent == postmaster }
    }
}

#endif
