#if WebSocket && os(Linux)
import Foundation

extension RemoteScenarios {
    /// What the phases measured.
    struct Figures {
        var scan: Double
        var loads: [Double]
        var listBytes: Int
        var compressedListBytes: Int
        var listMessages: Int
        var rows: Int
        var aloneTicks: Int
        var withTicks: Int
        var clientTicks: Int
        var rawTicks: Int
        var rawClientTicks: Int
        var busy: Double
        var rawBusy: Double
        var beforeLight: Int
        var afterLight: Int
        var stalledConnected: Int
        var stalledStart: Int
        var stalledEnd: Int
        var light: [Phases.LightLine]
        var full: [Phases.FullLine]
        var raw: [Phases.LightLine]
        var restart: Double
        var restartLines: [Phases.FullLine]
        var changeBytes: Int
    }

    static func measurements(_ figures: Figures) -> [Measurement] {
        let f = figures
        let size = f.rows
        let watchers = f.light.count + f.full.count
        let p50s = f.light.map(\.p50) + f.full.map(\.p50)
        let p99s = f.light.map(\.p99) + f.full.map(\.p99)
        let slowestP50 = p50s.max() ?? .nan
        let slowestP99 = p99s.max() ?? .nan
        let rawP50 = f.raw.map(\.p50).max() ?? .nan
        let rawP99 = f.raw.map(\.p99).max() ?? .nan
        let counts = f.light.map(\.count)
        let versionErrors = f.light.reduce(0) { $0 + $1.versionErrors }
        let lists = f.light.reduce(0) { $0 + $1.lists }
        let failures = f.light.reduce(0) { $0 + $1.failures }
        let fullCounts = f.full.map(\.count)
        let coalesced = f.raw.reduce(0) { $0 + $1.versionErrors }
        let perCommitAlone = Double(f.aloneTicks) * millisecondsPerTick / Double(aloneCommits)
        let perCommitWith = Double(f.withTicks) * millisecondsPerTick / Double(commitsPerPhase)
        let perWatcherKB = Double(f.afterLight - f.beforeLight) / Double(max(1, f.light.count)) / 1_024
        let stalledGrowthKB = Double(f.stalledEnd - f.stalledStart) / Double(stalledClients) / 1_024
        let firstLoad = f.loads.first ?? .nan
        let medianLoad = percentile(f.loads, 0.5)
        let listMB = Double(f.compressedListBytes) / 1_000_000
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let latencyNote = String(
            format: "%d watchers: %d adapters (RemoteListSource over WebSocketClient, each list == the file's at the end: checked) and %d protocol clients in %d processes (decode, version check); "
                + "adapters' p50s %@ ms, p99s %@ ms, changes delivered %@; protocol clients' changes %d-%d of %d commits (composed when behind), version errors %d, lists %d, failures %d, mean change message %d bytes; "
                + "machine busy %.0f%% of %d cores (server process %.1f ms CPU per commit, client processes %.1f ms). Floor (baseline): the same %d commits fanned out by the same server as %d-byte messages with no list (RawFanOut, the same pull-when-sent loop) to %d connections in %d processes: slowest p50 %.1f ms, p99 %.1f ms, machine busy %.0f%% (server %.1f ms CPU per commit, clients %.1f ms), messages coalesced %d",
            watchers, f.full.count, f.light.count, lightProcesses,
            f.full.map { String(format: "%.1f", $0.p50) }.joined(separator: "/"), f.full.map { String(format: "%.1f", $0.p99) }.joined(separator: "/"),
            "\(fullCounts.min() ?? 0)-\(fullCounts.max() ?? 0)", counts.min() ?? 0, counts.max() ?? 0, commitsPerPhase, versionErrors, lists, failures, f.changeBytes,
            f.busy * 100, cores, perCommitWith, Double(f.clientTicks) * millisecondsPerTick / Double(commitsPerPhase), commitsPerPhase, f.changeBytes, f.raw.count, lightProcesses, rawP50, rawP99, f.rawBusy * 100,
            Double(f.rawTicks) * millisecondsPerTick / Double(commitsPerPhase), Double(f.rawClientTicks) * millisecondsPerTick / Double(commitsPerPhase), coalesced
        )
        let correct = versionErrors == 0 && failures == 0 && lists == 0 && f.full.count == fullClients
        return [
            Measurement(
                scenario: "remote: \(watchers) watchers, writer 100 commits/s: commit to delivered, slowest watcher's p50",
                size: size, figure: slowestP50, baseline: rawP50, unit: "ms", target: "<= 25 ms, or <= 1.5x the floor",
                passed: correct && (slowestP50 <= 25 || slowestP50 <= 1.5 * rawP50), note: latencyNote
            ),
            Measurement(
                scenario: "remote: \(watchers) watchers, writer 100 commits/s: commit to delivered, slowest watcher's p99",
                size: size, figure: slowestP99, baseline: rawP99, unit: "ms", target: "<= 100 ms, or <= 1.5x the floor",
                passed: correct && (slowestP99 <= 100 || slowestP99 <= 1.5 * rawP99), note: "baseline: the floor's slowest p99"
            ),
            Measurement(
                scenario: "remote: first list on the wire", size: size, figure: listMB, baseline: Double(size * 16) / 1_000_000, unit: "MB",
                target: "<= 12 MB at 1M", passed: size >= 1_000_000 ? listMB <= 12 : nil,
                note: String(format: "%d messages, deflated at level 1 as the adapters accept (uncompressed %.2f MB); baseline: the rows as two 8-byte integers each, no titles", f.listMessages, Double(f.listBytes) / 1_000_000)
            ),
            Measurement(
                scenario: "remote: first list received and shown by an adapter", size: size, figure: firstLoad, baseline: f.scan, unit: "ms",
                target: "<= 1.5x the server's own scan", passed: firstLoad <= 1.5 * f.scan,
                note: String(format: "the first adapter (its process's first connection; the feed encoded the list ahead); the %d adapters' median %.0f ms (%@); baseline: the server's own scan (a fresh source's loadEntries(), median of 9)",
                             f.loads.count, medianLoad, f.loads.map { String(format: "%.0f", $0) }.joined(separator: "/"))
            ),
            Measurement(
                scenario: "remote: server memory per watcher keeping up", size: size, figure: perWatcherKB, baseline: nil, unit: "KB",
                target: "<= 64 KB", passed: perWatcherKB <= 64,
                note: String(format: "resident memory before and after %d protocol clients connected, %.1f MB -> %.1f MB", f.light.count, Double(f.beforeLight) / 1e6, Double(f.afterLight) / 1e6)
            ),
            Measurement(
                scenario: "remote: server memory growth per stalled watcher over \(stalledCommits) commits", size: size, figure: stalledGrowthKB, baseline: nil, unit: "KB",
                target: "does not grow (<= 64 KB)", passed: stalledGrowthKB <= 64,
                note: String(format: "%d watchers that asked for the list and never read (4 KB receive buffers), beside the %d adapters; resident memory %.1f MB when they connected, %.1f MB 500 commits later (%.0f KB held per stalled watcher: its list's messages queued before backpressure), %.1f MB 500 commits after that", stalledClients, f.full.count, Double(f.stalledConnected) / 1e6, Double(f.stalledStart) / 1e6, Double(f.stalledStart - f.stalledConnected) / Double(stalledClients) / 1_024, Double(f.stalledEnd) / 1e6)
            ),
            Measurement(
                scenario: "remote: server CPU per commit with \(watchers) watchers", size: size, figure: perCommitWith, baseline: perCommitAlone, unit: "ms",
                target: "reported", passed: nil,
                note: String(format: "baseline: the same process (writer, source, feed) with no watcher; %.1f us per watcher per commit", (perCommitWith - perCommitAlone) * 1_000 / Double(watchers))
            ),
            Measurement(
                scenario: "remote: server restart, every adapter back to the file's list", size: size, figure: f.restart, baseline: nil, unit: "ms",
                target: "<= 2,000 ms after the server's return", passed: f.restart <= 2_000 && f.restartLines.count == fullClients,
                note: String(format: "%d adapters; a new feed (new epoch): each reconnects with backoff and is sent the whole list; full lists per adapter %@", f.restartLines.count, f.restartLines.map { "\($0.reloads)" }.joined(separator: "/"))
            ),
        ]
    }
}
#endif
