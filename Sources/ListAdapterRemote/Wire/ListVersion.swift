/// Which state of a served list a message brings an app to.
///
/// A server gives each list it serves a random ``epoch`` when it starts following it and
/// counts ``sequence`` up by one per change. An app resumes from the version it holds; a
/// version of another epoch (the server restarted) or one older than the server's window
/// is answered with a fresh list.
///
/// Thread safety: a value type; use it on any queue.
public struct ListVersion: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// The server's instance of the list.
    public var epoch: UInt64
    /// The change count within the epoch.
    public var sequence: UInt64

    /// Creates a version.
    ///
    /// - Parameters:
    ///   - epoch: the server's instance of the list, random per start of a feed.
    ///   - sequence: the number of changes within the epoch, 0 for its first list.
    public init(epoch: UInt64, sequence: UInt64) {
        self.epoch = epoch
        self.sequence = sequence
    }

    /// The version after this one.
    public var next: ListVersion { ListVersion(epoch: epoch, sequence: sequence + 1) }

    /// `epoch-sequence`, the epoch in hexadecimal: the form a resume request names.
    public var description: String { "\(String(epoch, radix: 16))-\(sequence)" }

    /// Parses ``description``'s form; `nil` for anything else.
    ///
    /// - Parameter text: a version as ``description`` writes it, such as `1f2e-42`: the epoch in
    ///   hexadecimal (either case), a hyphen, the sequence in decimal, each at most 20 characters.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 20 }),
              let epoch = UInt64(parts[0], radix: 16), let sequence = UInt64(parts[1]) else { return nil }
        self.init(epoch: epoch, sequence: sequence)
    }

    static func read(from reader: inout ListWireReader) throws(ListWireError) -> ListVersion {
        ListVersion(epoch: try reader.readVarint(), sequence: try reader.readVarint())
    }

    func write(to writer: inout ListWireWriter) {
        writer.write(varint: epoch)
        writer.write(varint: sequence)
    }
}

/// Why a server stopped serving an app, as the protocol's last message says.
///
/// Thread safety: a value type; use it on any queue.
public struct ListWireFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason, as a code both ends know.
    public enum Code: UInt8, Sendable, Hashable {
        /// The server serves no list of that name.
        case listNotFound = 1
        /// The token was missing or refused.
        case unauthorized = 2
        /// The server's source failed; the message says how.
        case sourceFailed = 3
        /// The server is shutting down; reconnect later.
        case shuttingDown = 4
        /// The request was malformed or too large.
        case badRequest = 5
        /// Anything else.
        case other = 255
    }

    /// The reason.
    public let code: Code
    /// What the server says, for a person (never a token or a stack trace).
    public let message: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - code: the reason, as a code both ends know.
    ///   - message: what the server says, for a person: never a token or a stack trace.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message.
    public var description: String { "\(code): \(message)" }
}
