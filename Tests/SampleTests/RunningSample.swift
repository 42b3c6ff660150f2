import Foundation

/// A `sample` process the test talks to while it runs: its standard output as a stream of
/// lines, its standard error collected, its standard input a pipe the test may close (or
/// `/dev/null`), and its exit awaited with a deadline.
final class RunningSample: @unchecked Sendable {
    // @unchecked Sendable: `process` and `input` are used by the test only; the reading
    // threads touch only the stream's continuation and `errorText`; `exited` is a semaphore.
    let process = Process()
    let input = Pipe().closingOnExec()
    let lines: AsyncStream<String>
    private let errorText = LockedData()
    private let errorRead = DispatchGroup()
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `sample` with `arguments`, and `environment` added to the test's own.
    init(_ arguments: [String], inputFromDevNull: Bool = false, environment: [String: String] = [:]) throws {
        process.executableURL = try SampleProcess.executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = inputFromDevNull ? FileHandle.nullDevice : input
        let output = Pipe().closingOnExec()
        let error = Pipe().closingOnExec()
        process.standardOutput = output
        process.standardError = error
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        lines = stream
        let handle = output.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: pending[pending.startIndex ..< newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
            }
            continuation.finish()
        }
        let errorText = self.errorText
        DispatchQueue.global().async(group: errorRead) {
            errorText.set(error.fileHandleForReading.readDataToEndOfFile())
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
    }

    /// The exit status, or `nil` if the process is still running after `seconds` (it is
    /// then killed and its exit awaited, so the test ends).
    func exitStatus(within seconds: Double) async -> Int32? {
        let exited = self.exited
        let inTime = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: exited.wait(timeout: .now() + seconds) == .success) }
        }
        guard inTime else {
            // SIGKILL, which nothing blocks or handles, then the exit: the process has ended
            // when this returns, so its termination properties may be read.
            kill(process.processIdentifier, SIGKILL)
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { exited.wait(); continuation.resume() }
            }
            return nil
        }
        return process.terminationStatus
    }

    /// Everything written to standard error, once the process has exited.
    var standardError: String {
        errorRead.wait()
        return String(decoding: errorText.value, as: UTF8.self)
    }

    /// Every remaining line of standard output, once the process has exited.
    func remainingLines() async -> [String] {
        var all: [String] = []
        for await line in lines { all.append(line) }
        return all
    }
}
