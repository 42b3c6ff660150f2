import Foundation
import Testing

/// `sample watch` on a table whose rows repeat identifiers: the list keeps the first row
/// of each, and the duplicates are one warning, a JSON line on standard output with
/// `--json` (beside the `{"error": ...}` lines), else a line on standard error.
@Suite("sample watch, warnings", .hangGuard)
struct WatchWarningTests {
    static let table = "CREATE TABLE t (id, name); INSERT INTO t VALUES (1, 'a'), (1, 'b'), ('x', 'c'), ('x', 'd'), (2, 'e')"

    /// Checks one `{"warning": ...}` line for duplicates of 1 and 'x' in table `t` at `path`
    /// (samples as SQL literals, ``PrintedIdentifier``) and returns its message.
    static func checkDuplicateWarning(_ line: String, source: String, samples: [String]) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        #expect(object.keys.sorted() == ["warning"])
        let warning = try #require(object["warning"] as? [String: Any])
        #expect(warning["kind"] as? String == "duplicateIdentifiers")
        #expect(warning["count"] as? Int == samples.count)
        #expect(PrintedIdentifier.literals(warning["samples"]) == samples)
        let message = try #require(warning["message"] as? String)
        #expect(message.hasPrefix(source + ": \(samples.count) rows have identifiers of an earlier row"), "\(message)")
    }

    @Test func withJSONTheWarningIsAJSONLineOnStandardOutput() async throws {
        let folder = try TemporaryDatabase(sql: Self.table)
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id", "--json"], inputFromDevNull: true)
        #expect(await watch.exitStatus(within: 120) == 0)
        let lines = await watch.remainingLines()
        try #require(lines.count == 2, "\(lines)")
        try Self.checkDuplicateWarning(lines[0], source: #"table "t" in \#(folder.path)"#, samples: ["1", "'x'"])
        #expect(lines[1] == #"{"snapshot":{"sections":[{"title":null,"ids":[1,"x",2]}]}}"#)
        #expect(watch.standardError.isEmpty, "printed once, in the chosen form: \(watch.standardError)")
    }

    @Test func withoutJSONTheWarningIsALineOnStandardError() async throws {
        let folder = try TemporaryDatabase(sql: Self.table)
        defer { folder.remove() }
        let watch = try RunningSample(["watch", "--db", folder.path, "--table", "t", "--id", "id"], inputFromDevNull: true)
        #expect(await watch.exitStatus(within: 120) == 0)
        #expect(await watch.remainingLines() == ["3 items in 1 section"])
        let errors = watch.standardError.split(separator: "\n")
        #expect(errors == [#"warning: duplicateIdentifiers: table "t" in \#(folder.path): 2 rows have identifiers of an earlier row, e.g. 1, 'x'; kept the first row of each"#], "\(errors)")
    }
}
