#if PostgreSQL
import ListAdapter
import PostgresNIO

/// Turns the identifiers a commit touched into a ``ListAdapter/ListSnapshotPatch``: reads
/// the touched rows that are (still) listed, in list order, and finds each one's gap among
/// the untouched rows by a search in which the server orders the row among untouched rows
/// (pivots) with the list's own `ORDER BY`, so collations, NULLs and `DESC` are
/// PostgreSQL's. No sort key is kept in memory.
///
/// The rows are read together with each one's old neighbours (if it was listed), in list
/// order: a row that kept its neighbours is placed by that one round trip. The next orders
/// the row among the untouched rows just outside its section's (sections are contiguous,
/// so a row that moved into a section of the list lands among that section's rows or next
/// to them) and pivots spread over the section's, so a row that moved is searched for in
/// its section. Each later round trip orders the row among up to
/// `fanOut` pivots spread over the remaining interval: about log(m) / log(fanOut + 1) of
/// them for an interval of m rows (2 for a section of a thousand with 64 pivots, against 4
/// for a million). Every bound comes from the server's comparisons, so a row that lands
/// outside its section (an order that does not keep sections together) is still placed
/// right. Runs inside the caller's repeatable-read transaction, so every comparison sees
/// the same state.
struct PostgresRowPlacement<ID: Hashable & Sendable & PostgresDecodable & PostgresArrayEncodable & PostgresArrayDecodable, Summary: Equatable & Sendable & PostgresDecodable> {
    /// The patch can't be trusted: rescan.
    struct Untrusted: Error {
        let reason: String
    }

    let connection: PostgresConnection
    let query: PostgresListQuery
    let fanOut: Int
    private(set) var roundTrips = 0
    /// The untouched ranks of each section title asked about, for this patch.
    private var knownSectionRanks: [String?: Range<Int>?] = [:]

    /// The statements of a placement, built once per source (quoting allocates).
    struct Statements: Sendable {
        /// `identifier, section, summary` of the listed rows among `$n`, in list order.
        let rows: PreparedText
        /// The identifiers of the rows of `$1`, in list order.
        let order: PreparedText

        init(_ query: PostgresListQuery) {
            var rows = "SELECT \(query.identifierColumn), \(query.sectionExpression), \(query.summaryExpression) FROM \(query.fromClause)"
                + " WHERE \(query.identifierColumn) = ANY($\(query.nextPlaceholder))"
            if let filter = query.filter { rows += " AND (\(filter))" }
            self.rows = PreparedText(rows + " ORDER BY \(query.fullOrder)")
            order = PreparedText("SELECT \(query.identifierColumn) FROM \(query.fromClause) WHERE \(query.identifierColumn) = ANY($1) ORDER BY \(query.fullOrder)")
        }
    }

    let statements: Statements

    init(connection: PostgresConnection, query: PostgresListQuery, statements: Statements, fanOut: Int) {
        self.connection = connection
        self.query = query
        self.statements = statements
        self.fanOut = max(1, fanOut)
    }

