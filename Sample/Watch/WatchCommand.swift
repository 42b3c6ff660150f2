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
        abstract: "Follow an SQLite (or PostgreSQL) table that other processes write; print every change as it is delivered.",
        discussion: """
        With --remote, the list is one a server serves (`sample serve`): its URL and --token; \
        needs a sample built with the trait: swift run --traits WebSocket sample watch --remote URL. \
        With --postgres, the table is in a PostgreSQL server instead of --db: its URL is the \
        argument, or $LISTADAPTER_POSTGRES_URL, or $DATABASE_URL (a URL without a password \
        takes $PGPASSWORD's: a password on the command line shows in the process list). \
        Without --change-log the server is only read (polled every 2 s, then rescanned); \
        with it, a change log (a table and triggers) is installed and every commit is patched. \
        Needs a sample built with the trait: swift run --traits PostgreSQL sample watch --postgres ...

        With --json, the first line is {"snapshot": {"sections": [{"title": ..., "ids": [...]}]}} \
        and each later line one change, in the {"batches": [...], "stats": {...}} shape of \
        `sample diff` (--no-after leaves out each batch's "after" list). An identifier is \
        read exactly, whatever its storage class, and printed as JSON tells it apart: an \
        INTEGER (or bigint) as a number, a TEXT (or uuid) as a string, a REAL as \
        {"real": 2.5}, a BLOB as {"blob": "0102"} (a column may mix them: 1 and '1' are two \
        rows, printed 1 and "1"); plain-text messages name them as SQL literals (1, 'x'). \
        Each failure is printed once: with --json as one line {"error": {"kind": ..., "message": ...}} \
        on standard output, otherwise as "Error: KIND: MESSAGE" on standard error. Rows that \
        repeat an earlier row's identifier (the first is kept) are a warning, printed once per \
        load in the same way: {"warning": {"kind": "duplicateIdentifiers", "count": N, \
        "message": ..., "samples": [...]}}, or "warning: duplicateIdentifiers: MESSAGE". \
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

    @Flag(help: "Follow a table in a PostgreSQL server (the URL argument) instead of an SQLite file.")
    var postgres = false

    @Argument(help: "With --postgres: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (default: $LISTADAPTER_POSTGRES_URL, then $DATABASE_URL).")
    var url: String?

    @Option(name: .customLong("id-type"), help: "With --postgres: the identifier column's type: bigint (any integer), text or uuid.")
    var idType: PostgresIdentifierType = .bigint

    @Option(help: "Watch a list a server serves (sample serve) at this URL, http://HOST:PORT/lists/NAME, instead of a database.")
    var remote: String?

    @Option(help: "With --remote: the bearer token the server asks for.")
    var token: String?

    @Option(help: "With an https --remote: trust this certificate authority (a PEM file), for a server whose certificate the system does not trust (Linux).")
    var caCertificate: String?

    @Option(help: "Seconds a source that listed once may keep failing (retried every second) before watch gives up with status 5.")
    var patience: Double = 5

    func validate() throws {
        if let remote {
            guard let listURL = URL(string: remote), ["http", "https"].contains(listURL.scheme ?? ""), listURL.host != nil else {
                throw ValidationError("--remote takes the list's URL, like http://127.0.0.1:8080/lists/mail")
            }
            if postgres || options.db != nil || options.tableName != nil || url != nil {
                throw ValidationError("--remote watches a served list: it takes no --db, --table, --postgres or URL argument")
            }
        } else if token != nil || caCertificate != nil {
            throw ValidationError("--token and --ca-certificate go with --remote")
        } else if postgres {
            try options.requireTable()
            _ = try PostgresWatch.resolvedURL(url)
            if options.db != nil { throw ValidationError("--db names an SQLite file; with --postgres the table is in the server the URL names") }
        } else {
            try options.requireTable()
            try options.requireDatabase()
            if url != nil { throw ValidationError("a URL argument goes with --postgres") }
            if idType != .bigint { throw ValidationError("--id-type applies to --postgres") }
        }
        if !(patience > 0 && patience <= 86_400) { throw ValidationError("--patience takes a number of seconds above 0, up to 86400") }
        if noAfter && !json { throw ValidationError("--no-after applies to --json output; add --json") }
    }

    func run() throws {
        let printer = WatchPrinter(json: json, includesAfter: !noAfter)
        let patience = Duration.milliseconds(Int(patience * 1_000))
        if let remote {
            try RemoteWatch(url: remote, token: token, caCertificate: caCertificate).start(printer: printer, patience: patience)
            dispatchMain()
        }
        if postgres {
            try PostgresWatch(options: options, url: url, idType: idType, changeLog: options.changeLog).start(printer: printer, patience: patience)
            dispatchMain()
        }
        let source: SQLiteListSource<SQLiteIdentifier, String?, IgnoredRow>
        let cleanUp: ChangeLogCleanup?
        do {
            (source, cleanUp) = try options.openSource(query: options.query)
        } catch {
            guard json else { throw error }
            printer.print(error)
            throw ExitCode(ExitStatus.cannotStart.rawValue)
        }
        let label = options.sourceLabel
        DispatchQueue.main.async {
            WatchSession.start(source: source, label: label, printer: printer, patience: patience, cleanUp: cleanUp)
        }
        dispatchMain()
    }
}

/// The type of a PostgreSQL table's identifier column, for `watch --postgres --id-type`.
enum PostgresIdentifierType: String, ExpressibleByArgument, CaseIterable, Sendable {
    case bigint, text, uuid
}

/// Rows are not fetched by `watch`; the payload type reads nothing.
struct IgnoredRow: FetchableRecord, Sendable {
    init(row: Row) {}
}
