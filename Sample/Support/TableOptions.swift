import ArgumentParser
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

    /// The source as the user named it, for messages: `table "message" in mail.sqlite`.
    var sourceLabel: String {
        "table \(SQLIdentifier.quoted(table)) in \(db)"
    }

    /// Opens the database and checks that `query` prepares against it.
    ///
    /// - Throws: ``SourceFailure`` naming the table and file.
    func openSource<Item>(query: SQLiteListQuery) throws(SourceFailure) -> SQLiteListSource<String, String?, Item> {
        do {
            return try SQLiteListSource(path: db, query: query)
        } catch {
            throw SourceFailure(error, source: sourceLabel)
        }
    }
}
