#if PostgreSQL
public import PostgresNIO

// Not shared with SQLiteListQuery, which it resembles: each binds its own driver's arguments
// (postgres-nio's PostgresBindings, GRDB's StatementArguments), takes its own placeholders
// ($n, ?) and quotes its own schema-qualified names; PostgreSQL's order is required.

/// What a ``PostgresListSource`` lists: a table (or a `SELECT`), the column that identifies
/// a row, the section and summary expressions, the order and a filter with bound arguments.
///
/// ```swift
/// let query = PostgresListQuery(
///     table: "ticket", identifier: "id", section: "queue", summary: "version",
///     order: "queue, created_at DESC", filter: "status <> $1", arguments: ["closed"]
/// )
/// ```
///
/// - `order` is SQL for `ORDER BY` (may be empty); the identifier is appended as a final
///   tiebreaker, so the order is total and a row's place can be found by comparisons on the server.
///   Plain columns, ascending (`"queue, created_at"`), with a B-tree index that leads with
///   them, let an owned source read each patch in one statement (each touched row with the
///   row the index puts just before it); any other order patches by a search of 4 to 6
///   statements.
/// - `section` is an expression read as text (`NULL`: the untitled section); rows of one
///   section should be contiguous in `order` (order by the section first) for the change
///   log's patches; otherwise changes are loaded by a full scan.
/// - `filter` is SQL for `WHERE`, with `$1`, `$2`... bound to `arguments` in order.
///
/// Names (`table`, `schema`, `identifier`) are quoted as identifiers; `section`,
/// `summary`, `order` and `filter` are SQL written by the app, never by its users.
///
/// Thread safety: a value type; use it on any queue.
public struct PostgresListQuery: Sendable, CustomStringConvertible {
    /// Where the rows come from.
    public enum Origin: Sendable, Equatable {
        /// A table or view, optionally in a schema.
        case table(name: String, schema: String?)
        /// A `SELECT` statement's rows (no change log: changes are found by rescans).
        case select(String)
    }

    /// Where the rows come from.
    public var origin: Origin
    /// The identifier column's name.
    public var identifier: String
    /// The section title expression, or `nil` for a list without sections.
    public var section: String?
    /// The summary expression (a version, an updated-at), or `nil` for none
    /// (``ListAdapter/NoSummary``).
    public var summary: String?
    /// `ORDER BY` terms; the identifier is appended as a tiebreaker.
    public var order: String
    /// A `WHERE` condition, with `$1`... bound to ``arguments``.
    public var filter: String?
    /// The filter's arguments, in the order of their placeholders.
    public var arguments: PostgresBindings

    /// A query over a table (or view) of the connected database.
    ///
    /// - Parameters:
    ///   - table: the table or view's name, quoted as an identifier.
    ///   - schema: the schema the table is in; `nil`, the default, for the connection's
    ///     `search_path`.
    ///   - identifier: the identifier column's name, quoted as an identifier; `id` by default.
    ///   - section: the section title expression, read as text (`NULL`: the untitled section);
    ///     `nil`, the default, for a list without sections.
    ///   - summary: the summary expression (a version, an updated-at); `nil`, the default, for none
    ///     (``ListAdapter/NoSummary``).
    ///   - order: the `ORDER BY` terms, without the keywords; may be empty. The identifier is
    ///     appended as a tiebreaker.
    ///   - filter: the `WHERE` condition, without the keyword, with `$1`, `$2`... for `arguments`;
    ///     `nil`, the default, lists every row.
    ///   - arguments: the values bound to the filter's placeholders, in order; none by default.
    public init(
        table: String, schema: String? = nil, identifier: String = "id", section: String? = nil, summary: String? = nil,
        order: String, filter: String? = nil, arguments: PostgresBindings = PostgresBindings()
    ) {
        self.init(origin: .table(name: table, schema: schema), identifier: identifier, section: section, summary: summary, order: order, filter: filter, arguments: arguments)
    }

