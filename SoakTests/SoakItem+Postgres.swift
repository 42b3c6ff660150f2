#if PostgreSQL
import ListAdapterPostgres
import PostgresNIO

/// The soak's payload read from a row of its PostgreSQL table (`id`, `version`).
extension SoakItem: PostgresRowDecodable {
    init(row: PostgresRandomAccessRow) throws {
        self.init(id: try row["id"].decode(Int64.self), version: try row["version"].decode(Int64.self))
    }
}
#endif
