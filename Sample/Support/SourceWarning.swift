import ListAdapter

/// Something the listed source did that the list survives, described by what the user
/// gave: today, duplicate identifiers (the adapter keeps each one's first row). The
/// counterpart of ``SourceFailure``: `watch` prints it once per load that has it.
///
/// A value; use it on any queue.
struct SourceWarning: Sendable, CustomStringConvertible {
    /// What happened: `duplicateIdentifiers`.
    let kind: String
    /// One line: the source as the user named it, then what happened.
    let message: String
    /// How many rows it concerns (the rows dropped as duplicates).
    let count: Int
    /// The first few identifiers concerned, as `--json` prints the list's ids.
    let samples: [JSONValue]

    /// The duplicates one load of `source` (`table "t" in mail.sqlite`) reported; the
    /// message names identifiers as the source's query would (`'x'`, `2.5`).
    init<ID: JSONIdentifier>(_ duplicates: DuplicateIdentifiers<ID>, source: String) {
        kind = "duplicateIdentifiers"
        count = duplicates.count
        samples = duplicates.samples.map(\.json)
        let rows = count == 1 ? "1 row has the identifier" : "\(count) rows have identifiers"
        let named = duplicates.samples.prefix(3).map { "\($0)" }.joined(separator: ", ")
        message = "\(source): \(rows) of an earlier row, e.g. \(named); kept the first row of each"
    }

    /// `kind: message`, the plain-text form.
    var description: String { "\(kind): \(message)" }

    /// `{"warning": {"kind": ..., "count": ..., "message": ..., "samples": [...]}}`, the
    /// `--json` form, beside ``SourceFailure/json``'s `{"error": ...}`.
    var json: JSONValue {
        .object([("warning", .object([
            ("kind", .string(kind)), ("count", .int(count)), ("message", .string(message)),
            ("samples", .array(samples)),
        ]))])
    }
}
