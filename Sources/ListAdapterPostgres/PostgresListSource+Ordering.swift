#if PostgreSQL
public import ListAdapter
import PostgresNIO

/// The former name of `ListSourceAccess`, the access mode both database
/// sources take (``PostgresListSource/access`` says what each mode means for a table).
@available(*, deprecated, renamed: "ListSourceAccess")
public typealias PostgresAccess = ListSourceAccess

/// The former name of `ListOrdering`, the ordering both database sources take
/// (``PostgresListSource/Options/ordering`` says what it needs of a PostgreSQL schema).
@available(*, deprecated, renamed: "ListOrdering")
public typealias PostgresOrdering = ListOrdering

/// Placeholders `$n` numbered after the filter's own, with their bindings.
struct Binder {
    var bindings: PostgresBindings

    /// `$n` for `value`, bound.
    mutating func add(_ value: some PostgresThrowingDynamicTypeEncodable) throws -> String {
        try bindings.append(value)
        return "$\(bindings.count)"
    }
}

extension PostgresListSource {
    /// Checks the ordering's columns on the server (see ``Options/ordering``).
    func checkOrdering(_ ordering: ListOrdering) async throws(PostgresSourceError) {
        guard let qualified = query.qualifiedTable else {
            throw PostgresSourceError(.invalidQuery, server: server.description, table: table, message: "moves are written to a table: the query lists a SELECT; list the table itself")
        }
        let sql = """
            SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), co.collname::text, \
            (SELECT datcollate::text FROM pg_database WHERE datname = current_database()) \
            FROM pg_attribute a LEFT JOIN pg_collation co ON co.oid = a.attcollation \
            WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped
            """
        let columns: [(String, String, String?, String)] = try await writing.run(table: table, sql: sql, limit: options.replyTimeout) { connection in
            var columns: [(String, String, String?, String)] = []
            var binder = Binder(bindings: PostgresBindings())
            _ = try binder.add(qualified)
            for try await column in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binder.bindings), logger: connection.logger)
                .decode((String, String, String?, String).self) {
                columns.append(column)
            }
            return columns
        }
        let table = self.table
        func fail(_ kind: PostgresSourceError.Kind, _ message: String) -> PostgresSourceError {
            PostgresSourceError(kind, server: server.description, table: table, message: message)
        }
        if columns.isEmpty { throw fail(.missingTable, "no table \(table) to write moves to") }
        guard let position = columns.first(where: { $0.0 == ordering.position }) else {
            throw fail(.missingColumn, "table \(table) has no column \(ordering.position.quotedIdentifier), the ordering's position column")
        }
        if !(position.1 == "text" || position.1.hasPrefix("character varying")) {
            throw fail(.invalidQuery, "column \(ordering.position.quotedIdentifier) of table \(table) is \(position.1); order keys need text COLLATE \"C\"")
        }
        // Collations that order ASCII text by its bytes (C.UTF-8 and the builtin C.UTF-8
        // order by code point, which is byte order for the keys' ASCII digits).
        let bytewise: Set<String> = ["C", "POSIX", "ucs_basic", "C.UTF-8", "C.utf8", "pg_c_utf8"]
        let collation = position.2 == "default" ? position.3 : position.2 ?? ""
        if !bytewise.contains(collation) {
            throw fail(.invalidQuery, "column \(ordering.position.quotedIdentifier) of table \(table) compares with collation \(collation), not bytewise; declare it text COLLATE \"C\" (ALTER TABLE ... ALTER COLUMN ... TYPE text COLLATE \"C\")")
        }
        if let section = ordering.section {
            if !columns.contains(where: { $0.0 == section }) {
                throw fail(.missingColumn, "table \(table) has no column \(section.quotedIdentifier), the ordering's section column")
            }
            let expression = query.section?.trimmingCharacters(in: .whitespaces)
            if expression != section && expression != section.quotedIdentifier {
                throw fail(.invalidQuery, "the query's section \(expression ?? "(none)") is not the ordering's section column \(section.quotedIdentifier) of table \(table)")
            }
        } else if let expression = query.section {
            throw fail(.invalidQuery, "the query has sections (\(expression)) but the ordering of table \(table) names no section column")
        }
        let terms = query.order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "" }
        if !terms.contains(where: { $0 == ordering.position || $0 == ordering.position.quotedIdentifier }) {
            throw fail(.invalidQuery, "the query's order (\(query.order)) does not sort by the position column \(ordering.position.quotedIdentifier) of table \(table)")
        }
    }

    /// The ordering, for a source that may write.
    func writableOrdering() throws(PostgresSourceError) -> ListOrdering {
        guard access == .owned else {
            throw PostgresSourceError(.readOnly, server: server.description, table: table, message: "the source follows \(table) read-only; open it with access: .owned to write moves")
        }
        guard let ordering = options.ordering else {
            throw PostgresSourceError(.invalidQuery, server: server.description, table: table, message: "the source has no ordering: set options.ordering to the position column to write moves")
        }
        return ordering
    }

    /// `section = $n` (or `IS NULL` for the untitled section), with its binding.
    static func sectionCondition(_ column: String?, _ title: String?, _ binder: inout Binder) throws -> String? {
        guard let column else { return nil }
        guard let title else { return "listadapter_rows.\(column.quotedIdentifier) IS NULL" }
        return "listadapter_rows.\(column.quotedIdentifier) = \(try binder.add(title))"
    }
}
#endif
