#if PostgreSQL
import ListAdapter
import PostgresNIO

/// Turns the identifiers a commit touched into a ``ListAdapter/ListSnapshotPatch``: reads
/// the touched rows that are (still) listed, in list order, and finds each one's gap among
/// the untouched rows by a search in which the server orders the row among untouched rows
/// (pivots) with the list's own `ORDER BY`, so collations, NULLs and `DESC` are
/// PostgreSQL's. No sort key is kept in memory.
///
/// Each round trip orders the row among up to `fanOut` pivots spread over the remaining
/// interval, so a row is placed in about log(n) / log(fanOut + 1) round trips (4 at a
/// million rows with 64 pivots); a row that kept its neighbours costs one. Runs inside
/// the caller's repeatable-read transaction, so every comparison sees the same state.
struct PostgresRowPlacement<ID: Hashable & Sendable & PostgresDecodable & PostgresArrayEncodable & PostgresArrayDecodable, Summary: Equatable & Sendable & PostgresDecodable> {
    /// The patch can't be trusted: rescan.
    struct Untrusted: Error {
        let reason: String
    }

    let connection: PostgresConnection
    let query: PostgresListQuery
    let fanOut: Int
    private(set) var roundTrips = 0

    init(connection: PostgresConnection, query: PostgresListQuery, fanOut: Int) {
        self.connection = connection
        self.query = query
        self.fanOut = max(1, fanOut)
    }

    /// `identifier, section, summary` of the listed rows among `$n`, in list order.
    var rowsSQL: String {
        var sql = "SELECT \(query.identifierColumn), \(query.sectionExpression), \(query.summaryExpression) FROM \(query.fromClause)"
            + " WHERE \(query.identifierColumn) = ANY($\(query.nextPlaceholder))"
        if let filter = query.filter { sql += " AND (\(filter))" }
        return sql + " ORDER BY \(query.fullOrder)"
    }

    /// The identifiers of the rows of `$1`, in list order.
    var orderSQL: String {
        "SELECT \(query.identifierColumn) FROM \(query.fromClause) WHERE \(query.identifierColumn) = ANY($1) ORDER BY \(query.fullOrder)"
    }

    mutating func patch(baseline: ListSnapshot<ID, Summary>, touched: [ID]) async throws -> ListSnapshotPatch<ID, Summary> {
        let untouched = baseline.untouchedRows(excluding: touched)
        var present: [ListSnapshotPatch<ID, Summary>.Row] = []
        roundTrips += 1
        let rows = try await connection.query(PostgresQuery(unsafeSQL: rowsSQL, binds: try query.bindings(appending: touched)), logger: connection.logger)
        for try await row in rows {
            let (id, section, summary) = try row.decode((ID, String?, Summary).self)
            present.append(.init(id: id, section: section, summary: summary, gap: 0))
        }
        var lowest = 0      // rows come in list order, so gaps never decrease
        for index in present.indices {
            lowest = try await gap(of: present[index].id, among: untouched, from: lowest)
            present[index].gap = lowest
        }
        return ListSnapshotPatch(touched: touched, rows: present)
    }

    /// The gap (0...untouched.count) before which `id` goes, at or after `lowest`.
    private mutating func gap(of id: ID, among untouched: ListSnapshot<ID, Summary>.UntouchedRows, from lowest: Int) async throws -> Int {
        var low = lowest
        var high = untouched.count
        // Most touched rows stay between the same neighbours: try the old place first.
        if let candidate = untouched.formerGap(of: id), candidate >= low, candidate <= high {
            var ranks: [Int] = []
            if candidate > low { ranks.append(candidate - 1) }
            if candidate < high { ranks.append(candidate) }
            let preceding = try await precedingCount(id, pivots: ranks, untouched)
            let before = candidate > low ? 1 : 0
            if preceding == before { return candidate }
            if preceding < before { high = candidate - 1 } else { low = candidate + 1 }
        }
        while low < high {
            let span = high - low
            let count = min(fanOut, span)
            // Distinct ranks spread over [low, high): the step span / count is at least 1.
            let ranks = (0 ..< count).map { low + ((2 * $0 + 1) * span) / (2 * count) }
            let preceding = try await precedingCount(id, pivots: ranks, untouched)
            if preceding > 0 { low = ranks[preceding - 1] + 1 }
            if preceding < count { high = ranks[preceding] }
        }
        return low
    }

    /// How many of the untouched rows at `ranks` (ascending) precede `id` in the list's
    /// order, as the server orders them. Throws ``Untrusted`` when a pivot vanished or the
    /// pivots no longer come back in the baseline's order.
    private mutating func precedingCount(_ id: ID, pivots ranks: [Int], _ untouched: ListSnapshot<ID, Summary>.UntouchedRows) async throws -> Int {
        let pivots = ranks.map { untouched.identifier(atRank: $0) }
        roundTrips += 1
        var bindings = PostgresBindings()
        try bindings.append(pivots + [id])
        var ordered: [ID] = []
        ordered.reserveCapacity(pivots.count + 1)
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: orderSQL, binds: bindings), logger: connection.logger) {
            ordered.append(try row.decode(ID.self))
        }
        guard ordered.count == pivots.count + 1, let position = ordered.firstIndex(of: id) else {
            throw Untrusted(reason: "a row vanished during placement")
        }
        var remaining = ordered
        remaining.remove(at: position)
        guard remaining == pivots else { throw Untrusted(reason: "untouched rows changed order: the list is not what the log says") }
        return position
    }
}
#endif
