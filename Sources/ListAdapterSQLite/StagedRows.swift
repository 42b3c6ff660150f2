import Foundation
import ListAdapter

/// The bytes of the section title last seen by the scan, in a buffer that grows as needed,
/// or "NULL". A plain buffer rather than an `Array`, so comparing costs no reference counting.
struct TitleBytes {
    private var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    private var capacity = 64
    private var count = -1      // -1: NULL (the state before the first row)

    var isNull: Bool { count < 0 }

    func equals(_ text: UnsafePointer<UInt8>, count: Int) -> Bool {
        self.count == count && memcmp(buffer, text, count) == 0
    }

    mutating func set(_ text: UnsafePointer<UInt8>, count: Int) {
        if count > capacity {
            buffer.deallocate()
            capacity = max(count, capacity * 2)
            buffer = .allocate(capacity: capacity)
        }
        buffer.update(from: text, count: count)
        self.count = count
    }

    mutating func setNull() { count = -1 }

    func deallocate() { buffer.deallocate() }
}

/// Rows read by the scan but not yet in the builder: a fixed buffer, so that a row costs
/// two stores instead of three growing-array appends, taken as a ``RowBlock``.
struct StagedRows<ID: Hashable & Sendable, Summary: Equatable & Sendable> {
    static var capacity: Int { 8_192 }
    private let ids = UnsafeMutablePointer<ID>.allocate(capacity: Self.capacity)
    private let summaries = UnsafeMutablePointer<Summary>.allocate(capacity: Self.capacity)
    private var count = 0
    /// Where each section's rows start in the buffer; the first run continues the
    /// previous block's section.
    private var runs: [RowBlock<ID, Summary>.Run] = [.init(start: 0, title: nil)]

    /// Stages a row; true when the buffer is full and must be taken.
    @inline(__always)
    mutating func append(_ id: ID, _ summary: Summary) -> Bool {
        (ids + count).initialize(to: id)
        (summaries + count).initialize(to: summary)
        count += 1
        return count == Self.capacity
    }

    /// The rows staged from now on belong to section `title`.
    mutating func setSection(_ title: String?) {
        if runs[runs.count - 1].start == count { runs.removeLast() }
        runs.append(.init(start: count, title: title))
    }

    /// The staged rows as a block, leaving the buffer empty (in the same section).
    mutating func takeBlock() -> RowBlock<ID, Summary> {
        let block = RowBlock(
            ids: ContiguousArray(UnsafeBufferPointer(start: ids, count: count)),
            summaries: ContiguousArray(UnsafeBufferPointer(start: summaries, count: count)),
            runs: runs
        )
        ids.deinitialize(count: count)
        summaries.deinitialize(count: count)
        count = 0
        runs = [.init(start: 0, title: runs[runs.count - 1].title)]
        return block
    }

    /// Frees the buffer (and any rows still staged, after an error).
    mutating func deallocate() {
        ids.deinitialize(count: count)
        summaries.deinitialize(count: count)
        count = 0
        ids.deallocate()
        summaries.deallocate()
    }
}

/// A block of scanned rows on its way to the builder, in runs of one section each.
struct RowBlock<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    struct Run: Sendable {
        let start: Int
        let title: String?
    }

    let ids: ContiguousArray<ID>
    let summaries: ContiguousArray<Summary>
    let runs: [Run]

    /// Appends the block's rows to `builder`, each run in its section.
    func apply(to builder: inout ListSnapshot<ID, Summary>.Builder) {
        for (number, run) in runs.enumerated() {
            let end = number + 1 < runs.count ? runs[number + 1].start : ids.count
            builder.setSection(run.title)
            builder.append(contentsOf: ids[run.start ..< end], summaries: summaries[run.start ..< end])
        }
    }
}
