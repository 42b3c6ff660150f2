import ArgumentParser
import Foundation
import ListAdapterTesting

/// `swift run -c release soak`: long seeded runs that check every batch and every cell.
@main
struct SoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Drive a real adapter with random changes for a while; check every batch, cell and final state."
    )

    @Option(help: "How long to run, e.g. 60s, 30m, 2h.")
    var duration: String = "60s"

    @Option(help: "The seed (random when omitted); every run prints its seed.")
    var seed: UInt64?

    @Option(help: "memory, sqlite or both.")
    var source: String = "both"

    @Option(help: "The most items a list grows to.")
    var maxItems: Int = 3_000

    @Option(help: "table, collection or both.")
    var view: String = "both"

    @Option(help: "Who writes the SQLite file: thread (another thread, same connection pool) or process (a child process).")
    var sqliteWriter: String = "thread"

    @Flag(name: .customLong("change-log"), help: "Install the change log in the soak's database, so the section-ordered SQLite source patches every writer's commits (the child process's too) and is checked against full scans at every checkpoint.")
    var changeLog = false

    @MainActor
    func run() async throws {
        guard let length = Self.parseDuration(duration) else {
            throw ValidationError("--duration takes a number followed by s, m or h, like 90s or 30m")
        }
        guard ["memory", "sqlite", "both"].contains(source) else { throw ValidationError("--source takes memory, sqlite or both") }
        guard ["table", "collection", "both"].contains(view) else { throw ValidationError("--view takes table, collection or both") }
        guard ["thread", "process"].contains(sqliteWriter) else { throw ValidationError("--sqlite-writer takes thread or process") }
        guard maxItems >= 0 else { throw ValidationError("--max-items must not be negative") }
        let seed = self.seed ?? UInt64.random(in: 0 ... UInt64.max)
        say("soak: seed \(seed), duration \(duration), source \(source), views \(view), max items \(maxItems), sqlite writer \(sqliteWriter)\(changeLog ? ", change log" : "")")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-soak-\(seed)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SoakRun.Options(
            duration: length, seed: seed, useMemory: source != "sqlite", useSQLite: source != "memory",
            maxItems: maxItems,
            kinds: view == "both" ? [.table, .collection] : view == "table" ? [.table] : [.collection],
            childProcessWriter: sqliteWriter == "process",
            changeLog: changeLog,
            failureDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        let run = try SoakRun(options: options, directory: directory)
        let passed = await run.run { say($0) }
        say(run.statistics.summary)
        if source != "memory" {
            let patched = run.stores.sqliteSorted.incrementalStatistics
            say("section-ordered SQLite source: \(patched.patches) patches, \(patched.fullLoads) full loads, \(patched.fallbacks) fallbacks (last: \(patched.lastFallbackReason ?? "none"))")
        }
        if let failure = run.failure { say("FAILED: \(failure)") }
        say("soak: \(passed ? 1 : 0) passed, \(passed ? 0 : 1) failed")
        if !passed { throw ExitCode.failure }
    }

    static func parseDuration(_ text: String) -> Duration? {
        guard let unit = text.last, let value = Double(text.dropLast()), value >= 0 else { return nil }
        switch unit {
        case "s": return .milliseconds(Int64(value * 1_000))
        case "m": return .milliseconds(Int64(value * 60_000))
        case "h": return .milliseconds(Int64(value * 3_600_000))
        default: return nil
        }
    }
}

/// Writes a line to standard output at once (unbuffered), so progress shows as it happens
/// even when the output goes to a file or a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
