import Foundation
import TestSupport

/// Runs the real `sample` binary that `swift test` built beside the test bundle.
struct SampleProcess {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The `sample` executable in the build products folder.
    static var executable: URL {
        get throws { URL(fileURLWithPath: try BuiltExecutable.path("sample")) }
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        let output = Pipe().closingOnExec()
        let error = Pipe().closingOnExec()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let errorData = LockedData()
        let errorRead = DispatchGroup()
        DispatchQueue.global().async(group: errorRead) {
            errorData.set(error.fileHandleForReading.readDataToEndOfFile())
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self)
        )
    }
}

extension Pipe {
    /// This pipe with both ends close-on-exec. Foundation's pipes are inheritable: a child
    /// another test starts meanwhile would inherit this one's ends, and a child that ends
    /// when its input closes (`sample watch`) would never see that while the other runs. The
    /// ends `Process` gives the child become its 0, 1 and 2, which do not inherit the flag.
    func closingOnExec() -> Pipe {
        for handle in [fileHandleForReading, fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        return self
    }
}

/// A `Data` written by one thread and read by another.
final class LockedData: @unchecked Sendable {  // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var value: Data { lock.withLock { data ?? Data() } }
}
