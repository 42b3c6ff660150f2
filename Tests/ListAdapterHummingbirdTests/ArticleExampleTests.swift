#if WebSocket
import Foundation
import Testing

/// The catalog's server example is ArticleExample.swift, compiled with the tests: the
/// article must show that file's code exactly.
@Suite("ListAdapterHummingbird's article example")
struct ArticleExampleTests {
    @Test func theArticleShowsTheCompiledExample() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/ListAdapterHummingbird/ListAdapterHummingbird.docc/ListAdapterHummingbird.md"), encoding: .utf8)
        let file = try String(contentsOf: tests.appendingPathComponent("ArticleExample.swift"), encoding: .utf8)
        let code = file.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).dropLast(2).joined(separator: "\n")
        let start = try #require(article.range(of: "```swift\n"))
        let end = try #require(article.range(of: "```", range: start.upperBound ..< article.endIndex))
        #expect(String(article[start.upperBound ..< end.lowerBound]) == code + "\n")
    }
}
#endif
