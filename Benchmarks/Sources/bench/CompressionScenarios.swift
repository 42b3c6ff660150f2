import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterSQLite
import ListAdapterServer

/// The first list of a remote app, compressed (`bench --only compression`): a server
/// encodes a list once per version, then deflates its parts once for every watcher that
/// accepts it; an app inflates and reads them. For two lists of `size` rows: the bench's
/// mail file as a source loads it (sequential identifiers, summaries mostly equal) and
/// random identifiers with random timestamps for summaries (what compresses worst). Figures:
/// the bytes at zlib levels 1 (the feed's default), 6 and 9, the time to compress against
/// the time to encode (the baseline), and an app's time to read the compressed list against
/// the plain one. Medians of 9.
///
/// The calling task only.
enum CompressionScenarios {
    typealias Messages = ListWireMessages<Int64, Int64>
    static let repetitions = 9

    static func run(size: Int, directory: URL) async throws -> [Measurement] {
        let database = try MailDatabase(count: size, directory: directory)
        let source = try SQLiteListSource<Int64, Int64, MailDatabase.Message>(path: database.path, query: SQLiteScenarios.query(), access: .followed)
        let mail = try await source.loadEntries()
        try source.database.close()
        var random = SystemRandomNumberGenerator()
        var ids = Set<Int64>()
        var entries: [ListEntry<Int64, Int64>] = []
        entries.reserveCapacity(size)
        while entries.count < size {
            let id = Int64.random(in: 1 ... 1 << 40, using: &random)
            guard ids.insert(id).inserted else { continue }
            entries.append(ListEntry(id: id, section: "2026-\(String(format: "%04d", entries.count / max(1, size / 1_000)))", summary: 1_790_000_000_000 + Int64.random(in: 0 ..< 1 << 32, using: &random)))
        }
        return measure(mail, name: "the mail file") + measure(ListSnapshot(entries), name: "random identifiers and summaries")
    }

    static func measure(_ snapshot: ListSnapshot<Int64, Int64>, name: String) -> [Measurement] {
        let version = ListVersion(epoch: 1, sequence: 1)
        let rows = ListFeedConfiguration().rowsPerListPart
        var plain: [[UInt8]] = []
        let encode = medianMilliseconds(repetitions: repetitions) { plain = Messages.list(snapshot, version: version, rowsPerPart: rows) }
        let plainBytes = plain.reduce(0) { $0 + $1.count }
        var results: [Measurement] = []
        var compressed: [[UInt8]] = []
        for level in [1, 6, 9] {
            var messages: [[UInt8]] = []
            let time = medianMilliseconds(repetitions: repetitions) { messages = plain.map { Messages.compressed($0, level: level) } }
            let bytes = messages.reduce(0) { $0 + $1.count }
            if level == ListFeedConfiguration().compressionLevel { compressed = messages }
            results.append(Measurement(
                scenario: "compression: a list of \(name), deflated at level \(level)", size: snapshot.count, figure: time, baseline: encode, unit: "ms",
                target: "reported", passed: nil,
                note: String(format: "%.2f MB -> %.2f MB (%.0f%%); baseline: encoding the list (median of %d)", Double(plainBytes) / 1e6, Double(bytes) / 1e6, 100 * Double(bytes) / Double(plainBytes), repetitions)
            ))
        }
        let readPlain = medianMilliseconds(repetitions: repetitions) { blackHole(read(plain)) }
        let readCompressed = medianMilliseconds(repetitions: repetitions) { blackHole(read(compressed)) }
        precondition(read(compressed) == snapshot && read(plain) == snapshot, "a list read back differs")
        results.append(Measurement(
            scenario: "compression: an app reads a list of \(name), deflated", size: snapshot.count, figure: readCompressed, baseline: readPlain, unit: "ms",
            target: "reported", passed: nil, note: "baseline: the same list read uncompressed; both read back equal to the list sent"
        ))
        return results
    }

    static func read(_ messages: [[UInt8]]) -> ListSnapshot<Int64, Int64>? {
        var decoder = ListWireDecoder<Int64, Int64>()
        var list: ListSnapshot<Int64, Int64>?
        for message in messages {
            if case .list(_, let snapshot)? = try? decoder.decode(message) { list = snapshot }
        }
        return list
    }
}