    /// A query over the rows of a `SELECT` (changes are then noticed only by rescans).
    ///
    /// - Parameters:
    ///   - select: the `SELECT` statement whose rows to list; it must produce the columns the other
    ///     expressions name.
    ///   - identifier: the identifier column's name among the statement's columns, quoted as an
    ///     identifier; `id` by default.
    ///   - section: the section title expression, read as text (`NULL`: the untitled section);
    ///     `nil`, the default, for a list without sections.
    ///   - summary: the summary expression; `nil`, the default, for none
    ///     (``ListAdapter/NoSummary``).
    ///   - order: the `ORDER BY` terms, without the keywords; may be empty. The identifier is
    ///     appended as a tiebreaker.
    ///   - filter: the `WHERE` condition, without the keyword, with `$1`, `$2`... for `arguments`;
    ///     `nil`, the default, lists every row.
    ///   - arguments: the values bound to the placeholders, in order; none by default.
    public init(
        select: String, identifier: String = "id", section: String? = nil, summary: String? = nil,
        order: String, filter: String? = nil, arguments: PostgresBindings = PostgresBindings()
    ) {
        self.init(origin: .select(select), identifier: identifier, section: section, summary: summary, order: order, filter: filter, arguments: arguments)
    }

    init(origin: Origin, identifier: String, section: String?, summary: String?, order: String, filter: String?, arguments: PostgresBindings) {
        self.origin = origin
        self.identifier = identifier
        self.section = section
        self.summary = summary
        self.order = order
        self.filter = filter
        self.arguments = arguments
    }

    /// The table's name as the user gave it (`schema.table`), or `SELECT` for a select.
    public var description: String {
        switch origin {
        case .table(let name, let schema): schema.map { "\($0).\(name)" } ?? name
        case .select: "SELECT"
        }
    }

    /// The table's quoted, schema-qualified name; `nil` for a select.
    var qualifiedTable: String? {
        guard case .table(let name, let schema) = origin else { return nil }
        return (schema.map { $0.quotedIdentifier + "." } ?? "") + name.quotedIdentifier
    }

    /// The `FROM` clause's source, aliased `listadapter_rows`.
    var fromClause: String {
        switch origin {
        case .table: "\(qualifiedTable!) AS listadapter_rows"
        case .select(let sql): "(\(sql)) AS listadapter_rows"
        }
    }

    var identifierColumn: String { "listadapter_rows." + identifier.quotedIdentifier }
    var sectionExpression: String { section.map { "(\($0))::text" } ?? "NULL::text" }
    /// With no summary column, a constant that ``ListAdapter/NoSummary`` decodes.
    var summaryExpression: String { summary ?? "0::int4" }
    /// `order, identifier` (the identifier alone when `order` is blank).
    var fullOrder: String {
        order.allSatisfy(\.isWhitespace) ? identifierColumn : "\(order), \(identifierColumn)"
    }
    var whereFilter: String { filter.map { " WHERE (\($0))" } ?? "" }
    /// `$n` for the first placeholder after the filter's own.
    var nextPlaceholder: Int { arguments.count + 1 }

    /// `identifier, section, summary` of every listed row, in list order.
    var entriesSQL: String {
        "SELECT \(identifierColumn), \(sectionExpression), \(summaryExpression) FROM \(fromClause)\(whereFilter) ORDER BY \(fullOrder)"
    }

    /// `identifier, summary, *` of the listed rows whose identifiers are in the array bound
    /// to the placeholder after the filter's.
    var itemsSQL: String {
        var sql = "SELECT \(identifierColumn) AS listadapter_id, \(summaryExpression) AS listadapter_summary, listadapter_rows.*"
            + " FROM \(fromClause) WHERE \(identifierColumn) = ANY($\(nextPlaceholder))"
        if let filter { sql += " AND (\(filter))" }
        return sql
    }

    /// The filter's bindings followed by `values`.
    func bindings(appending values: some PostgresThrowingDynamicTypeEncodable) throws -> PostgresBindings {
        var bindings = arguments
        try bindings.append(values)
        return bindings
    }
}

extension String {
    /// The string as a PostgreSQL quoted identifier (`"na""me"`).
    var quotedIdentifier: String { "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    /// The string as a PostgreSQL string literal (`'it''s'`).
    var quotedLiteral: String { "'" + replacingOccurrences(of: "'", with: "''") + "'" }
}
#endif
