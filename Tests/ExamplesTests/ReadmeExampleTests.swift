import Foundation
import Testing

/// Every Swift example in README.md is a whole file of `Examples/` as it is (less the
/// `#if canImport(...)` that keeps an Apple-only one out of the Linux build, or the
/// `#if PostgreSQL` of the trait): the file CI compiles, runs or type-checks against Apple's
/// SDKs, with nothing hidden. So are the DocC articles' tests and PostgreSQL examples, which
/// the Apple SDK check cannot compile (it checks the articles' other complete examples).
@Suite("Examples: README")
struct ReadmeExampleTests {
    /// The ```swift blocks of `text`, each without its fences.
    static func swiftBlocks(of text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if let lines = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The example files, each as README shows it: without a leading `#if canImport(...)`
    /// line and its closing `#endif`, and without surrounding blank lines.
    static func examples() throws -> [String: String] {
        let folder = ExampleProgram.root.appendingPathComponent("Examples")
        var result: [String: String] = [:]
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
        where url.pathExtension == "swift" {
            var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.first?.hasPrefix("#if canImport(") == true || lines.first == "#if PostgreSQL" {
                lines.removeFirst()
                while lines.last?.isEmpty == true { lines.removeLast() }
                if lines.last == "#endif" { lines.removeLast() }
            }
            let text = lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
            result[url.path.replacingOccurrences(of: ExampleProgram.root.path + "/", with: "")] = text
        }
        return result
    }

    @Test func everySwiftBlockOfTheReadmeIsAnExampleFileAsItIs() throws {
        let readme = try String(contentsOf: ExampleProgram.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(of: readme)
        let examples = try Self.examples()
        #expect(blocks.count >= 3, "README shows a quick start per surface")
        for block in blocks {
            let text = block.trimmingCharacters(in: .newlines)
            let file = examples.first { $0.value == text }?.key
            #expect(file != nil, "README's block starting \(text.prefix(120).debugDescription) is no file of Examples/")
        }
    }

    /// The Swift files below `folder` (relative to the repository), each as it is.
    static func files(in folder: String) -> [String: String] {
        let root = ExampleProgram.root.appendingPathComponent(folder)
        var result: [String: String] = [:]
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) ?? .init()
        where url.pathExtension == "swift" {
            result[url.lastPathComponent] = (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .newlines)
        }
        return result
    }

    /// The Swift blocks of the DocC articles that import `module`, each with its article's
    /// file name, trimmed of surrounding blank lines.
    static func articleBlocks(importing module: String) throws -> [(article: String, text: String)] {
        let catalogs = ExampleProgram.root.appendingPathComponent("Sources")
        var blocks: [(article: String, text: String)] = []
        for case let url as URL in FileManager.default.enumerator(at: catalogs, includingPropertiesForKeys: nil) ?? .init()
        where url.pathExtension == "md" && url.path.contains(".docc/") {
            for block in Self.swiftBlocks(of: try String(contentsOf: url, encoding: .utf8))
            where block.split(separator: "\n").contains("import \(module)"[...]) {
                blocks.append((url.lastPathComponent, block.trimmingCharacters(in: .newlines)))
            }
        }
        return blocks
    }

    /// The DocC articles' tests (Apple's SDKs have no Testing module, so the Apple SDK check
    /// skips them): each is a whole file of `Tests/ExamplesTests/Articles/`, run here.
    @Test func everyTestOfTheArticlesIsATestOfThisTarget() throws {
        let tests = Self.files(in: "Tests/ExamplesTests/Articles")
        let blocks = try Self.articleBlocks(importing: "Testing")
        #expect(blocks.count >= 3)
        for (article, text) in blocks {
            #expect(tests.values.contains(text), "\(article)'s test starting \(text.prefix(120).debugDescription) is no file of Tests/ExamplesTests/Articles/")
        }
    }

    /// The articles' PostgreSQL examples (Apple's SDKs at hand cannot type-check
    /// postgres-nio): each is a whole file of `Examples/`, run by the PostgreSQL tests.
    @Test func everyPostgreSQLExampleOfTheArticlesIsAnExampleFile() throws {
        let examples = try Self.examples()
        let blocks = try Self.articleBlocks(importing: "ListAdapterPostgres")
        #expect(blocks.count >= 1)
        for (article, text) in blocks {
            #expect(examples.values.contains(text), "\(article)'s example starting \(text.prefix(120).debugDescription) is no file of Examples/")
        }
    }

    @Test func theBlockReaderFindsBlocksAndTheirText() {
        let text = "# T\n```swift\nlet a = 1\n```\n```sh\nls\n```\n  ```swift\nlet b = 2\n\nlet c = 3\n  ```\n"
        #expect(Self.swiftBlocks(of: text) == ["let a = 1", "let b = 2\n\nlet c = 3"])
    }
}
