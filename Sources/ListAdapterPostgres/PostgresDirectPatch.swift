#if PostgreSQL
import ListAdapter
import PostgresNIO

/// A patch read in one statement, with no transaction: the change log's position and
/// entries past the cursor, each touched row that is (still) listed, and the identifier of
/// the row just before it in the list's new order, which the server finds with one descent
/// of the order's index. One statement sees one snapshot, so the rows agree with the log as
/// the repeatable-read transaction of ``PostgresRowPlacement`` makes them agree, in one round
/// trip instead of four to six (`BEGIN`, the log, the rows, one or two placement reads,
/// `COMMIT`); a profile of ten clients at a million rows found most of each client's time
/// in postgres-nio's handling of those round trips.
///
/// A row whose predecessor is untouched goes in the gap after that row's rank; a row whose
/// predecessor is touched goes right after it, in the same gap. Anything that does not
/// check out against the baseline (a predecessor the baseline does not hold, two rows
/// after one predecessor, a chain that does not close) leaves the patch to the search.
///
/// "Just before" is a row comparison, `(k1, k2, id) < ($k1, $k2, $id)`, which orders as
/// `ORDER BY k1, k2, id` does (the columns' collations; NULLs last, as `ASC` puts them)
/// when the row's own keys are not NULL. So the statement exists only for an order of
/// plain columns, ascending, with no `NULLS` or `COLLATE` clause, and a touched row with a
/// NULL key leaves the patch to the search. Any other order always takes the search.
///
/// Rows and predecessors are read only when the log holds at most `incrementalRowLimit`
/// entries past the cursor: a mass update then costs the server a count, not a lookup
/// per row, before the rescan it calls for.
///
/// The predecessor is one descent of an index only when a B-tree index's leading columns
/// are the order's (the identifier's, for an empty order): ``hasIndex(on:table:)``, asked
/// once per source. Without one, every touched row would cost a scan, and the search (whose
/// reads go through the identifier's index) is used instead.
struct PostgresDirectPatch: Sendable {
    let statement: PreparedText
    /// The catalog names of the columns an index must lead with.
    let indexColumns: [String]
    /// The placeholder of the cursor's `xmin` (after the filter's own); the next one is
    /// the most entries for which rows and predecessors are read.
    let cursorPlaceholder: Int

    /// The statement for `query` and `changeLog`; `nil` when the order is not plain
    /// ascending columns.
    init?(_ query: PostgresListQuery, _ changeLog: PostgresChangeLog) {
        guard let keys = Self.ascendingColumns(query.order) else { return nil }
        let id = query.identifierColumn
        let from = query.fromClause
        let filter = query.filter.map { " AND (\($0))" } ?? ""
        cursorPlaceholder = query.nextPlaceholder
        indexColumns = (keys.isEmpty ? [query.identifier.quotedIdentifier] : keys).map(Self.catalogName)
        let keyColumns = keys.enumerated().map { "\($1) AS listadapter_key\($0)" }
        let listed = (["\(id) AS listadapter_id", "\(query.sectionExpression) AS listadapter_section", "\(query.summaryExpression) AS listadapter_summary",
                       "(\(keys.isEmpty ? "true" : keys.map { "\($0) IS NOT NULL" }.joined(separator: " AND "))) AS listadapter_placeable"] + keyColumns)
            .joined(separator: ", ")
        let own = "(" + (keys + [id]).joined(separator: ", ") + ")"
        let touched = "(" + (keys.indices.map { "listadapter_listed.listadapter_key\($0)" } + ["listadapter_listed.listadapter_id"]).joined(separator: ", ") + ")"
        let descending = (keys + [id]).map { "\($0) DESC" }.joined(separator: ", ")
        let sql = """
            SELECT listadapter_position.xmin, listadapter_position.lowest, listadapter_position.highest, \
            listadapter_entry.seq, listadapter_entry.truncate, listadapter_entry.recent, listadapter_entry.id, \
            listadapter_listed.listadapter_id IS NOT NULL, listadapter_listed.listadapter_placeable, \
            listadapter_listed.listadapter_section, listadapter_listed.listadapter_summary, listadapter_predecessor.listadapter_id, \
            listadapter_size.small \
            FROM (\(changeLog.positionSQL)) AS listadapter_position(xmin, lowest, highest) \
            CROSS JOIN (SELECT count(*) <= $\(cursorPlaceholder + 1) AS small FROM \(changeLog.qualifiedLog) \
            WHERE xid >= $\(cursorPlaceholder)::text::xid8) AS listadapter_size \
            LEFT JOIN LATERAL (SELECT seq, id IS NULL AS truncate, xid >= pg_snapshot_xmin(pg_current_snapshot()) AS recent, id \
            FROM \(changeLog.qualifiedLog) WHERE xid >= $\(cursorPlaceholder)::text::xid8) AS listadapter_entry ON true \
            LEFT JOIN LATERAL (SELECT \(listed) FROM \(from) WHERE \(id) = listadapter_entry.id\(filter)) AS listadapter_listed ON listadapter_size.small \
            LEFT JOIN LATERAL (SELECT \(id) AS listadapter_id FROM \(from) WHERE \(own) < \(touched)\(filter) \
            ORDER BY \(descending) LIMIT 1) AS listadapter_predecessor ON listadapter_listed.listadapter_placeable \
            ORDER BY listadapter_entry.seq
            """
        statement = PreparedText(sql)
    }

