/// `sample browse`'s keys: bytes read from the terminal in raw mode become keys, never a
/// trap, whatever a paste or a terminal sends (split escape sequences, invalid UTF-8).
enum KeyInput {
    static func check(_ bytes: [UInt8]) {
        let keys = Terminal.parse(bytes)
        // Every key consumes at least one byte.
        if keys.count > bytes.count { fail("\(bytes.count) bytes parsed into \(keys.count) keys") }
        for key in keys {
            if case .character(let character) = key, character.unicodeScalars.count != 1 {
                // One key is one scalar: a byte, or one UTF-8 sequence.
                fail("a key of \(character.unicodeScalars.count) scalars from \(bytes)")
            }
        }
    }
}
