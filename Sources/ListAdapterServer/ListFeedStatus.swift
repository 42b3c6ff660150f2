public import ListAdapterRemote

/// Where a ``ListFeed`` stands.
///
/// Thread safety: a value type; use it on any queue.
public enum ListFeedStatus: Sendable, Equatable {
    /// Not started, or reading its source's list for the first time.
    case starting
    /// Serving the list at a version.
    case serving(ListVersion)
    /// The source failed; the feed keeps serving its last good version (if any) and reads
    /// again after a delay. The message names the source's error.
    case failing(lastGood: ListVersion?, message: String)
    /// Stopped: watchers were told the server is shutting down.
    case stopped
}
