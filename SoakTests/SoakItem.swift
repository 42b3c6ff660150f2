import GRDB

/// The payload every soak source serves: enough to check that an answer belongs to the
/// identifier asked for and is at least as new as the request. `Codable`: the remote mode
/// (`soak --remote`) serves it over HTTP as JSON.
struct SoakItem: FetchableRecord, Codable, Sendable, Equatable {
    var id: Int64
    var version: Int64
}
