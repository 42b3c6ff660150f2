import Foundation
import Testing
import TestSupport

/// The helper the SQLite tests start their peers with: a child started while another runs
/// does not hold the other's input open, so closing an input ends its child (with
/// Foundation's `Process` it did not: a fresh-clone CI run hung in 30 tests, session 9).
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

    @Test func anExitStatusAndOutputAreReported() async throws {
        let result = try await ChildProcess.run(["python3", "-S", "-c", "print('a'); print('b'); raise SystemExit(3)"])
        #expect(result.status == 3)
        #expect(result.output == "a\nb")
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess(["/nonexistent/tool"]) }
    }
}
