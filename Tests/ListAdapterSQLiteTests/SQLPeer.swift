import Foundation
import ListAdapterTesting

/// Another process (Python's sqlite3 module) that opens a database, waits for a go, runs
/// its SQL statements (in autocommit mode, so `BEGIN …` leaves a transaction open), says
/// "done", and holds whatever it took (locks, an open transaction) until ``finish()``.
///
/// Starting it and waiting for "ready" absorbs Python's start-up before the fault is
/// needed; ``go()`` only writes a line to a pipe, so it is safe inside a scan's hook.
final class SQLPeer: Sendable {
    private let process: Process
    private let input = Pipe()
    private let output = Pipe()

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
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-S", "-c", Self.script, path] + statements      // -S: no site packages, a faster start
        process.standardInput = input
        process.standardOutput = output
        // Close-on-exec on every end: Foundation's pipes are inheritable, so a peer spawned
        // by another test meanwhile kept this peer's stdin open, it never saw end of input,
        // and `finish` waited for it for ever (CI, session 9). The child's own ends are
        // duplicated onto its 0 and 1, which do not inherit the flag.
        for handle in [input.fileHandleForReading, input.fileHandleForWriting, output.fileHandleForReading, output.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        try process.run()
        let line = await readLine()
        guard line == "ready" else { throw PeerFailure(line: line) }
    }

    /// Tells the peer to run its statements; returns at once.
    func go() {
        input.fileHandleForWriting.write(Data("go\n".utf8))
    }

    /// Waits until the peer has run its statements (it may first wait for a lock the
    /// scan holds). Blocks a global-queue thread, not the caller's.
    func waitUntilDone() async throws {
        let line = await readLine()
        guard line == "done" else { throw PeerFailure(line: line) }
    }

    /// Closes the peer's input (it rolls back what it holds and exits) and waits for it.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func readLine() async -> String {
        let handle = output.fileHandleForReading
        return await onOwnThread {
            var bytes: [UInt8] = []
            while let byte = handle.readData(ofLength: 1).first, byte != 10 { bytes.append(byte) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    struct PeerFailure: Error {
        let line: String
    }
}
