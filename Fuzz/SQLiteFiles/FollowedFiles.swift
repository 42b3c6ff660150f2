import Foundation

/// A followed database's files as the fuzzer wrote them, the mutations still to apply while
/// the source watches, and the check that the source wrote none of them.
struct FollowedFiles: Sendable {
    let directory: URL
    let mainPath: String
    let sidecarPath: String?
    private(set) var main: [UInt8]
    private(set) var sidecar: [UInt8]?
    private let later: [FuzzInput.Mutation]
    private let mainLayout: FileLayout
    private let sidecarLayout: FileLayout?

    /// Writes the seed's files with the input's first mutations into `directory`.
    init(_ seed: SeedDatabase, _ input: FuzzInput, in directory: URL) {
        self.directory = directory
        let mainPath = directory.appendingPathComponent(seed.fileName).path
        self.mainPath = mainPath
        sidecarPath = seed.sidecarSuffix.map { mainPath + $0 }
        main = seed.main
        sidecar = seed.sidecar
        mainLayout = seed.mainLayout
        sidecarLayout = seed.sidecarLayout
        later = input.mutations.filter(\.later)
        for mutation in input.mutations where !mutation.later { apply(mutation) }
        Workspace.create(main, at: mainPath)
        if let sidecarPath, let sidecar { Workspace.create(sidecar, at: sidecarPath) }
    }

    var hasLaterMutations: Bool { !later.isEmpty }

    /// A mutation of the sidecar when there is one, else of the main file.
    private mutating func apply(_ mutation: FuzzInput.Mutation) {
        if mutation.sidecar, var bytes = sidecar, let sidecarLayout {
            Mutator.apply(mutation, to: &bytes, layout: sidecarLayout)
            sidecar = bytes
        } else {
            Mutator.apply(mutation, to: &main, layout: mainLayout)
        }
    }

    /// Applies the `later` mutations and rewrites the changed files in place, as another
    /// process would while the source follows them.
    mutating func applyLater() {
        let before = (main, sidecar)
        for mutation in later { apply(mutation) }
        if main != before.0 { Workspace.overwrite(main, at: mainPath) }
        if let sidecarPath, let sidecar, sidecar != before.1 { Workspace.overwrite(sidecar, at: sidecarPath) }
    }

    /// The followed files are byte for byte what the fuzzer last wrote, and nothing else
    /// appeared but what SQLite's readers make: the shared-memory index (`-shm`, where
    /// every WAL reader writes its read marks) and an empty `-wal` where there was none
    /// (see `FaultFixture.contents()` in the tests, which allow the same).
    func checkUntouched(_ context: @autoclosure () -> String) {
        var expected: [String: [UInt8]] = [(mainPath as NSString).lastPathComponent: main]
        if let sidecarPath, let sidecar { expected[(sidecarPath as NSString).lastPathComponent] = sidecar }
        let mainName = (mainPath as NSString).lastPathComponent
        for (name, bytes) in Workspace.contents(of: directory) {
            if let written = expected.removeValue(forKey: name) {
                if bytes != written {
                    fatalError("sqlite-files: the followed file \(name) was written: \(written.count) bytes became \(bytes.count)"
                        + (bytes.count == written.count ? " (first difference at \(bytes.indices.first { bytes[$0] != written[$0] }!))" : "")
                        + "; \(context())")
                }
            } else if name == mainName + "-shm" || (name == mainName + "-wal" && bytes.isEmpty) {
                continue
            } else {
                fatalError("sqlite-files: a followed database got a new file \(name) (\(bytes.count) bytes); \(context())")
            }
        }
        if let name = expected.keys.first {
            fatalError("sqlite-files: the followed file \(name) was deleted; \(context())")
        }
    }
}
