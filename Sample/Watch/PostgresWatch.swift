import ArgumentParser
import Dispatch
import Foundation
#if PostgreSQL
import ListAdapter
import ListAdapterPostgres
import PostgresNIO
#endif

/// `sample watch --postgres`: the same session as for an SQLite file, over a table in a
/// PostgreSQL server (built with the package trait `PostgreSQL`; without it, a message
/// saying how to build it).
///
/// The URL is the argument, else `$LISTADAPTER_POSTGRES_URL`, else `$DATABASE_URL`; a URL
/// without a password takes `$PGPASSWORD` (libpq's convention). It is never printed with
/// its password: messages name the server as `postgres://USER@HOST:PORT/DATABASE`.
///
/// `start` is called on the main thread before `dispatchMain()`; the source is opened on a
/// task and the session started on the main queue.
struct PostgresWatch {
    let options: TableOptions
    let url: String?
    let idType: PostgresIdentifierType
    let changeLog: Bool

    /// The URL to use: the argument, else the first environment variable that is set.
    static func resolvedURL(_ url: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let url { return url }
        for name in ["LISTADAPTER_POSTGRES_URL", "DATABASE_URL"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        throw ValidationError("--postgres needs the server's URL: the argument (postgres://USER@HOST:PORT/DATABASE) or $LISTADAPTER_POSTGRES_URL or $DATABASE_URL")
    }

    #if PostgreSQL
    func start(printer: WatchPrinter, patience: Duration) throws {
        var server = try PostgresServer(url: Self.resolvedURL(url))
        if server.password == nil, let password = ProcessInfo.processInfo.environment["PGPASSWORD"] { server.password = password }
        let label = "table \(options.table) in \(server)"
        let query = PostgresListQuery(
            table: options.table, identifier: options.id ?? "id", section: options.section,
            // Any type is shown as text: the summary only has to change when the row does.
            summary: options.summary.map { "(\($0))::text" },
            order: options.order ?? options.section ?? "", filter: options.filter
        )
        let access: ListSourceAccess = changeLog ? .owned : .followed
        switch idType {
        case .bigint: open(Int64.self, server, query, access, label, printer, patience)
        case .text: open(String.self, server, query, access, label, printer, patience)
        case .uuid: open(UUID.self, server, query, access, label, printer, patience)
        }
    }

    private func open<ID>(
        _: ID.Type, _ server: PostgresServer, _ query: PostgresListQuery, _ access: ListSourceAccess,
        _ label: String, _ printer: WatchPrinter, _ patience: Duration
    ) where ID: Hashable & Sendable & JSONIdentifier & PostgresDecodable & PostgresArrayEncodable & PostgresArrayDecodable {
        var options = PostgresListSource<ID, String?, IgnoredPostgresRow>.Options()
        options.applicationName = "listadapter-sample-watch"
        Task {
            do {
                let source = try await PostgresListSource<ID, String?, IgnoredPostgresRow>(server: server, query: query, access: access, options: options)
                let cleanUp = access == .owned
                    ? ChangeLogCleanup(installedByThisRun: source.openingInstalledChangeLog, source: label) { try await source.removeChangeLog() }
                    : nil
                DispatchQueue.main.async {
                    WatchSession.start(source: source, label: label, printer: printer, patience: patience, cleanUp: cleanUp)
                }
            } catch {
                let failure = SourceFailure(error, source: label)
                if printer.json {
                    printer.print(failure)
                } else {
                    StandardStreams.error("Error: \(failure)")
                }
                exit(ExitStatus.cannotStart.rawValue)
            }
        }
    }
    #else
    func start(printer: WatchPrinter, patience: Duration) throws {
        throw ValidationError("this sample was built without PostgreSQL support; build it with the package trait: swift run --traits PostgreSQL sample watch --postgres ...")
    }
    #endif
}

#if PostgreSQL
/// Rows are not fetched by `watch`; the payload type reads nothing.
struct IgnoredPostgresRow: PostgresRowDecodable {
    init(row: PostgresRandomAccessRow) {}
}
#endif
