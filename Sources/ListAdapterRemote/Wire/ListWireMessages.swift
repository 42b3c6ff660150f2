public import ListAdapter

/// The messages a server sends an app that watches a list, one WebSocket binary message
/// each. The first byte names the kind:
///
/// | Kind | Byte | Then |
/// |---|---|---|
/// | list start | 1 | version, row count, section count |
/// | list part | 2 | runs: section title, row count, rows (identifier, summary) |
/// | list end | 3 | version (the start's) |
/// | change | 4 | version before, version after, touched identifiers, section titles, rows (title index, identifier, summary, gap increase, zigzag) |
/// | failure | 5 | code, message |
/// | up to date | 6 | version |
/// | compressed | 7 | compression (0: raw DEFLATE), the message's length, the compressed message |
///
/// A list is a start, parts of bounded size (a section may continue from one part to the
/// next) and an end; a change is a `ListSnapshotPatch` from the version before to the
/// version after. A watch that resumes at the server's latest version is told so at once
/// (up to date), so the app knows its connection is live before the next change. A watch
/// that accepts a compression (``ListWireCompression``) may be sent any other message
/// compressed (``compressed(_:with:level:threshold:)``). Integers are varints (see
/// ``ListWireWriter``).
///
/// Thread safety: stateless; call from any queue.
public enum ListWireMessages<ID: Hashable & Sendable & ListWireValue, Summary: Equatable & Sendable & ListWireValue> {
    /// The first byte of each kind of message.
    public enum Kind: UInt8, Sendable, CaseIterable {
        case listStart = 1, listPart = 2, listEnd = 3, change = 4, failure = 5, upToDate = 6, compressed = 7
    }

    /// The messages that carry `snapshot` at `version`: a start, parts of at most
    /// `rowsPerPart` rows, an end.
    ///
    /// - Parameters:
    ///   - snapshot: the whole list to send.
    ///   - version: the version the list is at; both the start and the end name it.
    ///   - rowsPerPart: the most rows in one part message (at least 1); 16,384 by default. An empty
    ///     section travels as a run of no rows.
    /// - Returns: the messages in the order to send them: a start, the parts, an end; at least two,
    ///   none compressed.
    // Specialised for the common identifier and summary types: a feed calls these from its
    // own generic code, where nothing else would specialise them (a 1M-row list took 650 ms
    // to encode unspecialised).
    @_specialize(where ID == Int64, Summary == Int64)
    @_specialize(where ID == Int64, Summary == NoSummary)
    @_specialize(where ID == Int, Summary == Int)
    @_specialize(where ID == String, Summary == Int64)
    public static func list(_ snapshot: ListSnapshot<ID, Summary>, version: ListVersion, rowsPerPart: Int = 16_384) -> [[UInt8]] {
        precondition(rowsPerPart > 0, "a part holds at least one row")
        var messages: [[UInt8]] = []
        var start = ListWireWriter(capacity: 32)
        start.write(byte: Kind.listStart.rawValue)
        version.write(to: &start)
        start.write(count: snapshot.count)
        start.write(count: snapshot.numberOfSections)
        messages.append(start.bytes)
        var runs: [(title: String?, section: Int, range: Range<Int>)] = []
        var rowsInPart = 0
        func flush() {
            guard !runs.isEmpty else { return }
            var writer = ListWireWriter(capacity: rowsInPart * 6 + 16)
            writer.write(byte: Kind.listPart.rawValue)
            writer.write(count: runs.count)
            for run in runs {
                writer.write(optionalText: run.title)
                writer.write(count: run.range.count)
                for item in run.range {
                    let path = ItemPath(section: run.section, item: item)
                    snapshot.identifier(at: path).write(to: &writer)
                    snapshot.summary(at: path).write(to: &writer)
                }
            }
            messages.append(writer.bytes)
            runs = []
            rowsInPart = 0
        }
        for section in 0 ..< snapshot.numberOfSections {
            let count = snapshot.numberOfItems(inSection: section)
            var item = 0
            // An empty section still travels, as a run of no rows.
            repeat {
                let take = min(count - item, rowsPerPart - rowsInPart)
                runs.append((snapshot.title(ofSection: section), section, item ..< item + take))
                rowsInPart += take
                item += take
                if rowsInPart == rowsPerPart { flush() }
            } while item < count
        }
        flush()
        var end = ListWireWriter(capacity: 24)
        end.write(byte: Kind.listEnd.rawValue)
        version.write(to: &end)
        messages.append(end.bytes)
        return messages
    }

    /// The message that takes a list from version `from` to `to` by `patch`.
    ///
    /// - Parameters:
    ///   - from: the version the receiver must hold for the change to apply.
    ///   - to: the version the change brings it to, usually `from.next`.
    ///   - patch: the change, as `ListSnapshotPatch(from:to:)` or an incremental source computes
    ///     it.
    /// - Returns: one change message (kind 4), not compressed.
    public static func change(from: ListVersion, to: ListVersion, patch: ListSnapshotPatch<ID, Summary>) -> [UInt8] {
        var writer = ListWireWriter(capacity: 32 + patch.touched.count * 4 + patch.rows.count * 8)
        writer.write(byte: Kind.change.rawValue)
        from.write(to: &writer)
        to.write(to: &writer)
        writer.write(count: patch.touched.count)
        for id in patch.touched { id.write(to: &writer) }
        var titleIndex: [String?: Int] = [:]
        var titles: [String?] = []
        var indices: [Int] = []
        indices.reserveCapacity(patch.rows.count)
        for row in patch.rows {
            if let index = titleIndex[row.section] {
                indices.append(index)
            } else {
                titleIndex[row.section] = titles.count
                indices.append(titles.count)
                titles.append(row.section)
            }
        }
        writer.write(count: titles.count)
        for title in titles { writer.write(optionalText: title) }
        writer.write(count: patch.rows.count)
        var gap = 0
        for (row, index) in zip(patch.rows, indices) {
            writer.write(count: index)
            row.id.write(to: &writer)
            row.summary.write(to: &writer)
            writer.write(signed: Int64(row.gap - gap))     // ascending in a valid patch: a small positive number
            gap = row.gap
        }
        return writer.bytes
    }

    /// The message that tells a watch resuming at `version` that it is the latest.
    ///
    /// - Parameter version: the server's latest version, which the resuming watch holds.
    /// - Returns: one up-to-date message (kind 6).
    public static func upToDate(_ version: ListVersion) -> [UInt8] {
        var writer = ListWireWriter(capacity: 24)
        writer.write(byte: Kind.upToDate.rawValue)
        version.write(to: &writer)
        return writer.bytes
    }

    /// The message that ends a watch with `failure`.
    ///
    /// - Parameter failure: why the server stops serving the watch: a code and a message fit to
    ///   send.
    /// - Returns: one failure message (kind 5), the last of a watch.
    public static func failure(_ failure: ListWireFailure) -> [UInt8] {
        var writer = ListWireWriter()
        writer.write(byte: Kind.failure.rawValue)
        writer.write(byte: failure.code.rawValue)
        writer.write(text: failure.message)
        return writer.bytes
    }
}
