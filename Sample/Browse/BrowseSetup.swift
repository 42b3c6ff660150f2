import Foundation
import GRDB
import ListAdapterSQLite

/// A row as the browser shows it: the chosen columns, joined.
struct DisplayRow: FetchableRecord, Sendable {
    let text: String

    /// Columns named with this prefix, when present, are the only ones shown (`--columns`).
    static let shownPrefix = "shown_"

    init(row: Row) {
        let chosen = row.columnNames.contains { $0.hasPrefix(Self.shownPrefix) }
        var parts: [String] = []
        // The source adds its own columns (`listadapter_id`, `listadapter_summary`): not the user's.
        for (column, value) in row where !column.hasPrefix("listadapter_") && !["body", "folder", "position"].contains(column) {
            if chosen && !column.hasPrefix(Self.shownPrefix) { continue }
            switch value.storage {
            case .null: continue
            case .string(let string): parts.append(string)
            case .blob(let data): parts.append("<\(data.count) bytes>")
            default: parts.append("\(value)")
            }
        }
        // Made safe for the terminal when drawn (`TerminalText`), not here.
        text = parts.joined(separator: "  ")
    }
}

/// What the browser lists, and what it may switch to.
struct BrowseSetup: Sendable {
    /// Identifiers are read exactly, whatever their storage class (a column may mix
    /// INTEGER and TEXT): see ``TableOptions/openSource(query:)``.
    typealias Source = SQLiteListSource<SQLiteIdentifier, String?, DisplayRow>

    var path: String
    /// The source as the user named it, for messages: `table "message" in mail.sqlite`.
    var label: String
    var main: SQLiteListQuery
    /// How `main` is grouped, for the status line: `by day`.
    var grouping: String
    /// The same list grouped another way (`g`), if any, and how: `by sender`.
    var regrouped: (query: SQLiteListQuery, grouping: String)?
    /// Builds the search query for `/`, if the database has a search index.
    var search: (@Sendable (String) -> SQLiteListQuery)?
    /// Whether `w` may start the simulated mail writer.
    var canWrite = false
    /// The list by folder in the person's order (`f`), if any, and how it is named.
    var folders: (query: SQLiteListQuery, grouping: String)?
    /// Whether the person may move (`J` `K` `<` `>`) and delete (`d`) rows, written to
    /// the database: the demo mailbox only.
    var canEdit = false
    /// The names of the columns each row shows, in their order, drawn over the list (the
    /// demo's: its figures mean nothing without them).
    var legend: String?
    /// The change log `--change-log` installed, removed if the first load fails.
    var changeLogCleanup: ChangeLogCleanup?

    /// The keys that do something here, for the status line: `/`, `g` and `w` only where
    /// they apply.
    var keyHints: String {
        var keys = ["j/k", "[ ]"]
        if search != nil { keys.append("/") }
        if regrouped != nil { keys.append("g") }
        if folders != nil { keys.append("f") }
        if canEdit { keys.append("J/K < > d") }
        if canWrite { keys.append("w") }
        keys.append("q")
        return keys.joined(separator: " ")
    }

    /// The demo mail database.
    static func mail(path: String) -> BrowseSetup {
        let columns = "id, sender, subject, date, day, flags, version"
        return BrowseSetup(
            path: path,
            label: "the demo mailbox \(path)",
            // The table itself (not a SELECT of its columns), so that the writer's commits
            // are applied as patches: a SELECT origin is always reloaded in full.
            main: SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version", order: "date DESC, id DESC"),
            grouping: "by day",
            regrouped: (
                // In section order, so that each sender's rows come in one run, read from the
                // covering index `message_by_sender` (MailGenerator.senderIndex).
                SQLiteListQuery(table: "message", identifier: "id", section: "sender", summary: "version", order: "sender, date DESC, id DESC"),
                "by sender"
            ),
            search: { text in
                SQLiteListQuery(
                    select: "SELECT \(columns.split(separator: ",").map { "message." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")) FROM message JOIN message_search ON message_search.rowid = message.id WHERE message_search MATCH ?",
                    identifier: "id", section: "day", summary: "version", order: "date DESC, id DESC",
                    arguments: [Self.ftsPhrase(text)]
                )
            },
            canWrite: true,
            folders: (DemoDatabase.folderQuery, "by folder, your order"),
            canEdit: true,
            legend: "id  sender  subject  date (Unix time)  day  flags  version (the summary: a new one redraws the row)"
        )
    }

    /// The user's text as an FTS5 prefix query of its words, each a quoted string. A
    /// character Swift counts as a letter may still hold a `"` (U+0D4E followed by `"` is
    /// one Character), so quotes inside a word are doubled, as FTS5 strings escape them.
    static func ftsPhrase(_ text: String) -> String {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }
}
