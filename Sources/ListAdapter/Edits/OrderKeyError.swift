/// A text that is not a valid ``OrderKey``, or two bounds out of order, naming the key.
///
/// Order keys usually come from a database column, so a bad one is bad data: a source
/// that writes moves reports it with the table and row.
///
/// Thread safety: a value type; use it on any queue.
public struct OrderKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The key is empty.
        case empty
        /// The byte at `offset` (in UTF-8) is not one of the digits `0-9A-Za-z`.
        case invalidCharacter(offset: Int)
        /// The key ends in `0`, which would make it equal to a shorter key.
        case trailingZero
        /// The lower bound ``OrderKeyError/key`` is not below the upper bound
        /// ``OrderKeyError/other``.
        case notAscending
    }

    /// What is wrong.
    public let kind: Kind
    /// The bad key (for ``Kind/notAscending``, the lower bound).
    public let key: String
    /// The upper bound, for ``Kind/notAscending``.
    public let other: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what is wrong.
    ///   - key: the bad key (for ``Kind/notAscending``, the lower bound).
    ///   - other: the upper bound, for ``Kind/notAscending``; `nil` by default.
    public init(_ kind: Kind, key: String, other: String? = nil) {
        self.kind = kind
        self.key = key
        self.other = other
    }

    /// A one-line explanation naming the key. Any queue.
    public var description: String {
        switch kind {
        case .empty:
            "invalid order key \"\": empty"
        case .invalidCharacter(let offset):
            "invalid order key \(key.debugDescription): byte \(offset) is not one of 0-9A-Za-z"
        case .trailingZero:
            "invalid order key \(key.debugDescription): ends in 0"
        case .notAscending:
            "order keys out of order: \(key.debugDescription) is not below \((other ?? "").debugDescription)"
        }
    }
}
