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

    @OptionGroup var options: TableOptions

    @Flag(help: "Print one JSON object per line.")
    var json = false

    func run() throws {
        let source: SQLiteListSource<String, String?, IgnoredRow>
        do {
            source = try SQLiteListSource(path: options.db, query: options.query)
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
        sources += exitOnTerminationSignals()
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            if read(STDIN_FILENO, &buffer, buffer.count) <= 0 { exit(0) }
        }
        input.resume()
        sources.append(input)
    }
}
