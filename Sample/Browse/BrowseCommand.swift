import ArgumentParser
import Foundation
import ListAdapterSQLite

/// `sample browse`: any SQLite table in the interactive list.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse any SQLite table in an interactive, lazily loaded list.",
        discussion: """
        Keys: arrows or j/k, PgUp/PgDn, Home/End, [ and ] between sections, q or Ctrl-C to quit. \
        A first load that fails ends the program with the message on standard error.

        \(ExitStatus.documentation)
        """
    )

    @OptionGroup var options: TableOptions

    @Option(help: "The columns to show in each row, comma-separated (all by default).")
    var columns: String?

    func validate() throws {
        try options.requireTable()
        try options.requireDatabase()
    }

    func run() throws {
        var query = options.query
        if let columns {
            let names = columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw ValidationError("--columns takes a comma-separated list of columns") }
            query.origin = .select(Self.selectShowing(names, from: options.table))
        }
        // The database and query first: their errors say more than a missing terminal.
        let (source, cleanUp): (BrowseSetup.Source, ChangeLogCleanup?) = try options.openSource(query: query)
        var setup = BrowseSetup(
            path: options.path, label: options.sourceLabel, main: query,
            grouping: options.section.map { "by \($0)" } ?? "not grouped"
        )
        setup.changeLogCleanup = cleanUp
        try Browser.run(setup, source: source)
    }

    /// `SELECT rowid, *, "a" AS "shown_a", ... FROM "table"`: every column (for the
    /// identifier, section, summary and order expressions) plus the chosen ones under
    /// names ``DisplayRow`` recognises. Every name is quoted, whatever it contains.
    static func selectShowing(_ columns: [String], from table: String) -> String {
        let shown = columns.map { "\($0.sqlQuotedIdentifier) AS \((DisplayRow.shownPrefix + $0).sqlQuotedIdentifier)" }
        return "SELECT rowid, *, \(shown.joined(separator: ", ")) FROM \(table.sqlQuotedIdentifier)"
    }
}