    mutating func patch(baseline: ListSnapshot<ID, Summary>, touched: [ID]) async throws -> ListSnapshotPatch<ID, Summary> {
        let untouched = baseline.untouchedRows(excluding: touched)
        // Each touched row's old neighbours (the untouched rows around its old gap) are read
        // with the rows, in the same order: a row that kept them is placed by that one
        // round trip, which is most of them (a summary, a subject changed).
        var neighbours: [ID: Int] = [:]          // identifier -> untouched rank
        for id in touched {
            guard let gap = untouched.formerGap(of: id) else { continue }
            if gap > 0 { neighbours[untouched.identifier(atRank: gap - 1)] = gap - 1 }
            if gap < untouched.count { neighbours[untouched.identifier(atRank: gap)] = gap }
        }
        var present: [ListSnapshotPatch<ID, Summary>.Row] = []
        var presentAt: [Int] = []                  // each present row's place in the reply
        var neighbourAt: [Int: Int] = [:]          // untouched rank -> place in the reply
        roundTrips += 1
        let asked = touched + neighbours.keys
        let rows = try await statements.rows.run(on: connection, try query.bindings(appending: asked))
        var place = 0
        for try await row in rows {
            let (id, section, summary) = try row.decode((ID, String?, Summary).self)
            if let rank = neighbours[id] {
                neighbourAt[rank] = place
            } else {
                present.append(.init(id: id, section: section, summary: summary, gap: 0))
                presentAt.append(place)
            }
            place += 1
        }
        guard neighbourAt.count == neighbours.count else { throw Untrusted(reason: "a row vanished during placement") }
        let replyOrder = neighbourAt.sorted { $0.key < $1.key }.map(\.value)
        guard zip(replyOrder, replyOrder.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw Untrusted(reason: "untouched rows changed order: the list is not what the log says")
        }
        var lowest = 0      // rows come in list order, so gaps never decrease
        for index in present.indices {
            let (id, at) = (present[index].id, presentAt[index])
            var low = lowest
            var high = untouched.count
            if let gap = untouched.formerGap(of: id) {
                if gap > 0, let before = neighbourAt[gap - 1] {
                    if before < at { low = max(low, gap) } else { high = min(high, gap - 1) }
                }
                if gap < untouched.count, let after = neighbourAt[gap] {
                    if at < after { high = min(high, gap) } else { low = max(low, gap + 1) }
                }
            }
            guard low <= high else { throw Untrusted(reason: "touched rows came back out of the list's order") }
            lowest = try await gap(of: id, in: present[index].section, among: untouched, within: low ... high)
            present[index].gap = lowest
        }
        return ListSnapshotPatch(touched: touched, rows: present)
    }

    /// The gap, within `bounds` (of 0...untouched.count), before which `id` (of the section
    /// titled `title`) goes.
    private mutating func gap(
        of id: ID, in title: String?, among untouched: ListSnapshot<ID, Summary>.UntouchedRows, within bounds: ClosedRange<Int>
    ) async throws -> Int {
        var low = bounds.lowerBound
        var high = bounds.upperBound
        guard low < high else { return low }
        // The first round trip: the rows just outside its section's untouched rows, and
        // pivots spread over the section's (where a row moved into it most likely lands).
        var ranks: [Int] = []
        if let section = sectionRanks(titled: title, untouched) {
            var first: Set<Int> = [section.lowerBound - 1, section.upperBound]
            // The section's rows may lie wholly outside the bounds: in an order that does
            // not keep sections together, a row can land far from its section's rows.
            let (lower, upper) = (max(low, section.lowerBound), min(high, section.upperBound))
            if lower < upper { first.formUnion(spread(over: lower ..< upper)) }
            ranks = first.filter { $0 >= low && $0 < high }.sorted()
        }
        while low < high {
            if ranks.isEmpty { ranks = spread(over: low ..< high) }
            let preceding = try await precedingCount(id, pivots: ranks, untouched)
            if preceding > 0 { low = ranks[preceding - 1] + 1 }
            if preceding < ranks.count { high = ranks[preceding] }
            ranks = []
        }
        return low
    }

    /// Up to `fanOut` distinct ranks spread evenly over `interval` (ascending).
    private func spread(over interval: Range<Int>) -> [Int] {
        let span = interval.count
        let count = min(fanOut, span)
        // The step span / count is at least 1, so the ranks are distinct.
        return (0 ..< count).map { interval.lowerBound + ((2 * $0 + 1) * span) / (2 * count) }
    }

    /// The untouched ranks of the section titled `title`, once per title and patch.
    private mutating func sectionRanks(titled title: String?, _ untouched: ListSnapshot<ID, Summary>.UntouchedRows) -> Range<Int>? {
        if let known = knownSectionRanks[title] { return known }
        let ranks = untouched.ranks(inSectionTitled: title)
        knownSectionRanks[title] = ranks
        return ranks
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
        for try await row in try await statements.order.run(on: connection, bindings) {
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
