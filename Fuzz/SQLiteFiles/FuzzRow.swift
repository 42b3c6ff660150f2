import GRDB

/// The payload type the fuzzed sources fetch: every column of a row, as text.
///
/// It decodes nothing by type on purpose: a damaged row may hold any storage class in any
/// column, and a record type that traps on a mismatch (GRDB's non-throwing subscripts do)
/// would be a crash of the fuzzer's own making, not of the source.
struct FuzzRow: FetchableRecord, Sendable {
    let values: [String]

    init(row: Row) throws {
        values = row.databaseValues.map { "\($0)" }
    }
}
