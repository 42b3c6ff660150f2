import ArgumentParser
import Dispatch
import Foundation
import GRDB
import ListAdapterSQLite

/// `sample browse`: any SQLite table in the interactive list.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse any SQLite table in an interactive, lazily loaded list."
    )

    @OptionGroup var options: TableOptions

    @Option(help: "The columns to show in each row, comma-separated (all by default).")
    var columns: String?

    func run() throws {
        var query = options.query
        if let columns {
            let names = columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw ValidationError("--columns takes a comma-separated list of columns") }
            let shown = names.map { "\($0) AS \(DisplayRow.shownPrefix)\($0.filter { $0.isLetter || $0.isNumber || $0 == "_" })" }
            query.origin = .select("SELECT rowid, *, \(shown.joined(separator: ", ")) FROM \(options.table.quotedDatabaseIdentifier)")
        }
        let setup = BrowseSetup(path: options.db, main: query, regrouped: nil, search: nil, canWrite: false)
        try Browser.run(setup)
    }
}

/// `sample` with no arguments: the demo mail database, created on first run.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse a million-message demo mailbox (created on first run)."
    )

    @Option(help: "How many messages the demo database has when it is created.")
    var rows: Int = 1_000_000

    func run() throws {
        guard Terminal.isInteractive else {
            print("""
                sample shows a live, million-row list in a terminal; run it in an interactive terminal:
                    swift run -c release sample
                Keys: arrows or j/k, PgUp/PgDn, Home/End, [ and ] between sections, / to search, g to regroup,
                w to start or stop simulated mail, q to quit. Other commands: sample --help.
                """)
            return
        }
        let path = Self.cachePath(rows: rows)
        if !FileManager.default.fileExists(atPath: path) {
            print("creating the demo database at \(path) (once)")
            let bar = ProgressBar(label: "generating")
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try MailGenerator(path: path + ".partial", rows: rows, days: max(1, rows / 1_000)).generate { bar.update($0, of: $1) }
                try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + ".partial" + suffix) }
            } catch {
                throw SampleError("cannot create the demo database: \(error)")
            }
        } else {
            print("using the demo database at \(path)")
        }
        try Browser.run(.mail(path: path))
    }

    static func cachePath(rows: Int) -> String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        return cache + "/listadapter-sample/mail-\(rows).sqlite"
    }
}

/// Starts the interactive list and never returns.
enum Browser {
    nonisolated(unsafe) private static var screen: BrowserScreen?   // main queue only

    static func run(_ setup: BrowseSetup) throws {
        guard Terminal.isInteractive else {
            throw SampleError("browse needs an interactive terminal (standard input and output); try `sample watch` to follow a table in a pipe")
        }
        // Check the database and query before taking over the screen.
        do {
            _ = try BrowseSetup.Source(path: setup.path, query: setup.main)
        } catch {
            throw SampleError("\(error)")
        }
        DispatchQueue.main.async {
            let terminal = Terminal()
            do {
                let screen = try BrowserScreen(terminal: terminal, setup: setup)
                Browser.screen = screen
                terminal.start(onKey: { screen.key($0) }, onResize: { screen.scheduleRedraw() })
                screen.scheduleRedraw()
            } catch {
                Terminal.restore()
                FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
                exit(2)
            }
        }
        dispatchMain()
    }
}
