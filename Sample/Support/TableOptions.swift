import ArgumentParser
import Foundation
import ListAdapterSQLite

/// The options that name a table and how to list it, shared by `browse` and `watch`.
struct TableOptions: ParsableArguments {
    @Option(help: "The SQLite database file.")
    var db: String?

    @Option(name: .customLong("table"), help: "The table or view to list.")
    var tableName: String?

    /// The table; `validate` of the command made sure it was given.
    var table: String { tableName ?? "" }

    @Option(help: "The identifier column or expression (default: rowid in SQLite, id in PostgreSQL).")
    var id: String?

    @Option(help: "The section title expression (NULL: the untitled section).")
    var section: String?

    @Option(help: "The summary expression (changes whenever a row's display does).")
    var summary: String?

    @Option(help: "The ORDER BY clause, without the keywords.")
    var order: String?

    @Option(name: .customLong("where"), help: "The WHERE clause, without the keyword.")
    var filter: String?

    @Flag(name: .customLong("change-log"), help: "Install a change log (a table and triggers) in the database and read it, so that every commit is applied as a patch instead of a full rescan. This WRITES to the database: only for databases you own. Without it the database is only read.")
    var changeLog = false

    /// The SQLite file; `validate` of the command made sure it was given.
    var path: String { db ?? "" }

    /// Throws the message ArgumentParser gives a missing required option when there is no `--db`.
    func requireDatabase() throws {
        guard db != nil else { throw ValidationError("Missing expected argument '--db <db>'") }
    }

    /// Throws the message ArgumentParser gives a missing required option when there is no
    /// `--table` (optional only so that `watch --remote` can go without one).
    func requireTable() throws {
        guard tableName != nil else { throw ValidationError("Missing expected argument '--table <table>'") }
    }

    var query: SQLiteListQuery {
        SQLiteListQuery(table: table, identifier: id ?? "rowid", section: section, summary: summary, order: order, filter: filter)
    }

    /// The source as the user named it, for messages: `table "message" in mail.sqlite`.
    var sourceLabel: String {
        "table \(table.sqlQuotedIdentifier) in \(path)"
    }

    /// Opens the database and checks that `query` prepares against it.
    ///
    /// Identifiers are ``SQLiteIdentifier``s: read exactly whatever their storage class,
    /// so a column may mix INTEGER and TEXT (`1` and `'1'` are two rows), and texts equal
    /// only under Unicode normalisation stay two. They print as SQL literals: an INTEGER
    /// as its digits (as before for rowid tables), a TEXT quoted (`'x'`), a REAL, a BLOB
    /// as `x'0102'`.
    ///
    /// With `--change-log`, it installs the change log, and returns what to do with it if
    /// the first load fails (``ChangeLogCleanup``).
    ///
    /// - Throws: ``SourceFailure`` naming the table and file.
    func openSource<Item>(query: SQLiteListQuery) throws(SourceFailure) -> (SQLiteListSource<SQLiteIdentifier, String?, Item>, ChangeLogCleanup?) {
        do {
            guard changeLog else { return (try SQLiteListSource(path: path, query: query), nil) }
            var options = SQLiteListSource<SQLiteIdentifier, String?, Item>.Options()
            options.changeLog = true
            let source = try SQLiteListSource<SQLiteIdentifier, String?, Item>(path: path, query: query, access: .owned, options: options)
            let wasInstalled = try source.changeLogIsInstalled()
            try source.installChangeLog()
            let cleanUp = ChangeLogCleanup(installedByThisRun: !wasInstalled, source: sourceLabel) { try source.removeChangeLog() }
            return (source, cleanUp)
        } catch {
            throw SourceFailure(error, source: sourceLabel)
        }
    }
}
