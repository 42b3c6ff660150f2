import Foundation

/// Every 1M figure compared with the figure the last quiet run recorded for the same
/// scenario, and a change of more than ``threshold`` flagged; a quiet run (1-minute load
/// average under ``quietLoad`` before and after) records its 1M figures as the new
/// reference, in `Benchmarks/results/baseline.json` (committed: it is the reference the
/// next run compares with, wherever it runs).
///
/// Why not `ordo-one/package-benchmark`, which stores baselines and thresholds: its
/// benchmarks time a closure many times under its own harness, while these scenarios
/// need a cold cache before each timed call, other processes writing a database, and
/// same-run baselines for their ratios; the comparison itself is this file.
struct RegressionCheck {
    static let threshold = 0.20
    static let quietLoad = 0.7

    /// A reference figure: what a quiet run measured.
    struct Reference: Codable {
        var figure: Double
        var unit: String
        var commit: String
        var date: String
        var loadBefore: Double
        var loadAfter: Double
    }

    let path: String
    var references: [String: Reference]

    init(path: String) {
        self.path = path
        if let data = FileManager.default.contents(atPath: path),
           let decoded = try? JSONDecoder().decode([String: Reference].self, from: data) {
            references = decoded
        } else {
            references = [:]
        }
    }

    static func key(_ measurement: Measurement) -> String { "\(measurement.scenario) @ \(measurement.size)" }

    /// The note for `measurement`: its change from the reference, flagged past the
    /// threshold; `nil` below 1M items or without a reference.
    func compare(_ measurement: Measurement) -> (note: String, flagged: Bool)? {
        guard measurement.size >= 1_000_000, let reference = references[Self.key(measurement)],
              reference.unit == measurement.unit, reference.figure > 0 else { return nil }
        let change = measurement.figure / reference.figure - 1
        let flagged = abs(change) > Self.threshold
        let text = String(format: "%@%+.0f%% against %.3g %@ (quiet run at %@, %@)", flagged ? "CHANGED " : "", change * 100,
                          reference.figure, reference.unit as NSString, reference.commit as NSString, reference.date as NSString)
        return (text, flagged)
    }

    /// Records the 1M figures of a quiet run as the references.
    mutating func record(_ results: [Measurement], commit: String, loadBefore: Double, loadAfter: Double) throws {
        let date = ISO8601DateFormatter().string(from: Date())
        for measurement in results where measurement.size >= 1_000_000 && measurement.figure.isFinite {
            references[Self.key(measurement)] = Reference(
                figure: measurement.figure, unit: measurement.unit, commit: commit, date: date,
                loadBefore: loadBefore, loadAfter: loadAfter
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(references).write(to: URL(fileURLWithPath: path))
    }

    /// The 1-minute load average (`/proc/loadavg`); `nil` where there is none.
    static func loadAverage() -> Double? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
        #else
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : nil
        #endif
    }

    /// The commit the bench runs at (`git rev-parse --short HEAD`), or "unknown".
    static func commit() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--short", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : "unknown"
    }
}
