#if PostgreSQL
import Foundation

/// The soak's writers in other processes: one long-running `psql` per lane of
/// ``PsqlWorkload``, fed its scripts over standard input. After each script a lane echoes
/// a numbered marker; ``writeNext()`` waits for every lane's marker, so when it returns all
/// of the request is committed (or rolled back, as scripted). The adapters notice these
/// commits only through the server: the change log's triggers and `NOTIFY`, or the table's
/// statistics.
///
/// A lane that fails stops (`ON_ERROR_STOP`), and its error output (kept in a file) is the
/// failure. ``stop()`` closes the lanes' input, which ends `psql`, and kills a lane that has
/// not ended within 10 s with SIGKILL (a child started from a Swift concurrency thread has
/// SIGTERM blocked).
///
/// Thread safety: used only from the soak's serial mutation queue, and ``stop()`` after it
/// drained.
final class PsqlWriter: @unchecked Sendable {
    private struct Lane {
        let process: Process
        let input: FileHandle
        let output: FileHandle
        let errorFile: URL
        let exited: DispatchGroup
        var buffer = Data()
    }

    private var lanes: [Lane] = []
    private var workload: PsqlWorkload
    private var sent = 0
    private var stopped = false

    /// Starts one `psql` per lane; their error output goes to files in `directory`.
    init(command: PsqlCommand, workload: PsqlWorkload, directory: URL) throws {
        self.workload = workload
        // A lane that died must fail a write, not kill the soak with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        for index in 0 ..< PsqlWorkload.lanes {
            let process = command.process()
            let input = Pipe()
            let output = Pipe()
            let errorFile = directory.appendingPathComponent("psql-lane-\(index).err")
            guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else { throw PsqlFailure(description: "could not create \(errorFile.path)") }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: errorFile)
            let exited = DispatchGroup()
            exited.enter()
            process.terminationHandler = { _ in exited.leave() }
            try process.run()
            lanes.append(Lane(process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading, errorFile: errorFile, exited: exited))
            // A statement stuck behind a lock fails instead of blocking the soak for ever.
            if let problem = send("SET statement_timeout = '60s';\nSET lock_timeout = '60s';\n", to: index) { throw PsqlFailure(description: problem) }
        }
    }

    /// What the writers did.
    var statistics: (requests: Int, counts: [String: Int], digest: UInt64, digestAt100: UInt64?) {
        (workload.requests, workload.counts, workload.digest, workload.digestAt100)
    }

    /// Sends the workload's next request to every lane at once and waits until each has
    /// run it. Returns why a lane failed, or `nil`.
    func writeNext() -> String? {
        guard !stopped else { return "the psql writers were stopped" }
        let scripts = workload.next()
        sent += 1
        let marker = "soak-done \(sent)"
        for (index, script) in scripts.enumerated() {
            if let problem = send(script + "\\echo \(marker)\n", to: index) { return problem }
        }
        for index in lanes.indices {
            if let problem = waitFor(marker, lane: index) { return problem }
        }
        return nil
    }

    private func send(_ text: String, to index: Int) -> String? {
        do {
            try lanes[index].input.write(contentsOf: Data(text.utf8))
            return nil
        } catch {
            return failure(of: index, "could not write to it: \(error)")
        }
    }

    /// Reads lane `index`'s output up to the line `marker` (other lines, such as the empty
    /// rows of a `pg_sleep`, are skipped).
    private func waitFor(_ marker: String, lane index: Int) -> String? {
        let wanted = Data((marker + "\n").utf8)
        while true {
            if let range = lanes[index].buffer.range(of: wanted) {
                lanes[index].buffer.removeSubrange(..<range.upperBound)
                return nil
            }
            let chunk = lanes[index].output.availableData
            if chunk.isEmpty { return failure(of: index, "it ended before \(marker)") }
            lanes[index].buffer.append(chunk)
        }
    }

    private func failure(of index: Int, _ what: String) -> String {
        let lane = lanes[index]
        if lane.exited.wait(timeout: .now() + 10) == .timedOut { kill(lane.process.processIdentifier, SIGKILL) }
        let errors = (try? String(contentsOf: lane.errorFile, encoding: .utf8)) ?? ""
        return "psql writer lane \(index) (pid \(lane.process.processIdentifier)) failed: \(what); status \(lane.process.isRunning ? "running" : "\(lane.process.terminationStatus)"); its errors: \(errors.trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    /// Ends every lane: closes its input (psql exits at the end of its script), and kills
    /// it with SIGKILL if it has not exited within 10 s.
    func stop() {
        guard !stopped else { return }
        stopped = true
        for lane in lanes { try? lane.input.close() }
        for lane in lanes where lane.exited.wait(timeout: .now() + 10) == .timedOut {
            kill(lane.process.processIdentifier, SIGKILL)
            _ = lane.exited.wait(timeout: .now() + 10)
        }
    }

    deinit { stop() }
}
#endif
