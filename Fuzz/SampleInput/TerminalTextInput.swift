/// Text from a database row as `sample browse` draws it (``TerminalText``): whatever the
/// file holds, the drawn text has no control character left and takes exactly the columns
/// asked for, so a row can neither drive the terminal nor wrap.
enum TerminalTextInput {
    static func check(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)        // a database's bytes as the row decoder repairs them
        let sanitized = TerminalText.sanitized(text)
        for scalar in sanitized.unicodeScalars where isControl(scalar) {
            fail("sanitized text keeps control U+\(String(scalar.value, radix: 16)) from \(bytes)")
        }
        for columns in [0, 1, 2, 3, 8, 20] {
            let fitted = TerminalText.fitted(text, width: columns)
            let width = TerminalText.width(of: fitted)
            if width != columns { fail("fitted to \(columns) columns takes \(width): \(fitted.debugDescription) from \(bytes)") }
            if fitted.unicodeScalars.contains(where: isControl) { fail("fitted text keeps a control character from \(bytes)") }
            let truncated = TerminalText.truncated(text, toWidth: columns)
            if TerminalText.width(of: truncated) > columns { fail("truncated to \(columns) columns takes \(TerminalText.width(of: truncated)) from \(bytes)") }
        }
    }

    /// What must never reach the terminal: C0 and C1 controls, DEL, bidirectional
    /// embeddings, overrides and isolates, line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00 ... 0x1F, 0x7F ... 0x9F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
