import Foundation
import TestSupport

/// Another process (Python's sqlite3 module) that opens a database, waits for a go, runs
/// its SQL statements (in autocommit mode, so `BEGIN …` leaves a transaction open), says
/// "done", and holds whatever it took (locks, an open transaction) until ``finish()``.
///
/// Starting it and waiting for "ready" absorbs Python's start-up before the fault is
/// needed; ``go()`` only writes a line to a pipe, so it is safe inside a scan's hook.
final class SQLPeer: Sendable {
    private let child: ChildProcess

    private static let script = """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1], timeout=30, isolation_level=None)
        print("ready", flush=True)
        if sys.stdin.readline() != "go\\n":
            sys.exit(1)
        for sql in sys.argv[2:]:
            db.execute(sql).fetchall()
        print("done", flush=True)
        sys.stdin.read()
        if db.in_transaction:
            db.execute("ROLLBACK")
        """

    /// Starts the peer on `path` and waits until it is ready.
    init(path: String, statements: [String]) async throws {
        // -S: no site packages, a faster start.
        child = try ChildProcess(["python3", "-S", "-c", Self.script, path] + statements)
        let line = await child.readLine()
        guard line == "ready" else { throw PeerFailure(line: line) }
    }

    /// Tells the peer to run its statements; returns at once.
    func go() {
        child.send("go")
    }

    /// Waits until the peer has run its statements (it may first wait for a lock the
    /// scan holds). Blocks a thread of its own, not the caller's.
    func waitUntilDone() async throws {
        let line = await child.readLine()
        guard line == "done" else { throw PeerFailure(line: line) }
    }

    /// Closes the peer's input (it rolls back what it holds and exits) and waits for it;
    /// whether it exited cleanly (a peer still running after two minutes is killed).
    @discardableResult
    func finish() async -> Bool {
        await child.finish() == 0
    }

    struct PeerFailure: Error {
        let line: String?
    }
}
