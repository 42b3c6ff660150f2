/// A `sample diff` identifier that is exactly the text it was given.
///
/// Swift's `String` equality is canonical equivalence: `"é"` (U+00E9) equals `"e\u{301}"`
/// (e and a combining acute accent). Identifiers read from a JSON file or a database are
/// exact values, and those two are different identifiers, so this wrapper compares and
/// hashes the UTF-8 bytes (the same as comparing Unicode scalars).
///
/// A value; use it on any thread.
struct ExactIdentifier: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier's text, exactly as given.
    let text: String

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()              // bridged strings: compare and hash without transcoding
        self.text = text
    }

    init(stringLiteral text: String) {
        self.init(text)
    }

    var description: String { text }

    static func == (lhs: ExactIdentifier, rhs: ExactIdentifier) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
