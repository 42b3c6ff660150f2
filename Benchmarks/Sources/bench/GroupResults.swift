import Foundation

/// What one run measured for one group (`--only` value): its measurements and the run they
/// come from. A run of every size writes one file per group it ran,
/// `Benchmarks/results/<group>.json`; BENCHMARKS.md's tables are made from these files
/// (``BenchmarksDocument``), so a figure in the document is always one a run wrote.
struct GroupResults: Codable, Equatable {
    var group: String
    /// `git rev-parse --short HEAD` at the run.
    var commit: String
    /// The run's end, ISO 8601 in UTC.
    var date: String
    /// The 1-minute load average before and after the run (`/proc/loadavg`).
    var loadBefore: Double?
    var loadAfter: Double?
    var machine: String
    var command: String
    var measurements: [Measurement]

    static func path(of group: String, in directory: String) -> String { directory + "/" + group + ".json" }

    /// The results file of `group` in `directory`, or `nil` when there is none.
    static func read(_ group: String, in directory: String) throws -> GroupResults? {
        let path = path(of: group, in: directory)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(GroupResults.self, from: data)
        } catch {
            throw BenchmarksDocument.Failure.unreadableResults(path: path, reason: "\(error)")
        }
    }

    func write(in directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(self)
        data.append(contentsOf: Array("\n".utf8))
        try data.write(to: URL(fileURLWithPath: Self.path(of: group, in: directory)), options: .atomic)
    }
}
