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

    @Option(help: "memory, sqlite, both (memory and sqlite), postgres, or all (the three). postgres needs a build with --traits PostgreSQL and a server in LISTADAPTER_POSTGRES_URL.")
    var source: String = "both"

    @Option(help: "The most items a list grows to.")
    var maxItems: Int = 3_000

    @Option(help: "table, collection or both.")
    var view: String = "both"

    @Option(help: "Who writes the SQLite file: thread (another thread, same connection pool) or process (a child process).")
    var sqliteWriter: String = "thread"

    @Option(help: "on or off: whether the adapter moves among the PostgreSQL sources. off: it stays on the owned one and every other PostgreSQL source gets an adapter of its own.")
    var postgresTransitions = "on"

    @Flag(help: "A person edits the lists too: moves within and across sections and deletes, in bursts, some writes failing on purpose, written to the store whose list shows the row (memory, or a SQLite or PostgreSQL list in the person's order, by order keys).")
    var edits = false

    @Flag(help: "Serve the SQLite file over a WebSocket too: an in-process Hummingbird server on 127.0.0.1 with a ListFeed of it, watched by --remote-watchers apps (a RemoteListSource each, checked by reference views), each settled on the file's list at every checkpoint; the server restarts on the same port and watchers are replaced at seeded moments. Needs a source that includes SQLite and a build with --traits WebSocket.")
    var remote = false

    @Option(help: "How many apps watch the served list with --remote.")
    var remoteWatchers = 3

    @Flag(name: .customLong("change-log"), help: "Install the change log in the soak's database, so the section-ordered SQLite source patches every writer's commits (the child process's too) and is checked against full scans at every checkpoint.")
    var changeLog = false

    @MainActor
    func run() async throws {
        guard let length = Self.parseDuration(duration) else {
            throw ValidationError("--duration takes a number followed by s, m or h, like 90s or 30m")
        }
        guard ["memory", "sqlite", "both", "postgres", "all"].contains(source) else { throw ValidationError("--source takes memory, sqlite, both, postgres or all") }
        guard ["table", "collection", "both"].contains(view) else { throw ValidationError("--view takes table, collection or both") }
        guard ["thread", "process"].contains(sqliteWriter) else { throw ValidationError("--sqlite-writer takes thread or process") }
        guard ["on", "off"].contains(postgresTransitions) else { throw ValidationError("--postgres-transitions takes on or off") }
        guard maxItems >= 0 else { throw ValidationError("--max-items must not be negative") }
        let useSQLite = ["sqlite", "both", "all"].contains(source)
        if remote && !useSQLite { throw ValidationError("--remote serves the SQLite file: use it with --source sqlite, both or all") }
        guard remoteWatchers >= 1 else { throw ValidationError("--remote-watchers must be at least 1") }
        let seed = self.seed ?? UInt64.random(in: 0 ... UInt64.max)
        say("soak: seed \(seed), duration \(duration), source \(source), views \(view), max items \(maxItems), sqlite writer \(sqliteWriter)\(changeLog ? ", change log" : "")\(edits ? ", a person's edits" : "")\(remote ? ", remote watchers \(remoteWatchers)" : "")\(["postgres", "all"].contains(source) ? ", postgres transitions \(postgresTransitions)" : "")")
        SoakInterruption.shared.install()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-soak-\(seed)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        SoakInterruption.shared.add("the directory \(directory.path)") { try? FileManager.default.removeItem(at: directory) }
        defer { try? FileManager.default.removeItem(at: directory) }
        var external: (any SoakExternalStore)?
        if ["postgres", "all"].contains(source) {
            external = try await Self.openPostgres(seed: seed, maxItems: maxItems, transitions: postgresTransitions == "on", edits: edits, directory: directory)
        }
        var options = SoakRun.Options(
            duration: length, seed: seed, useMemory: ["memory", "both", "all"].contains(source), useSQLite: useSQLite,
            maxItems: maxItems,
            kinds: view == "both" ? [.table, .collection] : view == "table" ? [.table] : [.collection],
            childProcessWriter: sqliteWriter == "process",
            changeLog: changeLog,
            failureDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        options.external = external
        options.edits = edits
        let run: SoakRun
        do {
            run = try SoakRun(options: options, directory: directory)
        } catch {
            await external?.close()
            throw error
        }
        if remote {
            do {
                run.watchers = try await Self.openRemote(stores: run.stores, seed: seed, watchers: remoteWatchers, changeLog: changeLog)
            } catch {
                await external?.close()
                throw error
            }
        }
        let passed = await run.run { say($0) }
        // Stops the writer and drops the table whether the run passed or not.
        await external?.close()
        await run.watchers?.close()
        say(run.statistics.summary)
        say(run.deliveryCPU.summary)
        if edits { say(run.person.summary) }
        for line in external?.report() ?? [] { say(line) }
        for line in run.watchers?.report() ?? [] { say(line) }
        if useSQLite {
            let patched = run.stores.sqliteSorted.incrementalStatistics
            say("section-ordered SQLite source: \(patched.patches) patches, \(patched.fullLoads) full loads, \(patched.fallbacks) fallbacks (last: \(patched.lastFallbackReason ?? "none"))")
        }
        if let failure = run.failure { say("FAILED: \(failure)") }
        say("soak: \(passed ? 1 : 0) passed, \(passed ? 0 : 1) failed")
        if !passed { throw ExitCode.failure }
    }

    /// The PostgreSQL store (``PostgresSoakStore``) on the server of
    /// `LISTADAPTER_POSTGRES_URL`; a clear failure without the trait or the variable.
    @MainActor
    static func openPostgres(seed: UInt64, maxItems: Int, transitions: Bool, edits: Bool, directory: URL) async throws -> any SoakExternalStore {
        #if PostgreSQL
        guard let url = ProcessInfo.processInfo.environment["LISTADAPTER_POSTGRES_URL"], !url.isEmpty else {
            say("soak: --source postgres needs a PostgreSQL server: LISTADAPTER_POSTGRES_URL is not set. Start a throwaway one with `export $(.ci/postgres.sh start)` (stop it with `.ci/postgres.sh stop`).")
            throw ExitCode(2)
        }
        do {
            return try await PostgresSoakStore.open(url: url, seed: seed, maxItems: maxItems, transitions: transitions, edits: edits, directory: directory) { say($0) }
        } catch {
            // PostgresSourceError and PostgresServer never show the password.
            say("soak: could not set up the PostgreSQL mode: \(error)")
            throw ExitCode(2)
        }
        #else
        say("soak: --source postgres needs the PostgreSQL mode, which this build leaves out: build with the package trait, e.g. `swift run -c release --traits PostgreSQL soak --source postgres`.")
        throw ExitCode(2)
        #endif
    }

    /// The remote mode (``RemoteSoakStore``): a server on the soak's SQLite file and its
    /// watchers; a clear failure without the trait.
    @MainActor
    static func openRemote(stores: SoakStores, seed: UInt64, watchers: Int, changeLog: Bool) async throws -> any SoakWatchers {
        #if WebSocket
        do {
            return try await RemoteSoakStore.open(stores: stores, seed: seed, watchers: watchers, changeLog: changeLog) { say($0) }
        } catch {
            say("soak: could not set up the remote mode: \(error)")
            throw ExitCode(2)
        }
        #else
        say("soak: --remote needs the remote mode, which this build leaves out: build with the package trait, e.g. `swift run -c release --traits WebSocket soak --source sqlite --remote`.")
        throw ExitCode(2)
        #endif
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
