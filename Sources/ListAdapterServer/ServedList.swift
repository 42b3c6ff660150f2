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
    ///
    /// - Parameters:
    ///   - version: the version the watcher holds; `nil` for one that holds nothing and starts with
    ///     the whole list.
    ///   - compression: the compression the watcher accepts; `nil` sends nothing compressed.
    /// - Returns: the watcher's messages, one WebSocket binary message each.
    func watch(after version: ListVersion?, compression: ListWireCompression?) -> ListFeedWatch
    /// Answers a payload request (see ``ListFeed/items(requestBody:)``).
    ///
    /// - Parameter requestBody: the body of a payload request (`ListWirePayloads`), as the app sent
    ///   it.
    /// - Returns: the body of the answer: the items found, as JSON, and the identifiers missing.
    /// - Throws: a ``ListServerError``, whose ``ListServerError/httpStatus`` is the status to
    ///   answer.
    func items(requestBody: [UInt8]) async throws(ListServerError) -> [UInt8]
    /// Answers an edit request (see ``ListFeed/edit(requestBody:)``).
    ///
    /// - Parameter requestBody: the body of an edit request (`ListWireEdits`), as the app sent it.
    /// - Returns: the body of the answer: the version of a read that shows the edit, if one came in
    ///   time.
    /// - Throws: a ``ListServerError``, whose ``ListServerError/httpStatus`` is the status to
    ///   answer.
    func edit(requestBody: [UInt8]) async throws(ListServerError) -> [UInt8]
    /// Follows the source until the calling task is cancelled (see ``ListFeed/run()``).
    func run() async
    /// Stops serving (see ``ListFeed/stop()``).
    func stop()
    /// Where the list stands.
    var status: ListFeedStatus { get }
}

extension ListFeed: ServedList {}
