#if PostgreSQL
/// What a ``PostgresListSource`` did to keep its list: for tests, benchmarks and logs.
///
/// Thread safety: a value type; use it on any queue.
public struct PostgresSourceStatistics: Sendable, Equatable {
    /// Tracked lists produced by a full scan.
    public var fullLoads = 0
    /// Lists produced by a patch from the change log.
    public var patches = 0
    /// Patch attempts that fell back to a full scan.
    public var fallbacks = 0
    /// Why the last fallback happened.
    public var lastFallbackReason: String?
    /// Patches read in one statement, each row placed after the row the server found just
    /// before it (among ``patches``; the others searched for their rows' places).
    public var directPatches = 0
    /// Server round trips spent placing touched rows, over all patches.
    public var placementRoundTrips = 0
    /// Times the watch connected again after its connection failed.
    public var reconnections = 0
}
#endif
