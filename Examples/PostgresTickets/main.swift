#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import PostgresNIO

struct Ticket: PostgresRowDecodable {              // your row type, decoded by column name
    var id: Int64, queue: String?, subject: String
    init(row: PostgresRandomAccessRow) throws {
        id = try row["id"].decode(Int64.self)
        queue = try row["queue"].decode(String?.self)
        subject = try row["subject"].decode(String.self)
    }
}

// postgres://user:password@host:5432/db (a password here is never printed, nor in errors)
let databaseURL = ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "postgres://listadapter@127.0.0.1:5432/listadapter"
let server = try PostgresServer(url: databaseURL)
var arguments = PostgresBindings()
arguments.append("closed")
let source = try await PostgresListSource<Int64, Int64, Ticket>(
    server: server,
    query: PostgresListQuery(
        table: "ticket", identifier: "id",
        section: "queue",                           // any SQL expression, read as text; NULL: untitled
        summary: "version",                         // changes whenever a row's display does
        order: "queue, created_at DESC",            // the identifier is appended as a tiebreaker
        filter: "status <> $1", arguments: arguments
    ),
    access: .owned                                  // default .followed: read-only
)
let adapter = ListViewAdapter(source: source)

events: for await event in adapter.events {
    switch event {
    case .reload(let list):
        print("\(list.count) open tickets in \(list.numberOfSections) queues")
        break events
    case .loadStateChanged(.failed(let error)):
        print("failed: \(error)")
        break events
    default:
        continue
    }
}
await source.close()
#endif
