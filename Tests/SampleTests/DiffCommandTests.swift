import Foundation
import ListAdapter
import Testing
@testable import Sample

@Suite("sample diff")
struct DiffCommandTests {
    static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func printsBatchesAndStats() throws {
        let old = try Self.write(#"{"items": [{"id": "a", "section": "S", "summary": "1"}, {"id": "b", "section": "S"}, {"id": "c", "section": "T"}]}"#)
        let new = try Self.write(#"{"items": [{"id": "b", "section": "S"}, {"id": "a", "section": "S", "summary": "2"}, {"id": "d", "section": "T"}]}"#)
        let result = try SampleProcess.run(["diff", old, new])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let stats = try #require(json["stats"] as? [String: Any])
        #expect(stats["inserts"] as? Int == 1)
        #expect(stats["deletes"] as? Int == 1)
        #expect(stats["moves"] as? Int == 1)
        #expect(stats["updates"] as? Int == 1)
        #expect(stats["sectionMoves"] as? Int == 0)
        #expect(stats["milliseconds"] is Double || stats["milliseconds"] is Int)
        let batches = try #require(json["batches"] as? [[String: Any]])
        #expect(batches.count == 1)
        let after = try #require(batches.first?["after"] as? [[String: Any]])
        #expect(after.count == 2)
        #expect(after[0]["title"] as? String == "S")
        #expect(after[0]["ids"] as? [String] == ["b", "a"])
        #expect(after[1]["ids"] as? [String] == ["d"])
        // "c" leaves and "d" arrives in section 1; nothing is reloaded that did not change.
        #expect((batches[0]["deleteItems"] as? [[Int]])?.contains([1, 0]) == true)
        #expect((batches[0]["insertItems"] as? [[Int]])?.contains([1, 0]) == true)
        #expect(batches[0]["reloadSections"] == nil)
    }

    @Test func untitledSectionsPrintNullTitles() throws {
        let old = try Self.write(#"{"items": []}"#)
        let new = try Self.write(#"{"items": [{"id": "x"}]}"#)
        let result = try SampleProcess.run(["diff", old, new])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#""insertSections":[0]"#))
        #expect(result.standardOutput.contains(#""after":[{"title":null,"ids":["x"]}]"#))
    }

    @Test func duplicateIDsAreBadInputNamingTheID() throws {
        let old = try Self.write(#"{"items": [{"id": "a"}, {"id": "zz"}, {"id": "zz"}]}"#)
        let result = try SampleProcess.run(["diff", old, old])
        #expect(result.status == 2)
        #expect(result.standardError.contains(#"duplicate id "zz""#))
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: [
        (#"{"items": ["#, "is not valid JSON"),
        (#"[1, 2]"#, #"expected an object with an "items" array"#),
        (#"{"items": [{"section": "S"}]}"#, #"items[0] has no "id""#),
        (#"{"items": [{"id": 7}]}"#, "items[0].id must be a string"),
    ])
    func badJSONIsExplained(text: String, message: String) throws {
        let bad = try Self.write(text)
        let good = try Self.write(#"{"items": []}"#)
        let result = try SampleProcess.run(["diff", good, bad])
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
    }

    @Test func missingFilesAndArgumentsExitTwo() throws {
        let good = try Self.write(#"{"items": []}"#)
        let missing = try SampleProcess.run(["diff", good, "/nonexistent/new.json"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot read /nonexistent/new.json: no such file"))
        let noArguments = try SampleProcess.run(["diff"])
        #expect(noArguments.status == 2)
        #expect(noArguments.standardError.contains("Missing expected argument"))
        let help = try SampleProcess.run(["diff", "--help"])
        #expect(help.status == 0)
    }

    @Test func parsesOptionalFields() throws {
        let snapshot = try DiffInput.parse(Data(#"{"items": [{"id": "a", "summary": "v1"}, {"id": "b", "section": null}]}"#.utf8), name: "x")
        #expect(snapshot.numberOfSections == 1)
        #expect(snapshot.summary(of: "a") == .some("v1"))
        #expect(snapshot.summary(of: "b") == .some(nil))
    }
}
