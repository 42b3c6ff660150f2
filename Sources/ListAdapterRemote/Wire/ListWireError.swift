/// A message of the list protocol that cannot be read: which message, where in it, and
/// why. A client that receives one keeps its last good list; a server answers a request
/// with one by refusing it, never with the list's data.
///
/// Thread safety: a value type; use it on any queue.
public struct ListWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the bytes.
    public enum Kind: Sendable, Hashable {
        /// The message ends in the middle of a value.
        case truncated
        /// A value is not what its place in the message allows (an unknown message kind,
        /// a varint past 64 bits, text that is not UTF-8, an identifier twice).
        case malformed
        /// A count or length exceeds a limit of the reader (``ListWireLimits``).
        case tooLarge
        /// A message arrived where the protocol does not allow it (a part of a list that
        /// was never started, a change for another version).
        case outOfOrder
        /// Bytes are left after the message's last value.
        case trailingBytes
    }

    /// What is wrong.
    public let kind: Kind
    /// The message being read (`"list part"`, `"change"`, ...).
    public let message: String
    /// The byte offset in that message where reading stopped.
    public let offset: Int
    /// What was expected or found, for a person.
    public let detail: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what is wrong with the bytes.
    ///   - message: the name of the message being read, such as `"change"` or `"payload request"`.
    ///   - offset: the byte offset in that message where reading stopped, from 0 (its kind byte).
    ///   - detail: what was expected or found, for a person.
    public init(_ kind: Kind, message: String, offset: Int, detail: String) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.detail = detail
    }

    /// One line naming the message, the offset and the problem.
    public var description: String {
        "list protocol: \(message) message at byte \(offset): \(detail)"
    }
}

/// The largest values a ``ListWireReader`` accepts: a count or length past one is refused
/// with ``ListWireError/Kind/tooLarge`` before anything is allocated for it.
///
/// Thread safety: a value type; use it on any queue.
public struct ListWireLimits: Sendable, Hashable {
    /// The most rows a list may announce. Default 50,000,000.
    public var rows: Int
    /// The most bytes of one text (a section title, a `String` identifier). Default 64 KiB.
    public var textBytes: Int
    /// The most identifiers one payload request may name. Default 1,000.
    public var requestedItems: Int
    /// The most bytes a compressed message may inflate to. Default 64 MiB.
    public var inflatedMessageBytes: Int

    /// The defaults.
    ///
    /// - Parameters:
    ///   - rows: the most rows a list may announce, and the largest path index an edit may name;
    ///     50,000,000 by default.
    ///   - textBytes: the most bytes of one text (a section title, a `String` identifier); 65,536
    ///     (64 KiB) by default.
    ///   - requestedItems: the most identifiers one payload request or delete may name; 1,000 by
    ///     default.
    ///   - inflatedMessageBytes: the most bytes a compressed message may inflate to;
    ///     67,108,864 (64 MiB) by default.
    public init(rows: Int = 50_000_000, textBytes: Int = 65_536, requestedItems: Int = 1_000, inflatedMessageBytes: Int = 67_108_864) {
        self.rows = rows
        self.textBytes = textBytes
        self.requestedItems = requestedItems
        self.inflatedMessageBytes = inflatedMessageBytes
    }
}
