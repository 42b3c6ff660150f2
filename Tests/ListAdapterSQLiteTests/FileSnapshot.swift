import Foundation

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
final class PythonPeer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Starts `python3 -c script arguments…`, with `environment` added to this process's.
    init(script: String, arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Blocks until the peer prints a line (it does so once it holds what the test needs).
    func readLine() -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = output.fileHandleForReading.readData(ofLength: 1)
            guard let byte = chunk.first, byte != 10 else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Sends a line to the peer's input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Closes the peer's input and waits for it to exit; its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
