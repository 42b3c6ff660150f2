import Foundation
import TestSupport

/// The example programs `swift test` built beside the test bundle, and the repository whose
/// documents show them.
enum ExampleProgram {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the example `name` to its end (killed after `limit`) with a temporary folder of
    /// its own (`TMPDIR`): its exit status (`nil` if killed), its standard output, and the
    /// paths it left in that folder (which is then removed), relative to it and sorted.
    static func run(_ name: String, within limit: Duration = .seconds(300)) async throws -> (status: Int32?, output: String, left: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output) = try await ChildProcess.run([try BuiltExecutable.path(name)], environment: ["TMPDIR": folder.path], within: limit)
        let left = (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
        return (status, output, left)
    }
}
