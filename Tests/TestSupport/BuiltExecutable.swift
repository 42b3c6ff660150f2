import Foundation

/// An executable of this package (an example, the sample) that `swift test` built beside the
/// test bundle.
package enum BuiltExecutable {
    /// The path of the executable `name` in the build products folder. Throws when it is not
    /// there.
    package static func path(_ name: String) throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0 ..< 4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name) (next to \(CommandLine.arguments[0]))"])
    }
}
