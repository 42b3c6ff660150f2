import ArgumentParser
import Foundation

/// `sample` with no arguments: the demo mail database, created on first run.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse a million-message demo mailbox (created on first run).",
        discussion: """
        The database is created once in $XDG_CACHE_HOME/listadapter-sample (else \
        $HOME/.cache/listadapter-sample), about 520 MB for a million messages; remove that \
        folder to reclaim the space. An interrupted creation is cleaned up (at once on \
        Ctrl-C, or by the next run).

        \(ExitStatus.documentation)
        """
    )

    @Option(help: "How many messages the demo database has when it is created.")
    var rows: Int = 1_000_000

    func validate() throws {
        guard rows > 0 else { throw ValidationError("--rows must be positive") }
    }

    func run() throws {
        guard Terminal.isInteractive else {
            print("""
                sample shows a live, million-row list in a terminal; run it in an interactive terminal:
                    swift run -c release sample
                Keys: arrows or j/k, PgUp/PgDn, Home/End, [ and ] between sections, / to search, g to regroup,
                f for the folders in your order, J/K to move a message down/up, < > into the previous/next
                folder, d to delete it, w to start or stop simulated mail, q or Ctrl-C to quit.
                Other commands: sample --help.
                """)
            return
        }
        let demo = DemoDatabase(rows: rows)
        let bar = ProgressBar(label: "generating")
        if try !demo.createIfMissing(progress: { bar.update($0, of: $1) }) {
            print("using the demo database at \(demo.path)")
            _ = try demo.addMissingIndexes()
        }
        _ = try demo.addMissingFolders()
        let setup = BrowseSetup.mail(path: demo.path)
        let source: BrowseSetup.Source
        do {
            // The demo database is the sample's own: its `w` writer commits through this
            // source's pool, and those commits are patched, not rescanned.
            source = try BrowseSetup.Source(path: demo.path, query: setup.main, access: .owned)
        } catch {
            throw SampleError("\(SourceFailure(error, source: setup.label)); remove \(demo.path) to create it again")
        }
        try Browser.run(setup, source: source)
    }
}
