import ListAdapter
import GRDB

/// The statements a source's writes use, built once from its query and ordering.
struct OrderingStatements {
    let table: String
    let identifier: String
    let position: String
    let section: String?
    let filter: String?

    /// Named arguments of the statements (the filter's own come from the query).
    static let rowArgument = "listadapter_row"
    static let sectionArgument = "listadapter_section"
    static let keyArgument = "listadapter_key"
    static let movedArgument = "listadapter_moved"

    init(table: String, query: SQLiteListQuery, ordering: ListOrdering) {
        self.table = table.sqlQuotedIdentifier
        identifier = query.identifier
        position = ordering.position.sqlQuotedIdentifier
        section = ordering.section?.sqlQuotedIdentifier
        filter = query.filter
    }

    /// `WHERE` for the rows of the destination section (and the filter), besides `extra`.
    private func rows(_ extra: String) -> String {
        var clauses = [extra]
        if let section { clauses.append("\(section) IS :\(Self.sectionArgument)") }
        if let filter { clauses.append("(\(filter))") }
        return clauses.joined(separator: " AND ")
    }

    /// One listed row by identifier (in the destination section when `inSection`): its
    /// identifier as stored, and its position.
    func row(blob: Bool, inSection: Bool) -> String {
        let match = blob ? "= :\(Self.rowArgument)" : "IN (SELECT value FROM json_each(:\(Self.rowArgument)))"
        var sql = "SELECT \(identifier), \(position) FROM \(table) WHERE \(identifier) \(match)"
        if inSection, let section { sql += " AND \(section) IS :\(Self.sectionArgument)" }
        if let filter { sql += " AND (\(filter))" }
        return sql + " LIMIT 1"
    }

    /// The nearest keys above (`ascending`) or below a key, in the destination section,
    /// the moved row excluded, with their rows' identifiers.
    func neighbours(ascending: Bool, inclusive: Bool, bounded: Bool) -> String {
        let comparison = (ascending ? ">" : "<") + (inclusive ? "=" : "")
        let bound = bounded ? "\(position) \(comparison) :\(Self.keyArgument)" : "\(position) IS NOT NULL"
        return "SELECT \(identifier), \(position) FROM \(table) WHERE "
            + rows("\(bound) AND \(identifier) IS NOT :\(Self.movedArgument)")
            + " ORDER BY \(position) \(ascending ? "ASC" : "DESC") LIMIT :listadapter_limit"
    }

    /// Writes one row's key (and section, when the move crosses sections).
    func update(settingSection: Bool) -> String {
        var assignments = "\(position) = :\(Self.keyArgument)"
        if settingSection, let section { assignments += ", \(section) = :\(Self.sectionArgument)" }
        return "UPDATE \(table) SET \(assignments) WHERE \(identifier) = :\(Self.rowArgument)"
    }

    /// Deletes listed rows by identifier.
    func delete(blob: Bool) -> String {
        let match = blob ? "= :\(Self.rowArgument)" : "IN (SELECT value FROM json_each(:\(Self.rowArgument)))"
        var sql = "DELETE FROM \(table) WHERE \(identifier) \(match)"
        if let filter { sql += " AND (\(filter))" }
        return sql
    }
}

extension SQLiteListSource {
    /// Checks ``Options/ordering``'s columns, if any, on a reader (part of ``validate()``).
    func validateOrdering() throws(SQLiteSourceError) {
        guard let ordering = options.ordering else { return }
        do {
            _ = try database.read { db in try self.checkOrdering(db, ordering) }
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
    }

    /// Checks the ordering's columns against the table, on the connection `db`: the
    /// origin is a table, the position column exists with TEXT affinity, the section
    /// column exists and is the query's section, the order sorts by the position.
    func checkOrdering(_ db: Database, _ ordering: ListOrdering) throws(SQLiteSourceError) -> OrderingStatements {
        guard let table = query.tableName else {
            throw SQLiteSourceError(.invalidQuery, path: path, message: "moves are written to a table: the query lists a SELECT; list the table itself")
        }
        let columns: [ColumnInfo]
        do {
            columns = try db.columns(in: table)
        } catch {
            throw SQLiteSourceError(error, path: path, sql: nil)
        }
        if columns.isEmpty {
            throw SQLiteSourceError(.missingTable, path: path, message: "no table \(table.sqlQuotedIdentifier) to write moves to")
        }
        func column(_ name: String, role: String) throws(SQLiteSourceError) -> ColumnInfo {
            guard let info = columns.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw SQLiteSourceError(
                    .missingColumn, path: path,
                    message: "table \(table.sqlQuotedIdentifier) has no column \(name.sqlQuotedIdentifier), the ordering's \(role) column"
                )
            }
            return info
        }
        let position = try column(ordering.position, role: "position")
        // SQLite's affinity rules (https://www.sqlite.org/datatype3.html#determination_of_column_affinity).
        let type = position.type.uppercased()
        if !(type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")) {
            throw SQLiteSourceError(
                .invalidQuery, path: path,
                message: "column \(ordering.position.sqlQuotedIdentifier) of table \(table.sqlQuotedIdentifier) is declared \(position.type.isEmpty ? "without a type" : position.type); order keys need TEXT (a numeric affinity would turn a key such as \"12\" into a number)"
            )
        }
        if let section = ordering.section {
            _ = try column(section, role: "section")
            let expression = query.section?.trimmingCharacters(in: .whitespaces)
            if expression != section && expression != section.sqlQuotedIdentifier {
                throw SQLiteSourceError(
                    .invalidQuery, path: path,
                    message: "the query's section \(expression ?? "(none)") is not the ordering's section column \(section.sqlQuotedIdentifier) of table \(table.sqlQuotedIdentifier)"
                )
            }
        } else if let expression = query.section {
            throw SQLiteSourceError(
                .invalidQuery, path: path,
                message: "the query has sections (\(expression)) but the ordering of table \(table.sqlQuotedIdentifier) names no section column"
            )
        }
        let terms = (query.order ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
        }
        if !terms.contains(where: { $0.lowercased() == ordering.position.lowercased() || $0 == ordering.position.sqlQuotedIdentifier }) {
            throw SQLiteSourceError(
                .invalidQuery, path: path,
                message: "the query's order (\(query.order ?? "none")) does not sort by the position column \(ordering.position.sqlQuotedIdentifier) of table \(table.sqlQuotedIdentifier)"
            )
        }
        return OrderingStatements(table: table, query: query, ordering: ordering)
    }
}
