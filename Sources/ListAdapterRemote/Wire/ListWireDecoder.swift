public import ListAdapter

/// What one message of the list protocol brings an app.
///
/// Thread safety: a value type; use it on any queue.
public enum ListWireEvent<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// A whole list at a version (the last of a start, parts and an end).
    case list(ListVersion, ListSnapshot<ID, Summary>)
    /// A change from one version to the next.
    case change(from: ListVersion, to: ListVersion, patch: ListSnapshotPatch<ID, Summary>)
    /// The server stopped serving the list.
    case failure(ListWireFailure)
    /// The watch resumed at the server's latest version: nothing to send yet.
    case upToDate(ListVersion)
}

/// Reads the messages a server sends (``ListWireMessages``), in order, assembling a list's
/// parts into one `ListSnapshot` as they arrive (no array of entries in between).
///
/// Everything a message claims is checked before it is believed: counts against the bytes
/// left and ``ListWireLimits``, a list's rows and sections against its start, each section
/// title once, each identifier once, a change's gaps ascending; a compressed message's
/// length before it is inflated. The first violation throws a
/// ``ListWireError``; the decoder then expects a new list.
///
/// Thread safety: a value type, used by one task at a time.
public struct ListWireDecoder<ID: Hashable & Sendable & ListWireValue, Summary: Equatable & Sendable & ListWireValue>: Sendable {
    typealias Kind = ListWireMessages<ID, Summary>.Kind

    /// A list being received.
    private struct Assembly: Sendable {
        var version: ListVersion
        var rows: Int
        var sections: Int
        var builder = ListSnapshot<ID, Summary>.Builder()
        var received = 0
        var titles: Set<String?> = []
        var sectionsReceived = 0
        var lastTitle: String??
        /// The rows the builder has room for (``reserve(forPartOf:)``).
        var reserved = 0

        /// Makes room for the rows a part of `bytes` bytes can hold: room grows with the bytes
        /// that arrived (each row takes at least its identifier's byte), doubling, and never
        /// past the rows the start announced, which a start of a dozen bytes may put at
        /// 50,000,000 (reserving them at once took about 14 MB on that word alone).
        mutating func reserve(forPartOf bytes: Int) {
            let needed = min(rows, received + bytes)
            guard needed > reserved else { return }
            reserved = min(rows, max(needed, 2 * reserved))
            builder.reserveCapacity(reserved)
        }
    }

    /// The limits applied to every message.
    public let limits: ListWireLimits
    private var assembly: Assembly?

    /// A decoder with `limits`.
    ///
    /// - Parameter limits: the largest counts and lengths a message may claim; a message past one
    ///   throws ``ListWireError/Kind/tooLarge``. The defaults by default.
    public init(limits: ListWireLimits = ListWireLimits()) {
        self.limits = limits
    }

    /// Whether a list has started and not ended.
    public var isReceivingList: Bool { assembly != nil }

    /// Reads one message; returns the event it completes, or `nil` for the start or a part
    /// of a list.
    ///
    /// - Parameter message: one WebSocket binary message from the server, in the order received; a
    ///   compressed one (kind 7) is inflated first.
    /// - Returns: the event the message completes: a whole list at its end, a change, a failure or
    ///   an up-to-date notice; `nil` for the start or a part of a list.
    /// - Throws: a ``ListWireError`` for a message that cannot be read, exceeds `limits` or comes
    ///   out of order (a part of a list that was never started); the decoder then drops any list it
    ///   was assembling.
    // Specialised for the common identifier and summary types (the source that calls it is
    // generic, and a list of a million rows goes through it).
    @_specialize(where ID == Int64, Summary == Int64)
    @_specialize(where ID == Int64, Summary == NoSummary)
    @_specialize(where ID == Int, Summary == Int)
    @_specialize(where ID == String, Summary == Int64)
    public mutating func decode(_ message: [UInt8]) throws(ListWireError) -> ListWireEvent<ID, Summary>? {
        guard let first = message.first else {
            throw ListWireError(.truncated, message: "empty", offset: 0, detail: "a message has at least its kind byte")
        }
        do throws(ListWireError) {
            switch Kind(rawValue: first) {
            case .listStart: return try start(message)
            case .listPart: return try part(message)
            case .listEnd: return try end(message)
            case .change: return try change(message)
            case .failure: return try failure(message)
            case .upToDate: return try upToDate(message)
            case .compressed: return try decode(inflated(message))
            case nil: throw ListWireError(.malformed, message: "unknown", offset: 0, detail: "no message kind \(first)")
            }
        } catch {
            assembly = nil
            throw error
        }
    }

    private mutating func start(_ message: [UInt8]) throws(ListWireError) -> ListWireEvent<ID, Summary>? {
        var reader = ListWireReader(message, from: 1, message: "list start", limits: limits)
        let version = try ListVersion.read(from: &reader)
        let rows = try reader.readCount(of: "rows", bytesEach: 0, limit: limits.rows)
        let sections = try reader.readCount(of: "sections", bytesEach: 0, limit: limits.rows + 1)
        try reader.expectEnd()
        guard sections <= max(rows, 1) || rows == 0 else {
            throw reader.error(.malformed, "\(sections) sections for \(rows) rows")
        }
        self.assembly = Assembly(version: version, rows: rows, sections: sections)
        return nil
    }

