/// How errors and log messages name a data source: by its `description` when it has one
/// (an SQLite source says which table of which file), else by its type.
///
/// Pure; any thread.
@usableFromInline
func sourceName(_ source: some Any) -> String {
    if let described = source as? any CustomStringConvertible { return described.description }
    return "\(type(of: source))"
}
