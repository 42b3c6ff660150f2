#if PostgreSQL
import ListAdapter
import NIOCore
import PostgresNIO

/// The one streamed entry query: rows as postgres-nio receives them (with backpressure,
/// never the whole result in memory) straight into a snapshot builder.
///
/// A section title becomes a `String` only when its bytes differ from the previous row's
/// (rows ordered by section share one string per section).
enum EntryStream<ID: Hashable & Sendable & PostgresDecodable, Summary: Equatable & Sendable & PostgresDecodable> {
    struct Scanned: Sendable {
        let snapshot: ListSnapshot<ID, Summary>
        /// Whether each section's rows were contiguous in the query's order (a patch keeps
        /// list order only then).
        let isContiguous: Bool
    }

    static func scan(_ connection: PostgresConnection, sql: String, arguments: PostgresBindings, expectedCount: Int) async throws -> Scanned {
        var builder = ListSnapshot<ID, Summary>.Builder()
        builder.reserveCapacity(expectedCount)
        var previousTitle: ByteBuffer?
        var title: String?
        var titleRuns = 0
        var first = true
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: arguments), logger: connection.logger)
        for try await row in rows {
            // A NULL identifier fails to decode (missingData, column 0): a nullIdentifier error.
            let (id, section, summary) = try row.decode((ID, ByteBuffer?, Summary).self)
            if first || section != previousTitle {
                first = false
                previousTitle = section
                title = section.map { String(buffer: $0) }
                titleRuns += 1
            }
            builder.append(id, section: title, summary: summary)
        }
        let snapshot = builder.build()
        return Scanned(snapshot: snapshot, isContiguous: titleRuns == snapshot.numberOfSections || snapshot.isEmpty)
    }
}
#endif