    private mutating func part(_ message: [UInt8]) throws(ListWireError) -> ListWireEvent<ID, Summary>? {
        var reader = ListWireReader(message, from: 1, message: "list part", limits: limits)
        guard var assembly else { throw reader.error(.outOfOrder, "a list part without a list start") }
        self.assembly = nil
        assembly.reserve(forPartOf: message.count)
        let runs = try reader.readCount(of: "runs", bytesEach: 2)
        for _ in 0 ..< runs {
            let title = try reader.readOptionalText()
            let count = try reader.readCount(of: "rows", bytesEach: 0, limit: assembly.rows - assembly.received)
            if assembly.lastTitle != .some(title) {
                guard assembly.titles.insert(title).inserted else {
                    throw reader.error(.malformed, "section \(title.map { "\"\($0)\"" } ?? "nil") comes twice, apart")
                }
                assembly.sectionsReceived += 1
                guard assembly.sectionsReceived <= assembly.sections else {
                    throw reader.error(.malformed, "more sections than the \(assembly.sections) the list start announced")
                }
                assembly.lastTitle = .some(title)
                assembly.builder.setSection(title)
            }
            for _ in 0 ..< count {
                let id = try ID(from: &reader)
                let summary = try Summary(from: &reader)
                assembly.builder.append(id, summary: summary)
            }
            assembly.received += count
        }
        try reader.expectEnd()
        self.assembly = assembly
        return nil
    }

    private mutating func end(_ message: [UInt8]) throws(ListWireError) -> ListWireEvent<ID, Summary>? {
        var reader = ListWireReader(message, from: 1, message: "list end", limits: limits)
        guard let assembly else { throw reader.error(.outOfOrder, "a list end without a list start") }
        self.assembly = nil
        let version = try ListVersion.read(from: &reader)
        try reader.expectEnd()
        guard version == assembly.version else {
            throw reader.error(.outOfOrder, "the list started at version \(assembly.version) ends at \(version)")
        }
        guard assembly.received == assembly.rows, assembly.sectionsReceived == assembly.sections else {
            throw reader.error(.truncated, "\(assembly.received) of \(assembly.rows) rows and \(assembly.sectionsReceived) of \(assembly.sections) sections arrived")
        }
        let snapshot = assembly.builder.build()
        guard snapshot.count == assembly.rows else {
            throw reader.error(.malformed, "\(assembly.rows - snapshot.count) identifiers come twice")
        }
        return .list(version, snapshot)
    }

    private mutating func change(_ message: [UInt8]) throws(ListWireError) -> ListWireEvent<ID, Summary>? {
        var reader = ListWireReader(message, from: 1, message: "change", limits: limits)
        if assembly != nil { throw reader.error(.outOfOrder, "a change in the middle of a list") }
        let from = try ListVersion.read(from: &reader)
        let to = try ListVersion.read(from: &reader)
        guard from.epoch == to.epoch, to.sequence > from.sequence else {
            throw reader.error(.malformed, "a change from version \(from) to \(to)")
        }
        let touchedCount = try reader.readCount(of: "touched identifiers", bytesEach: 0, limit: limits.rows)
        var touched: [ID] = []
        touched.reserveCapacity(min(touchedCount, reader.remaining))
        for _ in 0 ..< touchedCount { touched.append(try ID(from: &reader)) }
        let titleCount = try reader.readCount(of: "section titles", bytesEach: 1)
        var titles: [String?] = []
        for _ in 0 ..< titleCount { titles.append(try reader.readOptionalText()) }
        let rowCount = try reader.readCount(of: "rows", bytesEach: 2, limit: limits.rows)
        var rows: [ListSnapshotPatch<ID, Summary>.Row] = []
        rows.reserveCapacity(rowCount)
        var gap = 0
        for _ in 0 ..< rowCount {
            let index = try reader.readCount(of: "title index", bytesEach: 0)
            guard index < titles.count else { throw reader.error(.malformed, "title \(index) of \(titles.count)") }
            let id = try ID(from: &reader)
            let summary = try Summary(from: &reader)
            let increase = try reader.readSigned()
            // Not `-increase` in the message: Int64.min has no negation (found by fuzzing).
            guard increase >= 0, increase <= Int64(limits.rows) else { throw reader.error(.malformed, "a row's gap changes by \(increase), not 0 to \(limits.rows)") }
            gap += Int(increase)
            rows.append(.init(id: id, section: titles[index], summary: summary, gap: gap))
        }
        try reader.expectEnd()
        return .change(from: from, to: to, patch: ListSnapshotPatch(touched: touched, rows: rows))
    }

    private func upToDate(_ message: [UInt8]) throws(ListWireError) -> ListWireEvent<ID, Summary>? {
        var reader = ListWireReader(message, from: 1, message: "up to date", limits: limits)
        guard assembly == nil else { throw reader.error(.outOfOrder, "in the middle of a list") }
        let version = try ListVersion.read(from: &reader)
        try reader.expectEnd()
        return .upToDate(version)
    }

    private func failure(_ message: [UInt8]) throws(ListWireError) -> ListWireEvent<ID, Summary>? {
        var reader = ListWireReader(message, from: 1, message: "failure", limits: limits)
        let raw = try reader.readByte()
        let text = try reader.readText()
        try reader.expectEnd()
        return .failure(ListWireFailure(ListWireFailure.Code(rawValue: raw) ?? .other, text))
    }
}
