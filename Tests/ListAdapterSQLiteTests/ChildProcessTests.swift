import Foundation
import Testing
import TestSupport

/// The helper the SQLite tests start their peers with: a child started while another runs
/// does not hold the other's input open, so closing an input ends its child (with
/// Foundation's `Process` it did not: a fresh-clone CI run once hung in 30 tests).
@Suite("Test support: child processes", .hangGuard)
struct ChildProcessTests {
    /// A child that copies its input to its output and exits at the end of its input.
    static let echo = ["python3", "-S", "-c", "import sys\nfor line in sys.stdin: print(line.strip(), flush=True)"]

    @Test func closingAnInputEndsItsChildWhileAnotherChildRuns() async throws {
        let first = try ChildProcess(Self.echo)
        let second = try ChildProcess(Self.echo)             // started while the first's input is open
        first.send("one")
        second.send("two")
        #expect(await first.readLine() == "one")
        #expect(await second.readLine() == "two")
        // The second still runs with its input open; the first must end all the same.
        #expect(await first.finish(within: .seconds(60)) == 0, "the first child did not see the end of its input")
        #expect(await first.readLine() == nil)
        #expect(await second.finish(within: .seconds(60)) == 0)
    }

    @Test func aChildThatOutlivesItsDeadlineIsKilled() async throws {
        let sleeper = try ChildProcess(["python3", "-S", "-c", "import time\nprint('up', flush=True)\ntime.sleep(3600)"])
        #expect(await sleeper.readLine() == "up")
        #expect(await sleeper.finish(within: .milliseconds(200)) == nil)
        // Killed and reaped: its status is now there at once.
        #expect(await sleeper.exitStatus(within: .seconds(60)) == 128 + SIGKILL)
    }

    @Test func aChildThatSaysNothingByItsDeadlineIsKilled() async throws {
        let silent = try ChildProcess(["python3", "-S", "-c", "import time\ntime.sleep(3600)"])
        #expect(await silent.readLine(within: .milliseconds(300)) == nil)
        #expect(await silent.exitStatus(within: .seconds(60)) == 128 + SIGKILL)
    }

    /// The child gets default signal handling whatever thread spawned it: concurrency's
    /// threads block most signals, and this process ignores SIGPIPE.
    @Test func aChildStartsWithNoSignalBlockedAndSIGPIPEAtItsDefault() async throws {
        let sleeper = try ChildProcess(["python3", "-S", "-c", "import time\nprint('up', flush=True)\ntime.sleep(3600)"])
        #expect(await sleeper.readLine() == "up")
        kill(sleeper.pid, SIGTERM)
        #expect(await sleeper.exitStatus(within: .seconds(60)) == 128 + SIGTERM)
        #if os(Linux)
        // The child's own masks, in hexadecimal: SIGPIPE (13) is bit 12.
        let masks = try await ChildProcess.run(["grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"]).output
        let values = Dictionary(uniqueKeysWithValues: masks.split(separator: "\n").map { line in
            let parts = line.split(separator: ":")
            return (String(parts[0]), UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) ?? .max)
        })
        #expect(values["SigBlk"] == 0, "\(masks)")
        #expect((values["SigIgn"] ?? .max) & (1 << (UInt64(SIGPIPE) - 1)) == 0, "\(masks)")
        #endif
    }

    @Test func anExitStatusAndOutputAreReported() async throws {
        let result = try await ChildProcess.run(["python3", "-S", "-c", "print('a'); print('b'); raise SystemExit(3)"])
        #expect(result.status == 3)
        #expect(result.output == "a\nb\n")
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess(["/nonexistent/tool"]) }
    }
}
