import ArgumentParser
import Dispatch
import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite

/// `sample watch`: follows a database other processes write and prints each change as it
/// is delivered.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow an SQLite table that other processes write; print every change as it is delivered.",
        discussion: """
        With --json, the first line is {"snapshot": {"sections": [{"title": ..., "ids": [...]}]}} \
        and each later line one change, in the {"batches": [...], "stats": {...}} shape of \
        `sample diff` (ids printed as strings; --no-after leaves out each batch's "after" list). \
        Each failure is printed once: with --json as one line {"error": {"kind": ..., "message": ...}} \
        on standard output, otherwise as "Error: KIND: MESSAGE" on standard error. \
        Stops on SIGINT, SIGTERM or when standard input ends (Ctrl-D, a closed pipe; with \
        </dev/null once the list has been printed); stops by itself when it cannot go on: \
        at once when the first load fails or the file is deleted or replaced, after 5 s of \
        retries when a later load fails.

        \(ExitStatus.documentation)
        """
    )

    @OptionGroup var options: TableOptions

    @Flag(help: "Print one JSON object per line.")
    var json = false

    @Flag(name: .customLong("no-after"), help: "With --json, print batches without their \"after\" lists (at a million rows each is the whole list).")
    var noAfter = false

    @Option(help: "Seconds a source that listed once may keep failing (retried every second) before watch gives up with status 5.")
    var patience: Double = 5

    func validate() throws {
        if !(patience > 0 && patience <= 86_400) { throw ValidationError("--patience takes a number of seconds above 0, up to 86400") }
        if noAfter && !json { throw ValidationError("--no-after applies to --json output; add --json") }
    }

    func run() throws {
        let printer = WatchPrinter(json: json, includesAfter: !noAfter)
        let source: WatchSession.Source
        do {
            source = try options.openSource(query: options.query)
        } catch {
            guard json else { throw error }
            printer.print(error)
            throw ExitCode(ExitStatus.cannotStart.rawValue)
        }
        let label = options.sourceLabel
        DispatchQueue.main.async {
            WatchSession.start(source: source, label: label, printer: printer, patience: .milliseconds(Int(patience * 1_000)))
        }
        dispatchMain()
    }
}

/// Rows are not fetched by `watch`; the payload type reads nothing.
struct IgnoredRow: FetchableRecord, Sendable {
    init(row: Row) {}
}
