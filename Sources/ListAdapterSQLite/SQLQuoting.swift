/// Quoting of SQL identifiers (table, column, index names) that the source builds into
/// statements from names it was given.
///
/// GRDB's `quotedDatabaseIdentifier` wraps a name in double quotes without doubling the
/// quotes inside it, so `we"ird` produces invalid SQL and `message" WHERE 0 --` injects a
/// clause. SQLite's rule (https://www.sqlite.org/lang_keywords.html) is to double them.
extension String {
    /// The name as an SQL identifier: in double quotes, embedded double quotes doubled.
    ///
    /// ```swift
    /// #"we"ird"#.sqlQuotedIdentifier      // "we""ird"
    /// ```
    ///
    /// Pure; use it on any thread.
    public var sqlQuotedIdentifier: String {
        var quoted = "\""
        for character in unicodeScalars {
            if character == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(character)
        }
        return quoted + "\""
    }
}
