public import ListAdapterRemote

/// How a ``ListFeed`` follows its source and serves its watchers.
///
/// Thread safety: a value type; use it on any queue.
public struct ListFeedConfiguration: Sendable {
    /// How many recent changes the feed keeps for watchers that fall behind or resume.
    /// Default 1,024.
    public var windowChanges: Int = 1_024
    /// The most identifiers those changes may touch together. Default 1,000,000.
    public var windowTouchedIdentifiers: Int = 1_000_000
    /// Rows per list part message. Default 16,384 (about 100 KB).
    public var rowsPerListPart: Int = 16_384
    /// After the source reports a change, how long the feed waits before reading it, so
    /// that a burst of commits is read (and sent) once. Default 5 ms.
    public var coalescing: Duration = .milliseconds(5)
    /// The first wait before reading again after the source failed; doubled after each
    /// failure in a row up to ``maximumRetryDelay``. Default 0.5 s.
    public var retryDelay: Duration = .milliseconds(500)
    /// The longest wait between reads of a failing source. Default 30 s.
    public var maximumRetryDelay: Duration = .seconds(30)
    /// A change that touches more rows than this fraction of the list (and more than
    /// 1,024) sends watchers that are behind it the whole list instead. Default 0.25.
    public var resetFraction: Double = 0.25
    /// The most identifiers one payload request may name. Default 1,000.
    public var maximumItemsPerRequest: Int = 1_000
    /// After writing an edit, how long the feed waits for a read of the source that shows
    /// it, to answer with its version (see ``ListFeed/edit(requestBody:)``). Default 10 s.
    public var editConfirmationTimeout: Duration = .seconds(10)

    /// The compression the feed uses for watchers that accept it (``ListFeed/watch(after:compression:)``):
    /// a list's parts, and changes of at least `ListWireMessages.compressionThreshold`
    /// bytes, each compressed once and shared; `nil`: it sends nothing compressed. Default
    /// `ListWireCompression.deflate`.
    public var compression: ListWireCompression? = .deflate
    /// zlib's level for that compression, 1 (fastest) to 9 (smallest). Default 1: a list of
    /// a million rows deflates to about the same size at level 6 and takes ten times as long
    /// (`bench --only compression`).
    public var compressionLevel: Int = 1

    /// Whether the feed encodes its list before a watcher asks: after its first read, and
    /// again when its window no longer reaches the list encoded last (once per
    /// ``windowChanges`` changes at most). An app that connects, and every app after a
    /// restart, is then sent a list that is ready. Costs one encoding (about 90 ms of one
    /// core at a million rows, compression included) per window of changes, and the
    /// encoded list's memory (about 5 MB at a million rows) while nobody watches. Default
    /// `true`.
    public var encodesListAhead: Bool = true

    /// The defaults.
    public init() {}
}
