import Foundation
import GRDB
import TestSupport
import Testing

/// `sample` with its standard output to a pipe whose reader has gone (`| head`, a
/// supervisor that exited): no trap on EPIPE, and the process exits promptly, `watch` on
/// its own once it has nothing left to write to, `serve` when told to stop. Oracle: how the
/// process ended (an exit, not a signal; its status) and how soon.
@Suite("sample, its output closed", .hangGuard)
struct ClosedOutputTests {
    /// A `sample` process whose standard output the test reads and then closes.
    final class Piped: @unchecked Sendable {
        // @unchecked Sendable: `process` and `output` are used by the test only; `exited` is a semaphore.
        let process = Process()
        private let output = Pipe().closingOnExec()
        private let exited = DispatchSemaphore(value: 0)

        init(_ arguments: [String]) throws {
            process.executableURL = try SampleProcess.executable
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let exited = self.exited
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
        }

        /// Reads standard output until a line contains `text`; `nil` at its end.
        func readUntil(_ text: String) -> String? {
            var seen = ""
            while !seen.contains(text) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            return seen
        }

        /// The reader goes away: the process's next write fails with EPIPE.
        func closeOutput() throws {
            try output.fileHandleForReading.close()
        }

        /// How the process ended, or `nil` if it still runs after `seconds` (then killed).
        func end(within seconds: Double) async -> (reason: Process.TerminationReason, status: Int32)? {
            let exited = self.exited
            let inTime = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: exited.wait(timeout: .now() + seconds) == .success) }
            }
            guard inTime else {
                kill(process.processIdentifier, SIGKILL)
                return nil
            }
            return (process.terminationReason, process.terminationStatus)
        }
    }

    @Test func watchEndsOnItsOwnWhenNobodyReadsItsOutput() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("closed-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        try #require(try SampleProcess.run(["generate", "--db", path, "--rows", "100", "--sections", "3"]).status == 0)
        let watch = try Piped(["watch", "--db", path, "--table", "message", "--section", "day", "--order", "date DESC"])
        try #require(watch.readUntil("\n") != nil, "watch printed nothing")
        try watch.closeOutput()
        // A commit: watch prints it, finds nobody reading, and ends.
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO message (sender, subject, body, date, day) VALUES ('Test', 'New', '', 1, 'Tomorrow')")
        }
        let end = await watch.end(within: StopSignalTests.limit)
        #expect(end?.reason == .exit && end?.status == 0, "\(String(describing: end))")
    }

    #if WebSocket
    @Test(arguments: [SIGINT, SIGTERM])
    func serveStopsWithoutATrapWhenNobodyReadsItsOutput(signal: Int32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("closed-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mail.sqlite").path
        try #require(try SampleProcess.run(["generate", "--db", path, "--rows", "100", "--sections", "3"]).status == 0)
        let serve = try Piped(["serve", "--db", path, "--port", "0", "--token", "t"])
        try #require(serve.readUntil("Ctrl-C stops") != nil, "serve printed no start")
        try serve.closeOutput()
        kill(serve.process.processIdentifier, signal)
        let end = await serve.end(within: StopSignalTests.limit)
        #expect(end?.reason == .exit && end?.status == 0, "\(String(describing: end))")
    }
    #endif
}
