import ListAdapterServer
import Testing

/// Who may watch a list: the `Authorization` headers a client may send, each against a
/// table of tokens, as the routes call it (`allows(list:authorization:)`). Oracle: RFC 6750
/// and 7235 (the scheme `Bearer` in any case, then one or more spaces, then the token) and
/// the table: a request opens exactly the lists whose tokens hold its token, byte for byte.
@Suite("List access")
struct ListAccessTests {
    static let token = "s3cret-for-the-app"
    static let access = ListAccess.tokens(["mail": [token, "another-app's"], "notes": ["for-notes"]])

    /// The headers that open "mail": the token, with the scheme in any case and the
    /// spaces RFC 7235 allows around it.
    @Test(arguments: [
        "Bearer \(token)", "bearer \(token)", "BEARER \(token)", "Bearer   \(token)", "Bearer \(token)  ", "  Bearer \(token)",
        "Bearer another-app's",
    ])
    func aGoodTokenOpensItsList(_ header: String) async {
        #expect(await Self.access.allows(list: "mail", authorization: header))
    }

    /// The headers that open nothing.
    @Test(arguments: [
        ("no header", nil),
        ("empty", ""),
        ("spaces", "   "),
        ("the scheme alone", "Bearer"),
        ("the scheme and a space", "Bearer "),
        ("the token alone", token),
        ("another scheme", "Basic \(token)"),
        ("Basic credentials", "Basic dXNlcjpzM2NyZXQtZm9yLXRoZS1hcHA="),
        ("a scheme that starts like Bearer", "Bearerx \(token)"),
        ("a tab for the space", "Bearer\t\(token)"),
        ("one character short", "Bearer \(token.dropLast())"),
        ("one character long", "Bearer \(token)x"),
        ("a NUL after the token", "Bearer \(token)\u{0}"),
        ("the first character wrong", "Bearer X\(token.dropFirst())"),
        ("the last character wrong", "Bearer \(token.dropLast())X"),
        ("another case", "Bearer \(token.uppercased())"),
        ("a space inside", "Bearer s3cret for-the-app"),
        ("two tokens", "Bearer \(token) \(token)"),
        ("another list's token", "Bearer for-notes"),
        ("a newline after the token", "Bearer \(token)\n"),
    ] as [(String, String?)])
    func aWrongOrMissingTokenOpensNothing(_ what: String, _ header: String?) async {
        #expect(await !Self.access.allows(list: "mail", authorization: header), "\(what)")
    }

    @Test func aTokenOpensOnlyTheListsWhoseTableHoldsIt() async {
        #expect(await Self.access.allows(list: "notes", authorization: "Bearer for-notes"))
        #expect(await !Self.access.allows(list: "notes", authorization: "Bearer \(Self.token)"))
        #expect(await !Self.access.allows(list: "trash", authorization: "Bearer \(Self.token)"), "a list not in the table opens to no one")
        #expect(await !ListAccess.tokens([:]).allows(list: "mail", authorization: "Bearer \(Self.token)"))
        #expect(await !ListAccess.tokens(["mail": []]).allows(list: "mail", authorization: "Bearer \(Self.token)"))
    }

    @Test func everyTokenOfALengthIsComparedWhole() async {
        // Tokens of one length differing at each position in turn, and the prefixes and
        // extensions of the token: only the token itself opens the list. (That the time
        // taken does not depend on where they differ is not measured here: timing on a
        // loaded machine says nothing reliable.)
        let bytes = Array(Self.token.utf8)
        for position in bytes.indices {
            var other = bytes
            other[position] ^= 0x01
            let header = "Bearer " + String(decoding: other, as: UTF8.self)
            #expect(await !Self.access.allows(list: "mail", authorization: header), "differs at \(position)")
        }
        for length in 1 ..< bytes.count {
            let header = "Bearer " + String(decoding: bytes.prefix(length), as: UTF8.self)
            #expect(await !Self.access.allows(list: "mail", authorization: header), "the first \(length) bytes")
        }
        #expect(await !Self.access.allows(list: "mail", authorization: "Bearer \(Self.token)\(Self.token)"))
    }

    @Test func theBearerTokenIsTheHeadersTokenOrNothing() {
        #expect(ListAccess.bearerToken("Bearer abc") == "abc")
        #expect(ListAccess.bearerToken("bearer  abc ") == "abc")
        #expect(ListAccess.bearerToken("Basic abc") == nil)
        #expect(ListAccess.bearerToken("Bearer") == nil)
        #expect(ListAccess.bearerToken("Bearer    ") == nil)
        #expect(ListAccess.bearerToken(nil) == nil)
    }

    @Test func anOpenListOrACheckOfYourOwnSeesTheToken() async {
        #expect(await ListAccess.open.allows(list: "mail", authorization: nil))
        let seen = ListAccess { list, token in list == "mail" && token == "from-a-database" }
        #expect(await seen.allows(list: "mail", authorization: "Bearer from-a-database"))
        #expect(await !seen.allows(list: "mail", authorization: "Basic from-a-database"))
        #expect(await !seen.allows(list: "notes", authorization: "Bearer from-a-database"))
    }
}
