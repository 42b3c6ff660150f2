import Foundation
import Testing
@testable import Sample

/// The interactive demo (`sample`, in a pseudo-terminal) stops on SIGINT and on SIGTERM in
/// each phase, as `kill` or a closing terminal's shell sends them: while it creates the demo
/// database (128 + the signal, the unfinished file removed) and while it shows the list
/// (status 0). Either way the terminal is given back: the alternate screen left, canonical
/// input and echo on. Oracle: the shell's `$?`, `stty -a` after the exit, the files left.
@Suite("sample, the interactive demo stopped by signals", .serialized, .hangGuard)
struct BrowseStopSignalTests {
    typealias Session = BrowserTerminalTests.Session

    /// The `sample` process whose arguments hold `--rows rows` (each test asks for a row
    /// count of its own, so that tests running beside it are never found).
    static func demoProcess(rows: Int) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                  let comm = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8), comm == "sample\n",
                  let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if zip(arguments, arguments.dropFirst()).contains(where: { $0 == "--rows" && $1 == "\(rows)" }) { return pid }
        }
        return nil
    }

    /// Starts the demo of `rows` rows in a pseudo-terminal, with its cache in `cache`; after
    /// it ends, the shell prints `EXIT=status` and the terminal's settings.
    /// `holdsCreation`: creation stops after its first progress report until a signal
    /// comes (`LISTADAPTER_SAMPLE_HOLD_CREATION`), so that the signal lands while the
    /// database is being created however fast or slow the machine is.
    static func start(rows: Int, cache: URL, holdsCreation: Bool = false) throws -> Session {
        let sample = try SampleProcess.executable.path
        let hold = holdsCreation ? "LISTADAPTER_SAMPLE_HOLD_CREATION=1 " : ""
        return try Session(command: "sh -c '\(hold)XDG_CACHE_HOME=\(cache.path) \(sample) --rows \(rows); echo EXIT=$?; stty -a; sleep 600'", columns: 100, rows: 30)
    }

    /// Sends `signal` to the demo, then waits for the shell's lines after its exit and
    /// checks the terminal was given back; returns the screen.
    static func stop(_ session: Session, rows: Int, with signal: Int32) async throws -> String {
        let pid = try #require(demoProcess(rows: rows), "no sample process with --rows \(rows)")
        kill(pid, signal)
        // Gone within the limit (its shell reaps it at once), then the shell's lines.
        let deadline = ContinuousClock.now + .seconds(StopSignalTests.limit)
        while kill(pid, 0) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))           // polling the condition
        }
        #expect(kill(pid, 0) != 0, "the demo did not stop within \(StopSignalTests.limit) s of the signal")
        let screen = try await session.waitForScreen("the exit and the terminal settings") {
            $0.contains("EXIT=") && $0.contains("icanon")
        }
        let settings = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        #expect(settings.isSuperset(of: ["icanon", "echo"]), "the terminal was not given back:\n\(screen)")
        return screen
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func whileCreatingTheDemoDatabase(signal: Int32) async throws {
        let cache = try StopSignalTests.temporaryFolder("stop-demo-create")
        defer { try? FileManager.default.removeItem(at: cache) }
        let rows = 3_000 + Int(signal)
        let session = try Self.start(rows: rows, cache: cache, holdsCreation: true)
        defer { session.kill() }
        _ = try await session.waitForScreen("the database being created") { $0.contains("generating") }
        let screen = try await Self.stop(session, rows: rows, with: signal)
        #expect(screen.contains("EXIT=\(128 + signal)"), "\(screen)")
        let folder = cache.appendingPathComponent("listadapter-sample")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // The lock file stays (an flock, released by the kernel); the database does not.
        #expect(left.filter { !$0.hasSuffix(".lock") }.isEmpty, "left behind: \(left)")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func whileShowingTheList(signal: Int32) async throws {
        let cache = try StopSignalTests.temporaryFolder("stop-demo-list")
        defer { try? FileManager.default.removeItem(at: cache) }
        let rows = 2_000 + Int(signal)
        let session = try Self.start(rows: rows, cache: cache)
        defer { session.kill() }
        _ = try await session.waitForScreen("the list") { $0.contains("\(rows) items") && $0.contains("== ") }
        let screen = try await Self.stop(session, rows: rows, with: signal)
        #expect(screen.contains("EXIT=0"), "\(screen)")
        #expect(!screen.contains("== "), "the list is still on screen (the alternate screen was not left):\n\(screen)")
    }
}
