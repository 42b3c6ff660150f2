import Foundation
import TestSupport

/// An example program that `swift test` built beside the test bundle, and the repository
/// files the examples are checked against.
enum ExampleProgram {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of the executable `name` in the build products folder.
    static func executable(_ name: String) throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0 ..< 4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name) (next to \(CommandLine.arguments[0]))"])
    }

    /// Runs the example `name` to its end (killed after `limit`) with a temporary folder of
    /// its own (`TMPDIR`): its exit status (`nil` if killed), its standard output, and the
    /// paths it left in that folder (which is then removed), relative to it and sorted.
    static func run(_ name: String, within limit: Duration = .seconds(300)) async throws -> (status: Int32?, output: String, left: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output) = try await ChildProcess.run([try executable(name)], environment: ["TMPDIR": folder.path], within: limit)
        let left = (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
        return (status, output, left)
    }
}
