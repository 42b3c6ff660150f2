import Foundation
public import GRDB

/// What a ``SQLiteListSource`` lists, described in the terms of your own schema: a table
/// or view (or a full SELECT), the identifier column, and optional section, summary,
/// order and filter expressions.
///
/// ```swift
/// let query = SQLiteListQuery(
///     table: "message",
///     section: "date(sentAt, 'unixepoch')",    // any SQL expression; NULL: untitled section
///     summary: "version",                      // changes whenever a row's display does
///     order: "sentAt DESC, id DESC",
///     filter: "mailbox = ?", arguments: [inboxID]
/// )
/// ```
///
/// Expressions are SQL text inserted into the statements the source runs: never build
/// them from untrusted input (bind values through `arguments` instead).
///
/// Thread safety: a value type; use it on any queue.
public struct SQLiteListQuery: Sendable, Hashable {
    /// Where rows come from.
    public enum Origin: Sendable, Hashable {
        /// A table or view, by name.
        case table(String)
        /// A full SELECT statement, used as a subquery; it must produce the columns the
        /// identifier, section, summary, order and filter expressions name.
        case select(String)
    }

    /// Where rows come from.
    public var origin: Origin
    /// The identifier column or expression (`rowid`, the INTEGER PRIMARY KEY, by default).
    public var identifier: String
    /// The section title expression; `nil` puts every row in one untitled section, and a
    /// row whose expression is NULL goes to the untitled section.
    public var section: String?
    /// The summary expression (a `version` or `updatedAt` column, or an expression over
    /// several columns); `nil` for rows that never change.
    public var summary: String?
    /// The ORDER BY clause, without the keywords.
    public var order: String?
    /// The WHERE clause, without the keyword.
    public var filter: String?
    /// Values bound to the filter's `?` or `:name` placeholders.
    public var arguments: StatementArguments

    /// Lists the rows of a table or view.
    ///
    /// - Parameters:
    ///   - table: the table or view to list, by name (quoted as an identifier in the statements).
    ///   - identifier: the identifier column or expression; `rowid`, the INTEGER PRIMARY KEY, by
    ///     default.
    ///   - section: the section title expression; `nil`, the default, puts every row in one
    ///     untitled section, and a row whose expression is NULL goes to the untitled section.
    ///   - summary: the summary expression, which changes whenever a row's display does (a
    ///     `version` or `updatedAt` column); `nil`, the default, for rows that never change.
    ///   - order: the ORDER BY clause, without the keywords; `nil`, the default, for SQLite's order
    ///     (unspecified).
    ///   - filter: the WHERE clause, without the keyword; `nil`, the default, lists every row.
    ///   - arguments: the values bound to the filter's `?` or `:name` placeholders; none by
    ///     default.
    public init(
        table: String, identifier: String = "rowid", section: String? = nil, summary: String? = nil,
        order: String? = nil, filter: String? = nil, arguments: StatementArguments = []
    ) {
        self.init(origin: .table(table), identifier: identifier, section: section, summary: summary, order: order, filter: filter, arguments: arguments)
    }

    /// Lists the rows of a full SELECT statement.
    ///
    /// - Parameters:
    ///   - sql: the SELECT statement, used as a subquery; it must produce the columns the other
    ///     expressions name.
    ///   - identifier: the identifier column or expression, among the statement's columns.
    ///   - section: the section title expression; `nil`, the default, puts every row in one
    ///     untitled section, and a row whose expression is NULL goes to the untitled section.
    ///   - summary: the summary expression, which changes whenever a row's display does; `nil`, the
    ///     default, for rows that never change.
    ///   - order: the ORDER BY clause, without the keywords; `nil`, the default, for SQLite's order
    ///     (unspecified).
    ///   - filter: the WHERE clause, without the keyword, over the statement's columns; `nil`, the
    ///     default, lists every row.
    ///   - arguments: the values bound to the placeholders of `sql` and `filter`; none by default.
    public init(
        select sql: String, identifier: String, section: String? = nil, summary: String? = nil,
        order: String? = nil, filter: String? = nil, arguments: StatementArguments = []
    ) {
        self.init(origin: .select(sql), identifier: identifier, section: section, summary: summary, order: order, filter: filter, arguments: arguments)
    }

    init(
        origin: Origin, identifier: String, section: String?, summary: String?,
        order: String?, filter: String?, arguments: StatementArguments
    ) {
        self.origin = origin
        self.identifier = identifier
        self.section = section
        self.summary = summary
        self.order = order
        self.filter = filter
        self.arguments = arguments
    }

    var fromClause: String {
        switch origin {
        case .table(let name): name.sqlQuotedIdentifier
        case .select(let sql): "(\(sql))"
        }
    }

    /// The name of the table or view, if the origin is one.
    var tableName: String? {
        if case .table(let name) = origin { name } else { nil }
    }

    /// `SELECT id, section, summary ... ORDER BY ...`: the one streamed entry query.
    var entriesSQL: String {
        var sql = "SELECT \(identifier), \(section ?? "NULL"), \(summary ?? "NULL") FROM \(fromClause)"
        if let filter { sql += " WHERE \(filter)" }
        if let order { sql += " ORDER BY \(order)" }
        return sql
    }

    /// Just the identifiers, in no particular order, as `listadapter_id`.
    var identifiersSQL: String {
        var sql = "SELECT \(identifier) AS \(Self.identifierAlias) FROM \(fromClause)"
        if let filter { sql += " WHERE \(filter)" }
        return sql
    }

    /// The name of the extra column that carries each fetched row's identifier.
    static var identifierAlias: String { "listadapter_id" }
    /// The name of the bound JSON array of identifiers.
    static var identifiersArgument: String { "listadapter_ids" }
    /// The summary's column name in the item query (read with the payload).
    static var summaryAlias: String { "listadapter_summary" }

    /// Full rows (plus their identifier) for a JSON array of identifiers.
    var itemsSQL: String {
        var sql = "SELECT *, \(identifier) AS \(Self.identifierAlias), \(summary ?? "NULL") AS \(Self.summaryAlias) FROM \(fromClause)"
            + " WHERE \(identifier) IN (SELECT value FROM json_each(:\(Self.identifiersArgument)))"
        if let filter { sql += " AND (\(filter))" }
        return sql
    }

    /// Full rows (plus their identifier) for `count` blob identifiers, bound as
    /// `:listadapter_blob0` … (JSON cannot carry blobs).
    func itemsSQL(blobCount count: Int) -> String {
        let parameters = (0 ..< count).map { ":\(Self.blobArgument($0))" }.joined(separator: ", ")
        var sql = "SELECT *, \(identifier) AS \(Self.identifierAlias), \(summary ?? "NULL") AS \(Self.summaryAlias) FROM \(fromClause)"
            + " WHERE \(identifier) IN (\(parameters))"
        if let filter { sql += " AND (\(filter))" }
        return sql
    }

    /// The name of the `index`th bound blob identifier.
    static func blobArgument(_ index: Int) -> String { "listadapter_blob\(index)" }

    /// The covering index that turns the entry query's sort into a scan, when the origin
    /// is a table and the order is a plain list of its columns.
    func coveringIndexSQL(name: String) -> String? {
        guard let table = tableName, let order else { return nil }
        let columns = order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var indexed = columns
        for extra in [section, summary].compactMap({ $0 }) where !indexed.contains(extra) {
            indexed.append(extra)
        }
        return "CREATE INDEX IF NOT EXISTS \(name.sqlQuotedIdentifier) ON \(table.sqlQuotedIdentifier)(\(indexed.joined(separator: ", ")))"
    }
}
