public import ListAdapter

extension SQLiteListSource {
    /// Tuning.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct Options: Sendable {
        /// How long a read waits for a lock held by another connection before failing
        /// with ``SQLiteSourceError/Kind/locked`` (for sources that open their own file).
        public var busyTimeout: Duration = .seconds(5)
        /// Whether to watch for commits by other connections and processes.
        public var watchesOtherConnections = true
        /// The fallback poll interval of that watch.
        public var pollInterval: Duration = .seconds(1)
        /// Whether commits through an owned database's own writer are applied as patches
        /// (the rows they touched, placed by SQLite comparisons) instead of a full reload,
        /// where the query allows it (``SQLiteListSource/incrementalStatistics`` counts them).
        public var incrementalUpdates = true
        /// Above this many touched rows in one load, a full reload is cheaper than a patch.
        public var incrementalRowLimit = 2_000
        /// Whether to install (in an owned database) and read a change log, so that other
        /// processes' commits are patched too, not only the source's own (see
        /// ``SQLiteListSource/installChangeLog()`` for what it costs a writer).
        public var changeLog = false
        /// The columns ``SQLiteListSource/move(_:)`` writes a person's moves to; `nil`: the
        /// source writes no moves.
        ///
        /// ```swift
        /// var options = SQLiteListSource<Int64, Int64, Note>.Options()
        /// options.ordering = ListOrdering(position: "position", section: "folder")
        /// // with SQLiteListQuery(table: "note", section: "folder", order: "folder, position")
        /// ```
        ///
        /// The schema: the position column holds keys compared bytewise (declare it `TEXT`,
        /// with the default `BINARY` collation), and an index on `(section, position)` (or the
        /// query's covering index, ``SQLiteListSource/createCoveringIndex()``, for an order of
        /// `"section, position"`) makes a move's neighbour lookups a few index steps. The
        /// query's `section` must be the section column, and its `order` must sort by the
        /// position column within sections; ``SQLiteListSource/validate()`` checks both, and
        /// that the columns exist.
        public var ordering: ListOrdering?

        /// The defaults.
        public init() {}
    }
}
