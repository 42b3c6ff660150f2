/// SQL identifiers the sample builds into statements (table and column names the user
/// gives), quoted so that any name, however hostile, stays one identifier.
///
/// GRDB's `quotedDatabaseIdentifier` wraps a name in double quotes without doubling the
/// quotes inside it: `we"ird` becomes `"we"ird"` (a syntax error) and
/// `t" WHERE 0 --` becomes `"t" WHERE 0 --"` (another query). SQL doubles them.
enum SQLIdentifier {
    /// `name` in double quotes, each `"` in it doubled: `we"ird` → `"we""ird"`.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
