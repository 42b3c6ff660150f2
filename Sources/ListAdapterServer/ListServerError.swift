public import ListAdapterRemote

/// Why a server refused a request, with the HTTP status to answer and a message fit to
/// send (it names the list and what was wrong; never a token, a query or a stack).
///
/// Thread safety: a value type; use it on any queue.
public struct ListServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// No list of that name is served (HTTP 404).
        case listNotFound
        /// The token is missing or refused (HTTP 401).
        case unauthorized
        /// The request is malformed or too large (HTTP 400, or 413 for too large).
        case badRequest
        /// The list's source failed to answer (HTTP 503).
        case sourceFailed
        /// An item could not be encoded (HTTP 500): a bug in the item's `Encodable`.
        case itemNotEncodable
        /// The list takes no edits: its feed has no ``ListFeedEditor`` (HTTP 405).
        case editsNotAccepted
        /// The edit names an item the list does not hold, or its store did not take it
        /// (HTTP 409).
        case editRefused
    }

    /// What went wrong.
    public let kind: Kind
    /// The list asked for.
    public let list: String
    /// A message fit to send to the app.
    public let message: String
    /// The protocol error behind a ``Kind/badRequest``, if any.
    public let wireError: ListWireError?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong; it decides ``httpStatus``.
    ///   - list: the name of the list the request asked for.
    ///   - message: a message fit to send to the app: no token, query or stack.
    ///   - wireError: the protocol error behind a ``Kind/badRequest``; `nil`, the default, for none
    ///     (a too-large request answers HTTP 413 only with one).
    public init(_ kind: Kind, list: String, message: String, wireError: ListWireError? = nil) {
        self.kind = kind
        self.list = list
        self.message = message
        self.wireError = wireError
    }

    /// The HTTP status that answers it.
    public var httpStatus: Int {
        switch kind {
        case .listNotFound: 404
        case .unauthorized: 401
        case .badRequest: wireError?.kind == .tooLarge ? 413 : 400
        case .sourceFailed: 503
        case .itemNotEncodable: 500
        case .editsNotAccepted: 405
        case .editRefused: 409
        }
    }

    /// The list and the message.
    public var description: String { "list \"\(list)\": \(message)" }
}
