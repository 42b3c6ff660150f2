import ListAdapterSQLite

/// A SQLite identifier as `--json` prints it (``JSONIdentifier``): `1`, `"x"`,
/// `{"real": 2.5}`, `{"blob": "0102"}`.
extension SQLiteIdentifier: JSONIdentifier {
    var json: JSONValue {
        switch self {
        case .integer(let value):
            .int(Int(value))
        case .text(let text):
            .string(text.string)
        case .real(let value):
            // A JSON number would read back as the INTEGER 2 for the REAL 2.0; infinities
            // have no JSON number at all.
            .object([("real", value.isFinite ? .double(value) : .string(value > 0 ? "Infinity" : "-Infinity"))])
        case .blob(let bytes):
            .object([("blob", .string(bytes.map { byte in
                let digits = String(byte, radix: 16)
                return byte < 16 ? "0" + digits : digits
            }.joined()))])
        }
    }
}
