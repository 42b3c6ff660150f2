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
        `sample diff` (ids printed as strings). Stops on SIGINT, SIGTERM or when standard input closes.
        """
    )

    @Option(help: "The SQLite database file.")
    var db: String

    @Option(help: "The table or view to list.")
    var table: String

    @Option(help: "The identifier column or expression.")
    var id: String = "rowid"

    @Option(help: "The section title expression (NULL: the untitled section).")
    var section: String?

    @Option(help: "The summary expression (changes whenever a row's display does).")
    var summary: String?

    @Option(help: "The ORDER BY clause, without the keywords.")
    var order: String?

    @Option(name: .customLong("where"), help: "The WHERE clause, without the keyword.")
    var filter: String?

    @Flag(help: "Print one JSON object per line.")
    var json = false

    func run() throws {
        let query = SQLiteListQuery(table: table, identifier: id, section: section, summary: summary, order: order, filter: filter)
        let source: SQLiteListSource<String, String?, IgnoredRow>
        do {
            source = try SQLiteListSource(path: db, query: query)
        } catch {
            throw SampleError("\(error)")
        }
        let printer = WatchPrinter(json: json)
        DispatchQueue.main.async {
            let adapter = ListViewAdapter(source: source)
            let observation = adapter.observe { event in printer.print(event) }
            WatchLifetime.keep(adapter, observation)
        }
        WatchLifetime.exitOnSignalsAndClosedInput()
        dispatchMain()
    }
}

/// Rows are not fetched by `watch`; the payload type reads nothing.
struct IgnoredRow: FetchableRecord, Sendable {
    init(row: Row) {}
}

/// Keeps the watch alive until a signal or the end of standard input.
enum WatchLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []    // main queue only
    nonisolated(unsafe) private static var sources: [any DispatchSourceProtocol] = []

    static func keep(_ objects: Any...) {
        kept += objects
    }

    static func exitOnSignalsAndClosedInput() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { exit(0) }
            source.resume()
            sources.append(source)
        }
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            if read(STDIN_FILENO, &buffer, buffer.count) <= 0 { exit(0) }
        }
        input.resume()
        sources.append(input)
    }
}
