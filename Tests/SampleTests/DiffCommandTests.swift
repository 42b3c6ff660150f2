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
        // "a" both moves and changes: it moves in the first batch and is reconfigured in
        // place in the second (a reconfigure cannot go with a move of the same item).
        let batches = try #require(json["batches"] as? [[String: Any]])
        try #require(batches.count == 2)
        #expect(batches[1]["reconfigureItems"] as? [[Int]] == [[0, 1]])
        #expect(batches[1].keys.sorted() == ["after", "reconfigureItems"])
        let after = try #require(batches.last?["after"] as? [[String: Any]])
        #expect(after.count == 2)
        #expect(after[0]["title"] as? String == "S")
        #expect(after[0]["ids"] as? [String] == ["b", "a"])
        #expect(after[1]["ids"] as? [String] == ["d"])
        // "c" leaves and "d" arrives in section 1; nothing is reloaded that did not change.
        #expect((batches[0]["deleteItems"] as? [[Int]])?.contains([1, 0]) == true)
        #expect((batches[0]["insertItems"] as? [[Int]])?.contains([1, 0]) == true)
        #expect(batches[0]["reloadSections"] == nil)
    }

    /// Section "B" moves above "A" and gains an item: by default it moves in a first batch
    /// and changes in a second, each printed with its after state; `--batching single`
    /// prints one batch that deletes and inserts "B" whole.
    @Test func printsEveryBatchOfTheDefaultPolicyAndOneWithSingle() throws {
        let old = try Self.write(#"{"items": [{"id": "a", "section": "A"}, {"id": "b", "section": "A"}, {"id": "c", "section": "B"}, {"id": "d", "section": "B"}]}"#)
        let new = try Self.write(#"{"items": [{"id": "c", "section": "B"}, {"id": "x", "section": "B"}, {"id": "d", "section": "B"}, {"id": "a", "section": "A"}, {"id": "b", "section": "A"}]}"#)
        let staged = try SampleProcess.run(["diff", old, new])
        #expect(staged.status == 0, "\(staged.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(staged.standardOutput.utf8)) as? [String: Any])
        #expect((json["stats"] as? [String: Any])?["batching"] as? String == "keeping-identity")
        let batches = try #require(json["batches"] as? [[String: Any]])
        try #require(batches.count == 2)
        #expect(batches[0]["moveSections"] as? [[Int]] == [[1, 0]])
        #expect(batches[0]["deleteSections"] == nil && batches[0]["insertSections"] == nil)
        let middle = try #require(batches[0]["after"] as? [[String: Any]])
        #expect(middle.map { $0["title"] as? String } == ["B", "A"])
        #expect(middle.map { $0["ids"] as? [String] } == [["c", "d"], ["a", "b"]])
        #expect(batches[1]["insertItems"] as? [[Int]] == [[0, 1]])
        #expect(batches[1]["moveSections"] == nil)
        let final = try #require(batches[1]["after"] as? [[String: Any]])
        #expect(final.map { $0["ids"] as? [String] } == [["c", "x", "d"], ["a", "b"]])

        let single = try SampleProcess.run(["diff", old, new, "--batching", "single"])
        #expect(single.status == 0, "\(single.standardError)")
        let singleJSON = try #require(try JSONSerialization.jsonObject(with: Data(single.standardOutput.utf8)) as? [String: Any])
        let singleBatches = try #require(singleJSON["batches"] as? [[String: Any]])
        try #require(singleBatches.count == 1)
        #expect(singleBatches[0]["deleteSections"] as? [Int] == [1])
        #expect(singleBatches[0]["insertSections"] as? [Int] == [0])
        #expect((singleJSON["stats"] as? [String: Any])?["batching"] as? String == "single")

        let bad = try SampleProcess.run(["diff", old, new, "--batching", "many"])
        #expect(bad.status == 2, "\(bad.status)")
        #expect(bad.standardError.contains("keeping-identity"), "\(bad.standardError)")
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
