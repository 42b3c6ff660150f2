import ListAdapter
import ListAdapterRemote

/// A second reading of the list protocol's list and change messages (`Int64` identifiers
/// and summaries), written plainly from the table in `ListWireMessages` and the rules in
/// `ListWireDecoder`'s documentation: the oracle of the random damage test. It shares only
/// the reader's primitives (bytes, varints, texts) with the decoder, never its counts,
/// its assembly of parts or its checks, and it is slow on purpose (arrays, no builder).
enum WireReference {
    /// One row as both readings give it: a list's entry, or a change's row.
    struct Row: Equatable, CustomStringConvertible {
        var title: String?
        var id: Int64
        var summary: Int64
        /// A change's row's gap (0 for a list's entry).
        var gap = 0

        var description: String { "(\(title.map { "\"\($0)\"" } ?? "nil") \(id) \(summary) \(gap))" }
    }

    /// What a message brings, in a form both readings can give.
    enum Event: Equatable {
        case list(ListVersion, [Row])
        case change(from: ListVersion, to: ListVersion, touched: [Int64], rows: [Row])
    }

    /// The events of `messages` read in order, or the index of the first message refused.
    enum Outcome: Equatable {
        case read([Event])
        case refused(at: Int)
    }

    /// The decoder's events in the reference's form.
    static func form(_ event: ListWireEvent<Int64, Int64>) -> Event? {
        switch event {
        case .list(let version, let snapshot):
            return .list(version, snapshot.entries.map { Row(title: $0.section, id: $0.id, summary: $0.summary) })
        case .change(let from, let to, let patch):
            return .change(from: from, to: to, touched: patch.touched, rows: patch.rows.map { Row(title: $0.section, id: $0.id, summary: $0.summary, gap: $0.gap) })
        case .failure, .upToDate:
            return nil
        }
    }

    /// A list being read: what its start announced, and what arrived.
    private struct List {
        var version: ListVersion
        var rows: Int
        var sections: Int
        var entries: [Row] = []
        var titles: [String?] = []
        var current: String??
    }

    /// Reads list starts, parts, ends and changes, refusing what the protocol refuses.
    static func read(_ messages: [[UInt8]], limits: ListWireLimits = ListWireLimits()) -> Outcome {
        var events: [Event] = []
        var list: List?
        for (index, message) in messages.enumerated() {
            var reader = ListWireReader(message, message: "reference", limits: limits)
            do throws(ListWireError) {
                switch try reader.readByte() {
                case 1:
                    let version = ListVersion(epoch: try reader.readVarint(), sequence: try reader.readVarint())
                    let rows = try reader.readVarint()
                    let sections = try reader.readVarint()
                    try reader.expectEnd()
                    // At most the limit of rows, and no more sections than rows (or one, for none).
                    guard rows <= UInt64(limits.rows), sections <= UInt64(limits.rows) + 1,
                          sections <= max(rows, 1) || rows == 0 else { return .refused(at: index) }
                    list = List(version: version, rows: Int(rows), sections: Int(sections))
                case 2:
                    guard var reading = list else { return .refused(at: index) }
                    list = nil
                    let runs = try reader.readVarint()
                    var run: UInt64 = 0
                    while run < runs {
                        run += 1
                        let title = try reader.readOptionalText()
                        let count = try reader.readVarint()
                        guard count <= UInt64(reading.rows - reading.entries.count) else { return .refused(at: index) }
                        // A run of another title than the last starts a section, never one seen before.
                        if reading.current != .some(title) {
                            guard !reading.titles.contains(title), reading.titles.count < reading.sections else { return .refused(at: index) }
                            reading.titles.append(title)
                            reading.current = .some(title)
                        }
                        for _ in 0 ..< Int(count) {
                            reading.entries.append(Row(title: title, id: try reader.readSigned(), summary: try reader.readSigned()))
                        }
                    }
                    try reader.expectEnd()
                    list = reading
                case 3:
                    guard let reading = list else { return .refused(at: index) }
                    list = nil
                    let version = ListVersion(epoch: try reader.readVarint(), sequence: try reader.readVarint())
                    try reader.expectEnd()
                    guard version == reading.version, reading.entries.count == reading.rows, reading.titles.count == reading.sections,
                          Set(reading.entries.map(\.id)).count == reading.rows else { return .refused(at: index) }
                    events.append(.list(version, reading.entries))
                case 4:
                    guard list == nil else { return .refused(at: index) }
                    let from = ListVersion(epoch: try reader.readVarint(), sequence: try reader.readVarint())
                    let to = ListVersion(epoch: try reader.readVarint(), sequence: try reader.readVarint())
                    guard from.epoch == to.epoch, to.sequence > from.sequence else { return .refused(at: index) }
                    let touchedCount = try reader.readVarint()
                    guard touchedCount <= UInt64(limits.rows) else { return .refused(at: index) }
                    var touched: [Int64] = []
                    while UInt64(touched.count) < touchedCount { touched.append(try reader.readSigned()) }
                    let titleCount = try reader.readVarint()
                    var titles: [String?] = []
                    while UInt64(titles.count) < titleCount { titles.append(try reader.readOptionalText()) }
                    let rowCount = try reader.readVarint()
                    guard rowCount <= UInt64(limits.rows) else { return .refused(at: index) }
                    var rows: [Row] = []
                    var gap = 0
                    while UInt64(rows.count) < rowCount {
                        let title = try reader.readVarint()
                        guard title < UInt64(titles.count) else { return .refused(at: index) }
                        let id = try reader.readSigned()
                        let summary = try reader.readSigned()
                        // Gaps ascend, each by at most the limit of rows.
                        let increase = try reader.readSigned()
                        guard increase >= 0, increase <= Int64(limits.rows) else { return .refused(at: index) }
                        gap += Int(increase)
                        rows.append(Row(title: titles[Int(title)], id: id, summary: summary, gap: gap))
                    }
                    try reader.expectEnd()
                    events.append(.change(from: from, to: to, touched: touched, rows: rows))
                case 5:
                    // A failure: a code and a text; it says nothing of the list.
                    _ = try reader.readByte()
                    _ = try reader.readText()
                    try reader.expectEnd()
                case 6:
                    guard list == nil else { return .refused(at: index) }
                    _ = ListVersion(epoch: try reader.readVarint(), sequence: try reader.readVarint())
                    try reader.expectEnd()
                default:
                    // Compressed messages (7) are not in the damage test's messages.
                    return .refused(at: index)
                }
            } catch {
                return .refused(at: index)
            }
        }
        return .read(events)
    }
}
