import Foundation
import TestSupport

/// Every file in a directory with its bytes, to prove a followed database was not written:
/// the same files, byte for byte, before and after.
struct DirectoryContents: Equatable, CustomStringConvertible {
    let files: [String: Data]

    /// A directory's files; a subdirectory is listed as `name/` (no bytes).
    init(_ directory: URL) throws {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            var isDirectory: ObjCBool = false
            let url = directory.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                files[name + "/"] = Data()
            } else {
                files[name] = try Data(contentsOf: url)
            }
        }
        self.files = files
    }

    init(files: [String: Data]) {
        self.files = files
    }

    var description: String {
        files.keys.sorted().map { "\($0) (\(files[$0]!.count) bytes)" }.joined(separator: ", ")
    }
}

/// A second process (Python's sqlite3 module) that runs `script` against a database and
/// talks over pipes: it prints a line when it reached the point a test waits for, and
/// finishes when its input closes.
final class PythonPeer: Sendable {
    private let child: ChildProcess

    /// Starts `python3 -c script arguments…`, with `environment` added to this process's.
    init(script: String, arguments: [String], environment: [String: String] = [:]) throws {
        child = try ChildProcess(["python3", "-c", script] + arguments, environment: environment)
    }

    /// Waits until the peer prints a line (it does so once it holds what the test needs); the
    /// line, or `nil` if its output ended. Blocks a thread of its own, not the caller's.
    func readLine() async -> String? {
        await child.readLine()
    }

    /// Sends a line to the peer's input.
    func send(_ line: String) {
        child.send(line)
    }

    /// Closes the peer's input and waits for it to exit; its exit status, or `nil` if it was
    /// still running after two minutes (it is then killed).
    func finish() async -> Int32? {
        await child.finish()
    }

    /// Runs `python3 -c script arguments…` to the end with no input; its exit status, or `nil`
    /// if it was still running after two minutes (it is then killed).
    static func run(script: String, arguments: [String]) async throws -> Int32? {
        try await ChildProcess.run(["python3", "-c", script] + arguments).status
    }
}
