public import ListAdapterRemote

/// A list a ``ListServer`` serves, whatever its identifier, summary and item types: what a
/// web framework's routes need of a ``ListFeed``.
///
/// Threading: every requirement may be called from any task.
public protocol ServedList: Sendable {
    /// The name apps ask for.
    var name: String { get }
    /// The messages of one watcher, from `version` on, compressed as it accepts (see
    /// ``ListFeed/watch(after:compression:)``).
    func watch(after version: ListVersion?, compression: ListWireCompression?) -> ListFeedWatch
    /// Answers a payload request (see ``ListFeed/items(requestBody:)``).
    func items(requestBody: [UInt8]) async throws(ListServerError) -> [UInt8]
    /// Answers an edit request (see ``ListFeed/edit(requestBody:)``).
    func edit(requestBody: [UInt8]) async throws(ListServerError) -> [UInt8]
    /// Follows the source until the calling task is cancelled (see ``ListFeed/run()``).
    func run() async
    /// Stops serving (see ``ListFeed/stop()``).
    func stop()
    /// Where the list stands.
    var status: ListFeedStatus { get }
}

extension ListFeed: ServedList {}