    /// The columns of `order` when it is a list of plain column names, each at most
    /// followed by `ASC`; `nil` otherwise. An empty order has none.
    static func ascendingColumns(_ order: String) -> [String]? {
        if order.allSatisfy(\.isWhitespace) { return [] }
        var columns: [String] = []
        for term in order.split(separator: ",", omittingEmptySubsequences: false) {
            var words = term.split(whereSeparator: \.isWhitespace)
            if words.count == 2, words[1].uppercased() == "ASC" { words.removeLast() }
            guard words.count == 1, let column = words.first, isPlainColumn(column) else { return nil }
            columns.append(String(column))
        }
        return columns
    }

    /// A column as `pg_attribute` names it: a quoted name as written, an unquoted one
    /// folded to lower case (as PostgreSQL folds it).
    static func catalogName(_ column: String) -> String {
        column.first == "\"" ? String(column.dropFirst().dropLast()) : column.lowercased()
    }

    /// `$1` the table's `regclass` text, `$2` the column names: whether a B-tree index with
    /// no predicate leads with those columns, in that order, each ascending with NULLs last
    /// (`indoption` 0) and in the column's own collation (as the row comparison and
    /// `ORDER BY` compare).
    static let indexSQL = """
        SELECT EXISTS (SELECT 1 FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid JOIN pg_am AS am ON am.oid = c.relam \
        WHERE i.indrelid = to_regclass($1) AND am.amname = 'btree' AND i.indpred IS NULL AND i.indnkeyatts >= cardinality($2::text[]) \
        AND (SELECT bool_and(pg_get_indexdef(i.indexrelid, k.ordinal::int, true) = quote_ident(k.name) \
        AND i.indoption[k.ordinal - 1] = 0 \
        AND i.indcollation[k.ordinal - 1] = (SELECT attcollation FROM pg_attribute WHERE attrelid = i.indrelid AND attname = k.name)) \
        FROM unnest($2::text[]) WITH ORDINALITY AS k(name, ordinal)))
        """

    /// Whether an index serves the predecessor lookups on `table` (its `regclass` text).
    func hasIndex(on connection: PostgresConnection, table: String) async throws -> Bool {
        var bindings = PostgresBindings()
        bindings.append(table)
        bindings.append(indexColumns)
        for try await found in try await connection.query(PostgresQuery(unsafeSQL: Self.indexSQL, binds: bindings), logger: connection.logger).decode(Bool.self) {
            return found
        }
        return false
    }

    /// An unquoted identifier, or a quoted one with no quote inside.
    private static func isPlainColumn(_ text: Substring) -> Bool {
        if text.count >= 3, text.first == "\"", text.last == "\"" {
            return !text.dropFirst().dropLast().contains("\"")
        }
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
    }

