import Foundation

/// Who may watch a list: a check of the bearer token a request presents, per list.
///
/// ```swift
/// let access = ListAccess.tokens(["mail": ["s3cret-for-the-app"]])
/// ```
///
/// A refused or missing token gets HTTP 401 and no byte of the list. Tokens are compared
/// in time independent of where they differ, and never logged or echoed.
///
/// Thread safety: `Sendable`; the check is called from the request's task.
public struct ListAccess: Sendable {
    let check: @Sendable (_ list: String, _ token: String?) async -> Bool

    /// A check of your own (a database of tokens, a JWT verification): `true` lets the
    /// request at `list` through. Called from the request's task.
    ///
    /// - Parameter check: given the list a request asks for and the bearer token of its
    ///   `Authorization` header (`nil` when the header is missing, empty or of another scheme),
    ///   returns `true` to let the request through; called from the request's task, once per
    ///   request.
    public init(_ check: @escaping @Sendable (_ list: String, _ token: String?) async -> Bool) {
        self.check = check
    }

    /// Every request through, token or not: for a list that is public, or a server behind
    /// another gate.
    public static var open: ListAccess { ListAccess { _, _ in true } }

    /// A static table: the tokens that open each list. A list not in the table opens to
    /// no one.
    ///
    /// - Parameter table: for each list name, the bearer tokens that open it; a token is compared
    ///   with each of its list's tokens in constant time. An empty set opens the list to no one.
    /// - Returns: an access that lets a request through only when the list is in `table` and its
    ///   bearer token is one of that list's tokens; a request without a token is refused.
    public static func tokens(_ table: [String: Set<String>]) -> ListAccess {
        ListAccess { list, token in
            guard let token, let accepted = table[list] else { return false }
            var matched = false
            for candidate in accepted where constantTimeEqual(candidate, token) { matched = true }
            return matched
        }
    }

    /// Whether the request may see `list`, given its `Authorization` header.
    ///
    /// - Parameters:
    ///   - list: the name of the list the request asks for.
    ///   - authorization: the request's `Authorization` header, as sent (`Bearer <token>`); `nil`
    ///     when it sent none.
    /// - Returns: `true` when the check lets the request through; a missing header or one of
    ///   another scheme reaches the check as a `nil` token.
    public func allows(list: String, authorization: String?) async -> Bool {
        await check(list, Self.bearerToken(authorization))
    }

    /// The token of an `Authorization: Bearer <token>` header (the scheme in any case);
    /// `nil` for no header or another scheme.
    ///
    /// - Parameter authorization: an `Authorization` header's value, such as `Bearer s3cret`; `nil`
    ///   for a request without the header.
    /// - Returns: the token, trimmed of spaces; `nil` when `authorization` is `nil`, of another
    ///   scheme, or has an empty token.
    public static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// Compares every byte of the longer text, so the time taken does not say where two
    /// tokens first differ.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0 ..< max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
