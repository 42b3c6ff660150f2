import Foundation
import Testing

/// The Swift version a newcomer is told to use is one that builds the package.
@Suite("stated requirements")
struct StatedRequirementsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// `major.minor` as a comparable pair.
    static func version(_ text: Substring) -> [Int] { text.split(separator: ".").compactMap { Int($0) } }

    @Test func toolsVersionAndReadmeStateTheSameMinimumTheSourcesNeed() throws {
        let manifest = try Self.read("Package.swift")
        let tools = try #require(manifest.firstMatch(of: /swift-tools-version:\s*([0-9.]+)/)?.output.1)
        let readme = try Self.read("README.md")
        let stated = try #require(readme.firstMatch(of: /Swift ([0-9.]+) or later/)?.output.1)
        #expect(Self.version(tools) == Self.version(stated), "Package.swift says \(tools), README says \(stated)")
        // `nonisolated(nonsending)` is Swift 6.2 (SE-0461); an older compiler rejects it.
        let sources = FileManager.default.enumerator(at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        let usesNonsending = (sources?.allObjects as? [URL] ?? []).contains { url in
            url.pathExtension == "swift" && ((try? String(contentsOf: url, encoding: .utf8))?.contains("nonisolated(nonsending)") ?? false)
        }
        if usesNonsending {
            #expect(Self.version(tools).lexicographicallyPrecedes([6, 2]) == false, "the sources need Swift 6.2; Package.swift says \(tools)")
        }
    }
}
