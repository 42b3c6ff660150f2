import Foundation

/// An identifier as `--json` prints it: an integer as a JSON number, a text as a JSON
/// string, and what JSON has no exact form for as an object naming its kind
/// (`{"real": 2.5}`, `{"blob": "0102"}`), so that SQLite's `1`, `'1'` and `1.0`, three
/// identifiers, print as three values a JSON reader tells apart.
///
/// Values; use them on any thread.
protocol JSONIdentifier: CustomStringConvertible {
    /// The identifier as a JSON value.
    var json: JSONValue { get }
}

extension Int64: JSONIdentifier {
    var json: JSONValue { .int(Int(self)) }
}

extension String: JSONIdentifier {
    var json: JSONValue { .string(self) }
}

extension UUID: JSONIdentifier {
    /// Lowercase, as PostgreSQL prints a `uuid`.
    var json: JSONValue { .string(uuidString.lowercased()) }
}

extension ExactIdentifier: JSONIdentifier {
    var json: JSONValue { .string(text) }
}
