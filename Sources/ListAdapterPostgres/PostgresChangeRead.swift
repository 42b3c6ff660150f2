#if PostgreSQL
import ListAdapter
import PostgresNIO

/// What ``PostgresListSource/loadChanges(since:)`` reads from the server in ONE statement
/// (so one snapshot, and one parse, plan and round trip instead of three): the change
/// log's position, its entries past the cursor, and the listed rows those entries name, in
/// list order.
///
/// The statement is a `UNION ALL` of three kinds of rows, told apart by
/// `listadapter_kind`: 0 the position (the snapshot's `xmin`, the log's smallest and
/// largest `seq`), 1 an entry (`seq`, truncate, at-or-above-`xmin`, identifier), 2 a listed
/// row (identifier, section, summary; `listadapter_ordinal` its place in list order). Rows
/// are read only while the log holds at most `entryLimit` entries past the cursor, so a
/// huge change costs a count, not the read of every row it touched.
struct PostgresChangeRead<ID: Hashable & Sendable & PostgresDecodable & PostgresArrayEncodable & PostgresArrayDecodable, Summary: Equatable & Sendable & PostgresDecodable> {
    struct Entry {
        var seq: Int64
        var isTruncate: Bool
        var isRecent: Bool
        var id: ID?
    }

    var xmin = ""
    var lowest: Int64 = 0
    var highest: Int64 = 0
    var entries: [Entry] = []
    /// The listed rows any entry past the cursor names, in list order (gaps not set yet).
    var rows: [ListSnapshotPatch<ID, Summary>.Row] = []

    /// The statement, for `query` and `changeLog`: the filter's arguments come first, then
    /// the cursor's `xmin` (text) and the entry limit.
    static func sql(_ query: PostgresListQuery, _ changeLog: PostgresChangeLog) -> String {
        let log = changeLog.qualifiedLog
        let cursor = "$\(query.nextPlaceholder)::text::xid8"
        let limit = "$\(query.nextPlaceholder + 1)::int8"
        let pastCursor = "FROM \(log) AS listadapter_log WHERE listadapter_log.xid >= \(cursor)"
        var rows = """
            SELECT 2 AS listadapter_kind, \(query.identifierColumn) AS listadapter_id, \(query.sectionExpression) AS listadapter_section, \
            \(query.summaryExpression) AS listadapter_summary, row_number() OVER (ORDER BY \(query.fullOrder)) AS listadapter_ordinal, \
            NULL::bool AS listadapter_truncate, NULL::bool AS listadapter_recent, NULL::text AS listadapter_xmin, \
            NULL::int8 AS listadapter_lowest, NULL::int8 AS listadapter_highest \
            FROM \(query.fromClause) WHERE \(query.identifierColumn) IN (SELECT listadapter_log.id \(pastCursor)) \
            AND (SELECT count(*) \(pastCursor)) <= \(limit)
            """
        if let filter = query.filter { rows += " AND (\(filter))" }
        let entries = """
            SELECT 1, listadapter_log.id, NULL, NULL, listadapter_log.seq, listadapter_log.id IS NULL, \
            listadapter_log.xid >= pg_snapshot_xmin(pg_current_snapshot()), NULL, NULL, NULL \(pastCursor)
            """
        let position = """
            SELECT 0, NULL, NULL, NULL, 0, NULL, NULL, pg_snapshot_xmin(pg_current_snapshot())::text, \
            coalesce((SELECT min(seq) FROM \(log)), 0), coalesce((SELECT max(seq) FROM \(log)), 0)
            """
        return "SELECT * FROM (\(rows) UNION ALL \(entries) UNION ALL \(position)) AS listadapter_changes ORDER BY listadapter_kind, listadapter_ordinal"
    }

    /// Runs the statement on `connection` (inside the caller's transaction).
    static func read(
        _ connection: PostgresConnection, _ query: PostgresListQuery, _ changeLog: PostgresChangeLog, cursor xmin: String, entryLimit: Int
    ) async throws -> Self {
        var bindings = query.arguments
        bindings.append(xmin)
        bindings.append(Int64(entryLimit))
        var read = Self()
        var sawPosition = false
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql(query, changeLog), binds: bindings), logger: connection.logger) {
            let cells = row.makeRandomAccess()
            switch try cells["listadapter_kind"].decode(Int32.self) {
            case 0:
                read.xmin = try cells["listadapter_xmin"].decode(String.self)
                read.lowest = try cells["listadapter_lowest"].decode(Int64.self)
                read.highest = try cells["listadapter_highest"].decode(Int64.self)
                sawPosition = true
            case 1:
                let isTruncate = try cells["listadapter_truncate"].decode(Bool.self)
                read.entries.append(Entry(
                    seq: try cells["listadapter_ordinal"].decode(Int64.self),
                    isTruncate: isTruncate,
                    isRecent: try cells["listadapter_recent"].decode(Bool.self),
                    id: isTruncate ? nil : try cells["listadapter_id"].decode(ID.self)
                ))
            default:
                read.rows.append(.init(
                    id: try cells["listadapter_id"].decode(ID.self),
                    section: try cells["listadapter_section"].decode(String?.self),
                    summary: try cells["listadapter_summary"].decode(Summary.self),
                    gap: 0
                ))
            }
        }
        guard sawPosition else { throw PostgresRowPlacement<ID, Summary>.Untrusted(reason: "no log position") }
        return read
    }
}
#endif
