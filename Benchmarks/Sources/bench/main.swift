import Foundation

// `swift run -c release bench [--quick] [--only GROUP] [--output DIR]`: every scenario,
// its baseline measured in the same run, and the ratio; printed as a table and written as
// Markdown and JSON (Benchmarks/results/latest.md and latest.json by default; run it from
// the package root). GROUP: memory, diff, load, delivery, fetch, external, incremental, storm.
let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let outputDirectory = arguments.firstIndex(of: "--output").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil } ?? "Benchmarks/results"
let only = arguments.firstIndex(of: "--only").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
/// Whether the group `name` runs (`--only memory|diff|load|delivery|fetch|external|incremental|storm`).
func runs(_ name: String) -> Bool { only == nil || only == name }
let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
let largest = sizes.last!
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-bench")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)

func report(_ measurements: [Measurement]) -> [Measurement] {
    for measurement in measurements {
        let baseline = measurement.baseline.map { String(format: "%.3f", $0) } ?? "-"
        let ratio = measurement.ratio.map { String(format: "%.2fx", $0) } ?? "-"
        let verdict = measurement.passed.map { $0 ? "met" : "MISSED" } ?? "reported"
        print(String(format: "%-62@ %9d %11.3f %-5@ baseline %-10@ ratio %-8@ %@ %@", measurement.scenario as NSString, measurement.size,
                     measurement.figure, measurement.unit as NSString, baseline as NSString, ratio as NSString, verdict as NSString, measurement.note as NSString))
    }
    return measurements
}

var results: [Measurement] = []
// Memory first, while the process is fresh.
if runs("memory") { results += report(try await SQLiteScenarios.memory(size: largest, directory: directory)) }
for size in sizes where runs("diff") {
    results += report(DiffScenarios.run(size: size))
}
for size in sizes where runs("load") {
    results += report(try await SQLiteScenarios.load(size: size, directory: directory))
}
if runs("delivery") { results += report(AdapterScenarios.delivery(size: largest)) }
if runs("fetch") { results += report(try await AdapterScenarios.fetchWindow(size: min(largest, 100_000), directory: directory)) }
if runs("external") {
    results += report(try AdapterScenarios.externalCommit(size: 10_000, directory: directory, target: 10))
    results += report(try AdapterScenarios.externalCommit(size: largest, directory: directory, target: 250, rounds: 10))
}
if runs("incremental") {
    results += report(IncrementalScenarios.apply(size: largest))
    results += report(try IncrementalScenarios.ownCommit(size: largest, directory: directory))
    results += report(try IncrementalScenarios.externalCommit(size: largest, directory: directory))
    results += report(try IncrementalScenarios.underWriter(size: largest, directory: directory))
}
if runs("storm") { results += report(AdapterScenarios.storm(size: 10_000)) }

let machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, \(ProcessInfo.processInfo.operatingSystemVersionString)"
let command = "swift run -c release bench" + (quick ? " --quick" : "") + (only.map { " --only \($0)" } ?? "")
let markdown = Measurement.markdown(results, machine: machine, command: command)
try markdown.write(toFile: outputDirectory + "/latest.md", atomically: true, encoding: .utf8)
try Measurement.json(results).write(toFile: outputDirectory + "/latest.json", atomically: true, encoding: .utf8)
let missed = results.filter { $0.passed == false }.count
let met = results.filter { $0.passed == true }.count
print("\n\(met) targets met, \(missed) missed; written to \(outputDirectory)/latest.md and latest.json")
