import Foundation

/// BENCHMARKS.md's tables, made from the results files (``GroupResults``): each block between
/// `<!-- bench: GROUP... -->` and `<!-- /bench -->` is replaced by the table of those groups'
/// measurements and a line naming the runs they come from. The text around the blocks (the
/// method, what each figure is compared with, the targets missed and why) is written by hand.
///
/// `bench --write-docs` rewrites the blocks (a run of every size does it too);
/// `bench --check-docs` fails when a block differs from what the results files make, which CI
/// runs, so the document cannot drift from the results.
struct BenchmarksDocument {
    enum Failure: Error, CustomStringConvertible {
        case unreadableResults(path: String, reason: String)
        case unreadableDocument(path: String)
        case badMarker(path: String, line: Int, text: String, reason: String)

        var description: String {
            switch self {
            case let .unreadableResults(path, reason): "cannot read the results file \(path): \(reason)"
            case let .unreadableDocument(path): "cannot read \(path)"
            case let .badMarker(path, line, text, reason): "\(path):\(line): \(reason): \(text)"
            }
        }
    }

    static let closing = "<!-- /bench -->"

    let path: String
    let resultsDirectory: String
    let groups: [String]

    /// The document with every block made anew from the results files.
    func rendered() throws -> (current: String, rendered: String, stale: [String]) {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure.unreadableDocument(path: path) }
        let current = String(decoding: data, as: UTF8.self)
        var output: [Substring] = []
        var stale: [String] = []
        var block: (groups: [String], line: Int, lines: [Substring])?
        for (index, line) in current.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let opening = try opening(line, at: index + 1) {
                guard block == nil else {
                    throw Failure.badMarker(path: path, line: index + 1, text: String(line), reason: "a block opens inside another")
                }
                output.append(line)
                block = (opening, index + 1, [])
            } else if line == Self.closing {
                guard let open = block else {
                    throw Failure.badMarker(path: path, line: index + 1, text: String(line), reason: "a block closes that never opened")
                }
                let table = try Self.table(of: open.groups, in: resultsDirectory)
                if open.lines.map(String.init) != table { stale.append(open.groups.joined(separator: " ")) }
                output += table.map { Substring($0) }
                output.append(line)
                block = nil
            } else if block != nil {
                block?.lines.append(line)
            } else {
                output.append(line)
            }
        }
        if let open = block {
            throw Failure.badMarker(path: path, line: open.line, text: "<!-- bench: \(open.groups.joined(separator: " ")) -->", reason: "the block never closes")
        }
        return (current, output.joined(separator: "\n"), stale)
    }

    /// The groups a line opens a block for, or `nil` for any other line.
    private func opening(_ line: Substring, at number: Int) throws -> [String]? {
        guard line.hasPrefix("<!-- bench:"), line.hasSuffix("-->") else { return nil }
        let names = line.dropFirst("<!-- bench:".count).dropLast("-->".count).split(separator: " ").map(String.init)
        guard !names.isEmpty else {
            throw Failure.badMarker(path: path, line: number, text: String(line), reason: "a block names no group")
        }
        for name in names where !groups.contains(name) {
            throw Failure.badMarker(path: path, line: number, text: String(line), reason: "no bench group is named \"\(name)\"")
        }
        return names
    }

    /// The lines of the table of `groups`' measurements, then the runs they come from.
    static func table(of groups: [String], in directory: String) throws -> [String] {
        var lines = [
            "| scenario | n | figure | baseline | ratio | target | verdict |",
            "|---|---:|---:|---:|---:|---|---|",
        ]
        var runs: [(groups: [String], results: GroupResults)] = []
        var missing: [String] = []
        for group in groups {
            guard let results = try GroupResults.read(group, in: directory) else {
                missing.append(group)
                continue
            }
            for measurement in shown(results.measurements) { lines.append(row(measurement)) }
            if let index = runs.firstIndex(where: { $0.results.commit == results.commit && $0.results.date == results.date }) {
                runs[index].groups.append(group)
            } else {
                runs.append(([group], results))
            }
        }
        lines.append("")
        for run in runs { lines.append(origin(run.groups, run.results)) }
        if !missing.isEmpty {
            lines.append(missing.map { "`\($0)`" }.joined(separator: ", ") + ": no results file yet (`bench --only \(missing[0])` writes one).")
        }
        return lines
    }

    /// The rows a table shows: each scenario at its largest size, and at a smaller size only
    /// where its target there is another (every size is in the results file).
    static func shown(_ measurements: [Measurement]) -> [Measurement] {
        measurements.filter { measurement in
            let larger = measurements.filter { $0.scenario == measurement.scenario && $0.size > measurement.size }
            return larger.allSatisfy { $0.target != measurement.target }
        }
    }

    static func row(_ measurement: Measurement) -> String {
        let unit = measurement.unit.isEmpty ? "" : " " + measurement.unit
        let baseline = measurement.baseline.map { Measurement.format($0) + unit } ?? "-"
        let ratio = measurement.ratio.map { $0.isFinite ? String(format: "%.2fx", $0) : "-" } ?? "-"
        let verdict = measurement.passed == false ? "**missed**" : measurement.verdict
        let note = measurement.note.isEmpty ? "" : " (\(shortNote(measurement.note)))"
        let cells = [
            measurement.scenario, size(measurement.size), Measurement.format(measurement.figure) + unit, baseline, ratio,
            measurement.target, verdict + note,
        ]
        return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    /// The longest note a table shows; the results file keeps every note whole.
    static let noteLimit = 80

    /// `note`'s clauses (split at "; ") as long as they fit in ``noteLimit`` characters (the
    /// first always), and "…" for the rest.
    static func shortNote(_ note: String) -> String {
        var shown: [Substring] = []
        var length = 0
        let clauses = note.split(separator: "; ", omittingEmptySubsequences: false)
        for clause in clauses {
            if !shown.isEmpty, length + 2 + clause.count > noteLimit { break }
            shown.append(clause)
            length += (shown.count > 1 ? 2 : 0) + clause.count
        }
        return shown.joined(separator: "; ") + (shown.count < clauses.count ? "; …" : "")
    }

    static func size(_ count: Int) -> String {
        switch count {
        case 1_000_000...  where count % 1_000_000 == 0: "\(count / 1_000_000)M"
        case 1_000... where count % 1_000 == 0: "\(count / 1_000)k"
        default: "\(count)"
        }
    }

    static func origin(_ groups: [String], _ results: GroupResults) -> String {
        let load = [results.loadBefore, results.loadAfter].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
        return groups.map { "`\($0)`" }.joined(separator: ", ") + ": commit `\(results.commit)`, \(results.date.prefix(10)), "
            + "1-minute load \(load[0]) before and \(load[1]) after; `\(results.command)`."
    }
}
