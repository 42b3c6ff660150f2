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
    /// The first few identifiers concerned, printed as the list's ids are.
    let samples: [String]

    /// The duplicates one load of `source` (`table "t" in mail.sqlite`) reported, their
    /// identifiers printed by `idText`.
    init<ID>(_ duplicates: DuplicateIdentifiers<ID>, source: String, idText: (ID) -> String) {
        kind = "duplicateIdentifiers"
        count = duplicates.count
        samples = duplicates.samples.map(idText)
        let rows = count == 1 ? "1 row has the identifier" : "\(count) rows have identifiers"
        message = "\(source): \(rows) of an earlier row, e.g. \(samples.prefix(3).joined(separator: ", ")); kept the first row of each"
    }

    /// `kind: message`, the plain-text form.
    var description: String { "\(kind): \(message)" }

    /// `{"warning": {"kind": ..., "count": ..., "message": ..., "samples": [...]}}`, the
    /// `--json` form, beside ``SourceFailure/json``'s `{"error": ...}`.
    var json: JSONValue {
        .object([("warning", .object([
            ("kind", .string(kind)), ("count", .int(count)), ("message", .string(message)),
            ("samples", .array(samples.map(JSONValue.string))),
        ]))])
    }
}