    /// What one read gives.
    enum Outcome<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
        /// The patch, and the cursor past it.
        case patch(ListSnapshotPatch<ID, Summary>, LogCursor)
        /// Rescan, for this reason.
        case fallback(String)
        /// The rows could not be placed from their predecessors: search (in a transaction).
        case search
    }

    /// Reads the patch past `cursor` for `snapshot` (the list the cursor describes).
    func read<ID: Hashable & Sendable & PostgresDecodable & PostgresArrayEncodable & PostgresArrayDecodable, Summary: Equatable & Sendable & PostgresDecodable>(
        on connection: PostgresConnection, query: PostgresListQuery, cursor: LogCursor, snapshot: ListSnapshot<ID, Summary>, limit: Int
    ) async throws -> Outcome<ID, Summary> {
        var position: (xmin: String, lowest: Int64, highest: Int64)?
        var touched = Set<ID>()
        var applied = Set<Int64>()
        var truncated = false
        var listed: [ID: (section: String?, summary: Summary, predecessor: ID?)] = [:]
        var placeable = true
        var small = true
        var bindings = try query.bindings(appending: cursor.xmin)
        bindings.append(Int64(limit))
        for try await row in try await statement.run(on: connection, bindings) {
            let cells = PostgresRandomAccessRow(row)
            if position == nil {
                position = (try cells[0].decode(String.self), try cells[1].decode(Int64.self), try cells[2].decode(Int64.self))
                small = try cells[12].decode(Bool.self)
            }
            guard let seq = try cells[3].decode(Int64?.self) else { continue }
            if try cells[5].decode(Bool?.self) == true { applied.insert(seq) }
            if cursor.applied.contains(seq) { continue }
            if try cells[4].decode(Bool?.self) == true {
                truncated = true
                continue
            }
            let id = try cells[6].decode(ID.self)
            touched.insert(id)
            guard try cells[7].decode(Bool.self), listed[id] == nil else { continue }
            if try cells[8].decode(Bool.self) != true { placeable = false }
            listed[id] = (try cells[9].decode(String?.self), try cells[10].decode(Summary.self), cells[11].bytes == nil ? nil : try cells[11].decode(ID.self))
        }
        guard let position else { return .fallback("no log position") }
        if let obstacle = cursor.obstacle(position: position, truncated: truncated, touched: touched.count, limit: limit) { return .fallback(obstacle) }
        let next = cursor.next(at: position, applied: applied)
        if touched.isEmpty { return .patch(ListSnapshotPatch(touched: [], rows: []), next) }
        // More entries than `limit` (a row written many times) leave the rows unread.
        guard small, placeable, let rows = Self.placed(listed, touched: touched, in: snapshot) else { return .search }
        return .patch(ListSnapshotPatch(touched: Array(touched), rows: rows), next)
    }

    /// The listed rows in list order with their gaps, from each one's predecessor; `nil`
    /// when the predecessors do not chain up against the baseline.
    static func placed<ID: Hashable & Sendable, Summary: Equatable & Sendable>(
        _ listed: [ID: (section: String?, summary: Summary, predecessor: ID?)], touched: Set<ID>, in snapshot: ListSnapshot<ID, Summary>
    ) -> [ListSnapshotPatch<ID, Summary>.Row]? {
        let untouched = snapshot.untouchedRows(excluding: touched)
        // Each row's successor among the listed rows; the chains' first rows and their gaps.
        var successor: [ID: ID] = [:]
        var starts: [(gap: Int, id: ID)] = []
        for (id, row) in listed {
            if let predecessor = row.predecessor, touched.contains(predecessor) {
                guard listed[predecessor] != nil, successor.updateValue(id, forKey: predecessor) == nil else { return nil }
            } else if let predecessor = row.predecessor {
                guard let rank = untouched.formerGap(of: predecessor) else { return nil }
                starts.append((rank + 1, id))
            } else {
                starts.append((0, id))
            }
        }
        starts.sort { $0.gap < $1.gap }
        guard zip(starts, starts.dropFirst()).allSatisfy({ $0.gap < $1.gap }) else { return nil }
        var rows: [ListSnapshotPatch<ID, Summary>.Row] = []
        rows.reserveCapacity(listed.count)
        for start in starts {
            var id: ID? = start.id
            while let current = id, let row = listed[current] {
                guard rows.count < listed.count else { return nil }
                rows.append(.init(id: current, section: row.section, summary: row.summary, gap: start.gap))
                id = successor[current]
            }
        }
        // Every listed row on exactly one chain (a cycle reaches none of the starts).
        return rows.count == listed.count ? rows : nil
    }
}
#endif
