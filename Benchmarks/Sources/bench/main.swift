import Foundation

// `swift run -c release bench [--quick] [--only GROUP] [--output DIR]`: every scenario,
// its baseline measured in the same run, and the ratio; printed, and (a run of every size)
// written as one results file per group (Benchmarks/results/GROUP.json by default; run it
// from the package root), from which BENCHMARKS.md's tables are made (BenchmarksDocument). GROUP: memory, fullpath, diff, load, delivery, fetch, external, incremental, storm,
// chain (the patch chain alone; also part of incremental), edits, compression (a remote app's
// first list deflated),
// postgres (built with --traits PostgreSQL, against LISTADAPTER_POSTGRES_URL), remote (built
// with --traits WebSocket: a list served over loopback to 1,000 watchers in other processes).
#if PostgreSQL
// One of the ten client processes of the PostgreSQL many-clients scenario.
if CommandLine.arguments.dropFirst().first == PostgresClients.childFlag {
    try await PostgresClients.runChild()
    exit(0)
}
// One of the ten raw clients measuring the floor under it.
if CommandLine.arguments.dropFirst().first == PostgresRawClients.childFlag {
    try await PostgresRawClients.runChild()
    exit(0)
}
#endif
#if WebSocket && os(Linux)
// The remote scenario's other processes: full adapters, protocol clients, stalled watchers.
switch CommandLine.arguments.dropFirst().first {
case RemoteFullClients.childFlag?:
    try await RemoteFullClients.runChild(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
case RemoteLightClients.childFlag?:
    try await RemoteLightClients.runChild(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
case RemoteStalledClients.childFlag?:
    try RemoteStalledClients.runChild(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
default: break
}
#endif
let groups = ["memory", "fullpath", "diff", "load", "delivery", "fetch", "external", "incremental", "chain", "storm", "edits", "compression", "postgres", "remote"]
let usage = """
    usage: swift run -c release bench [--quick] [--only GROUP] [--output DIR]
      --quick        10k and 100k items only (no 1M)
      --only GROUP   one group: \(groups.joined(separator: ", "))
      --output DIR   where the results files GROUP.json go (default Benchmarks/results)
      --write-docs   make BENCHMARKS.md's tables anew from the results files, and stop
      --check-docs   fail if BENCHMARKS.md's tables differ from what the results files make
      --profile NAME one full-path scenario (build, build-cold, S1, S2, S3, flat) at 1M, 20 times,
                     untimed: for perf or callgrind
    """
/// The parsed command line. Anything not understood stops the run before minutes of
/// measuring start.
func parseArguments() -> (quick: Bool, output: String, only: String?, document: String?) {
    var quick = false
    var document: String?
    var output = "Benchmarks/results"
    var only: String?
    var remaining = CommandLine.arguments.dropFirst()[...]
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("bench: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
    func value(of option: String) -> String {
        guard let value = remaining.popFirst(), !value.hasPrefix("--") else { fail("\(option) needs a value") }
        return value
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--quick": quick = true
        case "--output": output = value(of: argument)
        case "--only":
            let group = value(of: argument)
            guard groups.contains(group) else { fail("no group named \"\(group)\"") }
            only = group
        case "--profile":
            let name = value(of: argument)
            guard FullPathScenarios.profile(name, size: 1_000_000, rounds: Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 20) else {
                fail("no full-path scenario named \"\(name)\"")
            }
            exit(0)
        case "--write-docs", "--check-docs":
            document = argument
        case "--help", "-h":
            print(usage)
            exit(0)
        default: fail("unknown argument \"\(argument)\"")
        }
    }
    return (quick, output, only, document)
}
let (quick, outputDirectory, only, documentCommand) = parseArguments()
let documentPath = "BENCHMARKS.md"
/// Makes BENCHMARKS.md's tables anew from the results files; returns the tables that changed.
func writeDocument() throws -> [String] {
    let (current, rendered, stale) = try BenchmarksDocument(path: documentPath, resultsDirectory: outputDirectory, groups: groups).rendered()
    if rendered != current { try rendered.write(toFile: documentPath, atomically: true, encoding: .utf8) }
    return stale
}
if let documentCommand {
    do {
        if documentCommand == "--write-docs" {
            let stale = try writeDocument()
            print("\(documentPath): \(stale.isEmpty ? "its tables were already" : "\(stale.count) tables") made from \(outputDirectory)/*.json")
            exit(0)
        }
        let stale = try BenchmarksDocument(path: documentPath, resultsDirectory: outputDirectory, groups: groups).rendered().stale
        if stale.isEmpty {
            print("\(documentPath): every table is what \(outputDirectory)/*.json make")
        } else {
            FileHandle.standardError.write(Data("""
                error: \(documentPath)'s tables of \(stale.map { "\"\($0)\"" }.joined(separator: ", ")) differ from what \(outputDirectory)/*.json make; \
                they are generated: run `swift run bench --write-docs` (edit the text around them, not the tables)

                """.utf8))
            exit(1)
        }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(2)
    }
}
/// Whether the group `name` runs (see `groups`).
func runs(_ name: String) -> Bool { only == nil || only == name }
let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
let largest = sizes.last!
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-bench")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)

let loadBefore = RegressionCheck.loadAverage()
let regressionCheck = RegressionCheck(path: outputDirectory + "/baseline.json")
var flagged: [String] = []
print(String(format: "1-minute load average before: %.2f%@", loadBefore ?? .nan,
             (loadBefore ?? 0) < RegressionCheck.quietLoad ? "" : " (not quiet: figures are not recorded as references)"))

@MainActor func report(_ measured: [Measurement]) -> [Measurement] {
    var measurements = measured
    for index in measurements.indices {
        if let (note, isFlagged) = regressionCheck.compare(measurements[index]) {
            measurements[index].regression = note
            if isFlagged { flagged.append("\(measurements[index].scenario) at \(measurements[index].size): \(note)") }
        }
    }
    for measurement in measurements {
        let baseline = measurement.baseline.map { String(format: "%.3f", $0) } ?? "-"
        let ratio = measurement.ratio.map { String(format: "%.2fx", $0) } ?? "-"
        let verdict = measurement.passed.map { $0 ? "met" : "MISSED" } ?? "reported"
        print(String(format: "%-62@ %9d %11.3f %-5@ baseline %-10@ ratio %-8@ %@ %@", measurement.scenario as NSString, measurement.size,
                     measurement.figure, measurement.unit as NSString, baseline as NSString, ratio as NSString, verdict as NSString,
                     ([measurement.note, measurement.regression ?? ""].filter { !$0.isEmpty }.joined(separator: "; ")) as NSString))
    }
    return measurements
}

/// Each group's measurements, in the order the groups ran.
var byGroup: [(group: String, measurements: [Measurement])] = []
@MainActor func record(_ group: String, _ measurements: [Measurement]) {
    if let index = byGroup.firstIndex(where: { $0.group == group }) {
        byGroup[index].measurements += measurements
    } else {
        byGroup.append((group, measurements))
    }
}
// Memory first, while the process is fresh.
if runs("memory") { record("memory", report(try await SQLiteScenarios.memory(size: largest, directory: directory))) }
for size in sizes where runs("fullpath") {
    record("fullpath", report(FullPathScenarios.run(size: size)))
}
for size in sizes where runs("diff") {
    record("diff", report(DiffScenarios.run(size: size)))
}
for size in sizes where runs("load") {
    record("load", report(try await SQLiteScenarios.load(size: size, directory: directory)))
}
if runs("delivery") { record("delivery", report(AdapterScenarios.delivery(size: largest))) }
if runs("fetch") { record("fetch", report(try await AdapterScenarios.fetchWindow(size: min(largest, 100_000), directory: directory))) }
if runs("external") {
    record("external", report(try AdapterScenarios.externalCommit(size: 10_000, directory: directory, target: 10)))
    record("external", report(try AdapterScenarios.externalCommit(size: largest, directory: directory, target: 250, rounds: 10)))
}
if runs("incremental") {
    record("incremental", report(IncrementalScenarios.apply(size: largest)))
    record("incremental", report(IncrementalScenarios.applyChain(size: largest)))
    record("incremental", report(try IncrementalScenarios.ownCommit(size: largest, directory: directory)))
    record("incremental", report(try IncrementalScenarios.externalCommit(size: largest, directory: directory)))
    record("incremental", report(try IncrementalScenarios.underWriter(size: largest, directory: directory)))
}
if only == "chain" { record("chain", report(IncrementalScenarios.applyChain(size: largest))) }
if runs("edits") { record("edits", report(try await EditScenarios.run(size: largest, directory: directory))) }
if runs("storm") { record("storm", report(AdapterScenarios.storm(size: 10_000))) }
if runs("compression") { record("compression", report(try await CompressionScenarios.run(size: largest, directory: directory))) }
#if PostgreSQL
if runs("postgres") { record("postgres", report(try await PostgresScenarios.run(size: largest))) }
#else
if only == "postgres" { print("postgres: not built (swift run -c release --traits PostgreSQL bench --only postgres)") }
#endif
#if WebSocket && os(Linux)
if runs("remote") { record("remote", report(try await RemoteScenarios.run(size: largest, directory: directory))) }
#else
if only == "remote" { print("remote: not built (swift run -c release --traits WebSocket bench --only remote)") }
#endif

let loadAfter = RegressionCheck.loadAverage()
let loads = String(format: "1-minute load average %.2f before, %.2f after", loadBefore ?? .nan, loadAfter ?? .nan)
let machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, \(ProcessInfo.processInfo.operatingSystemVersionString)"
var traits: [String] = []
#if PostgreSQL
traits.append("PostgreSQL")
#endif
#if WebSocket
traits.append("WebSocket")
#endif
let traitOption: String = traits.isEmpty ? "" : " --traits " + traits.joined(separator: ",")
let onlyOption: String = only.map { " --only " + $0 } ?? ""
let command = "swift run -c release\(traitOption) bench\(quick ? " --quick" : "")\(onlyOption)"
let results = byGroup.flatMap(\.measurements)
if quick {
    print("\nA --quick run writes no results file (they hold every size, up to 1M)")
} else {
    let date = ISO8601DateFormatter().string(from: Date())
    let commit = RegressionCheck.commit()
    for (group, measurements) in byGroup {
        try GroupResults(group: group, commit: commit, date: date, loadBefore: loadBefore, loadAfter: loadAfter,
                         machine: machine, command: command, measurements: measurements).write(in: outputDirectory)
    }
    print("\nWritten: " + byGroup.map { GroupResults.path(of: $0.group, in: outputDirectory) }.joined(separator: ", "))
    if outputDirectory == "Benchmarks/results", FileManager.default.fileExists(atPath: documentPath) {
        print("\(documentPath): \(try writeDocument().count) tables made anew from them")
    }
}
let missed = results.filter { $0.passed == false }.count
let met = results.filter { $0.passed == true }.count
print("\(met) targets met, \(missed) missed; \(loads)")
if flagged.isEmpty {
    print("Regression check: no 1M figure changed by more than 20% from the last quiet run's (\(outputDirectory)/baseline.json)")
} else {
    print("Regression check: \(flagged.count) 1M figures changed by more than 20% from the last quiet run's:")
    for line in flagged { print("  " + line) }
}
if let loadBefore, let loadAfter, loadBefore < RegressionCheck.quietLoad, loadAfter < RegressionCheck.quietLoad {
    var check = regressionCheck
    try check.record(results, commit: RegressionCheck.commit(), loadBefore: loadBefore, loadAfter: loadAfter)
    print("Quiet run: its 1M figures are the new references in \(outputDirectory)/baseline.json")
} else {
    print("Not a quiet run (load 0.7 or more before or after): the references in \(outputDirectory)/baseline.json are unchanged")
}
