import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry point: a seed database with the input's mutations (``FuzzInput``),
/// listed by `SQLiteListSource` as a follower (and, if asked, as the owner of a copy); see
/// ``SeedScenario`` for what is checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(UnsafeBufferPointer(start: data, count: size), seedCount: Fuzzer.seeds.count)
    let seed = Fuzzer.seeds[input.seed]
    let workspace = Fuzzer.workspace
    workspace.reset()
    let files = FollowedFiles(seed, input, in: workspace.followed)
    let ownedPath = input.owned ? workspace.owned.appendingPathComponent(seed.fileName).path : nil
    if let ownedPath {
        // The owner may write (switch to WAL, roll a journal back, index): its own copy.
        Workspace.create(files.main, at: ownedPath)
        if let suffix = seed.sidecarSuffix, let sidecar = files.sidecar { Workspace.create(sidecar, at: ownedPath + suffix) }
    }
    let progress = Progress()
    let report = Deadline.run(progress) {
        var report = await seed.scenario.follow(files, input, progress)
        if let ownedPath { report += " " + (await seed.scenario.own(path: ownedPath, input, progress)) }
        return report
    }
    if Fuzzer.reportsOutcomes { print("outcome \(seed.name) \(report)") }
    return 0
}

/// The process's state, made once on the first input.
enum Fuzzer {
    static let workspace: Workspace = {
        let workspace = Workspace()
        // Leave no directory behind in /tmp when libFuzzer exits (it calls exit()).
        atexit { Fuzzer.workspace.remove() }
        return workspace
    }()

    static let seeds = SeedDatabase.all(oracleDirectory: workspace.root.appendingPathComponent("oracle"))

    /// `FUZZ_OUTCOMES=1`: one line per input (what the open, scans and fetches answered), to
    /// see what a corpus reaches: `FUZZ_OUTCOMES=1 Fuzz/.build/sqlite-files -runs=0 DIR | grep ^outcome`.
    static let reportsOutcomes = getenv("FUZZ_OUTCOMES") != nil
}
