import ArgumentParser
import Dispatch
import Foundation
import ListAdapterSQLite

/// The options that name a table and how to list it, shared by `browse` and `watch`.
struct TableOptions: ParsableArguments {
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

    var query: SQLiteListQuery {
        SQLiteListQuery(table: table, identifier: id, section: section, summary: summary, order: order, filter: filter)
    }
}

/// Exits with status 0 on SIGINT or SIGTERM, handled on the main queue; returns the
/// signal sources, which must be kept.
func exitOnTerminationSignals() -> [any DispatchSourceProtocol] {
    [SIGINT, SIGTERM].map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
        source.setEventHandler { exit(0) }
        source.resume()
        return source
    }
}
