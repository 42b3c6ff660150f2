import Foundation
import TestSupport

/// Another process (Python's sqlite3 module) writing the same database file, statement by
/// statement when the test says: each ``run(_:)`` sends one line of SQL, which the process
/// runs in autocommit mode (so `BEGIN IMMEDIATE` holds the write lock until `COMMIT` or
/// `ROLLBACK`), and returns once it has. Unlike ``SQLPeer``, one process serves a whole
/// test, so a write costs a pipe round trip, not Python's start-up.
final class SQLWriterProcess: Sendable {
    private let child: ChildProcess

    private static let script = """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1], timeout=30, isolation_level=None)
        print("ready", flush=True)
        for line in sys.stdin:
            try:
                db.execute(line).fetchall()
                print("ok", flush=True)
            except Exception as error:
                print("error " + str(error).replace("\\n", " "), flush=True)
        if db.in_transaction:
            db.execute("ROLLBACK")
        """

    /// A statement the process refused.
    struct Refusal: Error, CustomStringConvertible {
        let sql: String
        let answer: String?
        var description: String { "the other writer could not run \(sql): \(answer ?? "no answer")" }
    }

    /// Starts the process on `path` and waits until it is ready.
    init(path: String) async throws {
        // -S: no site packages, a faster start.
        child = try ChildProcess(["python3", "-S", "-c", Self.script, path])
        let line = await child.readLine()
        guard line == "ready" else { throw Refusal(sql: "(start)", answer: line) }
    }

    /// Runs one statement (one line) and returns once it is committed (or, inside a
    /// transaction the process opened, run). Blocks a thread of its own, not the caller's.
    func run(_ sql: String) async throws {
        precondition(!sql.contains("\n"), "SQLWriterProcess: one statement, one line")
        child.send(sql)
        let answer = await child.readLine()
        guard answer == "ok" else { throw Refusal(sql: sql, answer: answer) }
    }

    /// Closes the process's input (it rolls back what it holds and exits) and waits for it;
    /// whether it exited cleanly.
    @discardableResult
    func finish() async -> Bool {
        await child.finish() == 0
    }
}
