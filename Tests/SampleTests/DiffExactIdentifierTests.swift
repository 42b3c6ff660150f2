import Foundation
import Testing
@testable import Sample

/// `sample diff` identifiers are exact values, not canonically equivalent strings.
@Suite("sample diff, exact identifiers")
struct DiffExactIdentifierTests {
    static let composed = "\u{E9}"          // é, one scalar
    static let decomposed = "e\u{301}"      // e and a combining acute accent

    @Test func canonicallyEquivalentIdsAreDifferentIdentifiers() throws {
        // The two spellings render alike and are equal as Swift Strings...
        #expect(Self.composed == Self.decomposed)
        // ...but as identifiers they are two values, both kept, one of them deleted.
        let old = try DiffCommandTests.write(#"{"items": [{"id": "\u00e9"}, {"id": "e\u0301"}]}"#)
        let new = try DiffCommandTests.write(#"{"items": [{"id": "e\u0301"}, {"id": "x"}]}"#)
        let result = try SampleProcess.run(["diff", old, new])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let stats = try #require(json["stats"] as? [String: Any])
        #expect(stats["deletes"] as? Int == 1)
        #expect(stats["inserts"] as? Int == 1)
        let batch = try #require((json["batches"] as? [[String: Any]])?.first)
        #expect(batch["deleteItems"] as? [[Int]] == [[0, 0]])                 // the composed one
        let after = try #require((batch["after"] as? [[String: Any]])?.first?["ids"] as? [String])
        #expect(after.map { Array($0.unicodeScalars) } == [Array(Self.decomposed.unicodeScalars), ["x"]])
    }

    @Test func exactlyEqualIdsAreStillDuplicates() throws {
        let old = try DiffCommandTests.write(#"{"items": [{"id": "e\u0301"}, {"id": "e\u0301"}]}"#)
        let result = try SampleProcess.run(["diff", old, old])
        #expect(result.status == 2)
        #expect(result.standardError.contains("duplicate id"))
    }

    @Test func identifiersHashAndCompareByScalars() {
        let composed = ExactIdentifier(Self.composed)
        let decomposed = ExactIdentifier(Self.decomposed)
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, ExactIdentifier("e\u{301}")]).count == 2)
        // A bridged Foundation string with the same scalars is the same identifier.
        #expect(ExactIdentifier(String(describing: NSString(string: Self.decomposed))) == decomposed)
    }
}
