import GRDB
import Testing
@testable import Sample

/// `browse`'s `/` search turns the user's text into an FTS5 query of quoted prefix
/// strings: any text, quotes hidden inside a "letter" included, is a valid query that
/// matches what its words start.
@Suite("sample browse, search phrase")
struct BrowseSearchPhraseTests {
    static func matches(_ text: String, in rows: [String]) throws -> [String] {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(x)")
            for row in rows { try db.execute(sql: "INSERT INTO t(x) VALUES (?)", arguments: [row]) }
            return try String.fetchAll(db, sql: "SELECT x FROM t WHERE t MATCH ? ORDER BY rowid", arguments: [BrowseSetup.ftsPhrase(text)])
        }
    }

    @Test func wordsMatchAsPrefixes() throws {
        #expect(try Self.matches("hel wor", in: ["hello world", "hello there", "world"]) == ["hello world"])
    }

    /// U+0D4E followed by `"` is one Character that Swift counts as a letter: the quote
    /// stays inside the word and must be escaped, or FTS5 rejects the query.
    @Test func aQuoteInsideAWordIsEscaped() throws {
        let text = "\u{0D4E}\"x"
        #expect(text.count == 2)
        #expect(BrowseSetup.ftsPhrase(text) == "\"\u{0D4E}\"\"x\"*")
        #expect(try Self.matches(text, in: ["plain"]) == [])
    }
}
