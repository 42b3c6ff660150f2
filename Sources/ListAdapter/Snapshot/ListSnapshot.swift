/// What the adapter keeps in memory about a list: identifiers, section titles and
/// summaries, grouped into sections, with an index from identifier to position.
///
/// Sections follow ISListViewAdapter's rule: entries are grouped by section title,
/// sections are ordered by the first appearance of their title, and entries keep list
/// order inside their section. A list whose entries carry no titles forms one untitled
/// section; entries with a `nil` title among titled ones form an untitled section of their
/// own; an empty list has no sections.
///
/// Identifiers are unique: when a data source reports one twice, the first occurrence is
/// kept and the others are dropped and counted in ``duplicates``.
///
/// Storage is chunked: identifiers and summaries in runs of at most 128 items of one
/// section (`ItemChunk`), section boundaries, and an `IdentifierIndex` from identifier
/// to chunk and offset. At a million `Int64` identifiers with `Int64` summaries that is
/// about 25 bytes per item. A snapshot patched from another (see ``applying(_:)``) shares
/// every chunk and index page the patch did not touch.
///
/// Like an array's subscript, the accessors that take a section or a path require one
/// that exists (``numberOfSections``, ``contains(_:)-(ItemPath)``) and trap otherwise. The adapter's
/// read API (``ListViewAdapter/numberOfItems(inSection:)`` and the rest) answers `0` or
/// `nil` instead, for a list view that asks before the first load arrives.
///
/// ```swift
/// let snapshot = ListSnapshot([
///     ListEntry(id: 1, section: "Today", summary: 3),
///     ListEntry(id: 2, section: "Yesterday", summary: 1),
/// ])
/// snapshot.numberOfSections                         // 2
/// snapshot.path(of: 2)                              // ItemPath(section: 1, item: 0)
/// ```
///
/// Thread safety: an immutable-once-built value type; build it on any queue (the adapter
/// builds its snapshots on its private queue) and read it on any queue.
public struct ListSnapshot<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    @usableFromInline typealias Chunk = ItemChunk<ID, Summary>
    /// The items, in chunks in list order.
    @usableFromInline var chunks: ChunkTable<ID, Summary>
    /// `chunkStarts[c]` is the flat position of chunk `c`'s first item; one extra final
    /// entry holds the item count.
    @usableFromInline var chunkStarts: ContiguousArray<Int>
    /// For each chunk serial ever given out in this snapshot's lineage, the chunk's
    /// ordinal in `chunks`, or -1 when no chunk of this snapshot has it.
    @usableFromInline var ordinalOfSerial: ContiguousArray<Int32>
    /// One title per section.
    @usableFromInline var titles: ContiguousArray<String?>
    /// `starts[s]` is the flat position of section `s`'s first item; one extra final entry
    /// holds the item count.
    @usableFromInline var starts: ContiguousArray<Int>
    /// `sectionChunks[s]` is the ordinal of section `s`'s first chunk; one extra final
    /// entry holds the chunk count. An empty section has no chunk.
    @usableFromInline var sectionChunks: ContiguousArray<Int>
    /// Identifier to packed place.
    @usableFromInline var index: IdentifierIndex
    /// For an intermediate state of a staged update only: how it finds identifiers (its
    /// `index` is then empty and its chunk serials are not unique).
    @usableFromInline var staged: StagedLookup<ID, Summary>?
    /// Identifiers the source reported more than once.
    public let duplicates: DuplicateIdentifiers<ID>

    @inlinable
    init(
        chunks: ChunkTable<ID, Summary>,
        chunkStarts: ContiguousArray<Int>,
        ordinalOfSerial: ContiguousArray<Int32>,
        titles: ContiguousArray<String?>,
        starts: ContiguousArray<Int>,
        sectionChunks: ContiguousArray<Int>,
        index: IdentifierIndex,
        staged: StagedLookup<ID, Summary>? = nil,
        duplicates: DuplicateIdentifiers<ID>
    ) {
        self.chunks = chunks
        self.chunkStarts = chunkStarts
        self.ordinalOfSerial = ordinalOfSerial
        self.titles = titles
        self.starts = starts
        self.sectionChunks = sectionChunks
        self.index = index
        self.staged = staged
        self.duplicates = duplicates
    }

    /// An empty list: no sections, no items.
    @inlinable
    public init() {
        self.init(
            chunks: ChunkTable(), chunkStarts: [0], ordinalOfSerial: [], titles: [], starts: [0], sectionChunks: [0],
            index: IdentifierIndex(capacity: 0), duplicates: DuplicateIdentifiers()
        )
    }

    /// Builds a snapshot from entries in list order.
    ///
    /// - Complexity: O(n) expected.
    ///
    /// - Parameter entries: the entries in list order. Sections are ordered by first
    ///   appearance; a repeated identifier keeps its first entry, and the others are counted
    ///   in ``duplicates``.
    @inlinable
    public init<Entries: Sequence>(_ entries: Entries) where Entries.Element == ListEntry<ID, Summary> {
        var builder = Builder()
        builder.reserveCapacity(entries.underestimatedCount)
        for entry in entries {
            builder.append(entry.id, section: entry.section, summary: entry.summary)
        }
        self = builder.build()
    }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { chunkStarts[chunkStarts.count - 1] }

    /// Whether the list has no items (and so no sections).
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var numberOfSections: Int { titles.count }

    /// The number of items in `section`.
    ///
    /// - Precondition: `section` is in `0 ..< numberOfSections`.
    /// - Complexity: O(1).
    ///
    /// - Parameter section: a section index in `0 ..< numberOfSections`.
    /// - Returns: the section's item count.
    @inlinable
    public func numberOfItems(inSection section: Int) -> Int {
        starts[section + 1] - starts[section]
    }

    /// The title of `section`; `nil` for the untitled section.
    ///
    /// - Precondition: `section` is in `0 ..< numberOfSections`.
    /// - Complexity: O(1).
    ///
    /// - Parameter section: a section index in `0 ..< numberOfSections`.
    /// - Returns: the section's title, or `nil` for the untitled section.
    @inlinable
    public func title(ofSection section: Int) -> String? {
        titles[section]
    }

    /// All section titles, in order.
    @inlinable
    public var sectionTitles: ContiguousArray<String?> { titles }

    /// The identifiers of `section`'s items, in order.
    ///
    /// - Precondition: `section` is in `0 ..< numberOfSections`.
    /// - Complexity: O(m) for the section's m items.
    ///
    /// - Parameter section: a section index in `0 ..< numberOfSections`.
    /// - Returns: the identifiers, a fresh copy; empty for an empty section.
    @inlinable
    public func identifiers(inSection section: Int) -> ArraySlice<ID> {
        var result = ContiguousArray<ID>()
        result.reserveCapacity(numberOfItems(inSection: section))
        for chunk in sectionChunks[section] ..< sectionChunks[section + 1] { result.append(contentsOf: chunks[chunk].ids) }
        return ArraySlice(result)
    }

    /// The identifier of the item at `path`.
    ///
    /// - Precondition: `path` is a valid path in this snapshot.
    /// - Complexity: O(log c) over the section's c chunks.
    ///
    /// - Parameter path: a valid path (see ``contains(_:)-(ItemPath)``).
    /// - Returns: the item's identifier.
    @inlinable
    public func identifier(at path: ItemPath) -> ID {
        identifier(atFlatPosition: flatPosition(of: path))
    }

    /// The summary of the item at `path`.
    ///
    /// - Precondition: `path` is a valid path in this snapshot.
    /// - Complexity: O(log c) over the section's c chunks.
    ///
    /// - Parameter path: a valid path (see ``contains(_:)-(ItemPath)``).
    /// - Returns: the item's summary.
    @inlinable
    public func summary(at path: ItemPath) -> Summary {
        summary(atFlatPosition: flatPosition(of: path))
    }

    /// Whether `path` names an item of this snapshot.
    ///
    /// - Complexity: O(1).
    ///
    /// - Parameter path: any path, negative indexes included.
    /// - Returns: `true` when the section exists and has an item at `path.item`.
    @inlinable
    public func contains(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < numberOfSections
            && path.item >= 0 && path.item < numberOfItems(inSection: path.section)
    }

    /// The path of the item identified by `id`, or `nil` when the list has no such item.
    ///
    /// - Complexity: Expected O(1) for the lookup plus O(log s) over s sections.
    ///
    /// - Parameter id: an item's identifier.
    /// - Returns: the item's path, or `nil` when the list has no such item.
    @inlinable
    public func path(of id: ID) -> ItemPath? {
        guard let position = flatPosition(of: id) else { return nil }
        return path(atFlatPosition: position)
    }

    /// The summary of the item identified by `id`, or `nil` when the list has no such item.
    ///
    /// - Complexity: Expected O(1).
    ///
    /// - Parameter id: an item's identifier.
    /// - Returns: the item's summary, or `nil` when the list has no such item.
    @inlinable
    public func summary(of id: ID) -> Summary? {
        place(of: id).map { chunks[$0.chunk].summaries[$0.offset] }
    }

    /// Whether the list has an item identified by `id`.
    ///
    /// - Complexity: Expected O(1).
    ///
    /// - Parameter id: an item's identifier.
    /// - Returns: `true` when the list has the item.
    @inlinable
    public func contains(_ id: ID) -> Bool {
        flatPosition(of: id) != nil
    }

    /// The entries of the list, in section order.
    ///
    /// - Complexity: O(n) to iterate.
    public var entries: [ListEntry<ID, Summary>] {
        var result: [ListEntry<ID, Summary>] = []
        result.reserveCapacity(count)
        for section in 0 ..< numberOfSections {
            for ordinal in sectionChunks[section] ..< sectionChunks[section + 1] {
                let chunk = chunks[ordinal]
                for offset in chunk.ids.indices {
                    result.append(ListEntry(id: chunk.ids[offset], section: titles[section], summary: chunk.summaries[offset]))
                }
            }
        }
        return result
    }

    /// Approximate bytes of memory the snapshot's storage holds (identifiers, summaries,
    /// chunk and section tables and the index; not section title strings), counting
    /// storage it shares with other snapshots.
    public var storageByteCount: Int {
        // Each chunk's two arrays carry a 32-byte header.
        count * (MemoryLayout<ID>.stride + MemoryLayout<Summary>.stride)
            + chunks.count * (MemoryLayout<Chunk>.stride + 2 * 32 + MemoryLayout<Int>.stride)
            + ordinalOfSerial.count * MemoryLayout<Int32>.stride
            + starts.count * MemoryLayout<Int>.stride * 2
            + titles.count * MemoryLayout<String?>.stride
            + index.byteCount
    }
}

// MARK: - Flat positions

extension ListSnapshot {
    @inlinable
    func flatPosition(of path: ItemPath) -> Int {
        starts[path.section] + path.item
    }

    /// The chunk ordinal and offset of the item identified by `id`, if any.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    func place(of id: ID) -> (chunk: Int, offset: Int)? {
        if let staged {
            guard let position = staged.flatPosition(of: id, starts: starts) else { return nil }
            let ordinal = chunk(containing: position)
            return (ordinal, position - chunkStarts[ordinal])
        }
        var slot = index.home(index.hash(id))
        while true {
            let stored = index.value(at: slot)
            if stored == IdentifierIndex.empty { return nil }
            if stored != IdentifierIndex.removed {
                let ordinal = Int(ordinalOfSerial[Chunk.serial(ofPlace: stored)])
                if ordinal >= 0 {
                    let offset = Chunk.offset(ofPlace: stored)
                    let ids = chunks[ordinal].ids
                    if offset < ids.count && ids[offset] == id { return (ordinal, offset) }
                }
            }
            slot = (slot &+ 1) & index.mask
        }
    }

    @inlinable
    func flatPosition(of id: ID) -> Int? {
        if let staged { return staged.flatPosition(of: id, starts: starts) }
        return place(of: id).map { chunkStarts[$0.chunk] + $0.offset }
    }

    /// The chunk holding flat position `position`, by binary search over chunk starts.
    @inlinable
    func chunk(containing position: Int) -> Int {
        Self.run(containing: position, starts: chunkStarts, runs: chunks.count)
    }

    /// The last of the first `runs` runs whose start (in `starts`, ascending) is at or
    /// below `position`: the run holding `position`. Searches from run `first` on (which
    /// must start at or below `position`).
    @inlinable
    static func run(containing position: Int, starts: ContiguousArray<Int>, runs: Int, from first: Int = 0) -> Int {
        var low = first
        var high = runs - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The identifier at flat position `position`.
    ///
    /// - Complexity: O(log c) over c chunks.
    @inlinable
    func identifier(atFlatPosition position: Int) -> ID {
        let ordinal = chunk(containing: position)
        return chunks[ordinal].ids[position - chunkStarts[ordinal]]
    }

    /// The summary at flat position `position`.
    ///
    /// - Complexity: O(log c) over c chunks.
    @inlinable
    func summary(atFlatPosition position: Int) -> Summary {
        let ordinal = chunk(containing: position)
        return chunks[ordinal].summaries[position - chunkStarts[ordinal]]
    }

    /// The identifier and summary at `path`, found with one chunk search.
    ///
    /// - Precondition: `path` is a valid path in this snapshot.
    /// - Complexity: O(log c) over c chunks.
    @inlinable
    func entry(at path: ItemPath) -> (id: ID, summary: Summary) {
        let position = flatPosition(of: path)
        let ordinal = chunk(containing: position)
        let offset = position - chunkStarts[ordinal]
        return (chunks[ordinal].ids[offset], chunks[ordinal].summaries[offset])
    }

    /// The section holding flat position `position`, by binary search over section starts.
    @inlinable
    func section(containing position: Int) -> Int {
        Self.run(containing: position, starts: starts, runs: titles.count)
    }

    @inlinable
    func path(atFlatPosition position: Int) -> ItemPath {
        let section = section(containing: position)
        return ItemPath(section: section, item: position - starts[section])
    }
}

// MARK: - Equality

extension ListSnapshot: Equatable {
    /// Two snapshots are equal when they have the same sections, titles, identifiers and
    /// summaries in the same order.
    ///
    /// - Complexity: O(n).
    ///
    /// - Parameters:
    ///   - lhs: a snapshot.
    ///   - rhs: another snapshot.
    /// - Returns: `true` when both list the same sections with the same titles, and the same
    ///   identifiers and summaries in the same order (their ``duplicates`` are not compared).
    @inlinable
    public static func == (lhs: ListSnapshot, rhs: ListSnapshot) -> Bool {
        lhs.titles == rhs.titles && lhs.starts == rhs.starts
            && lhs.hasSameItems(as: rhs) && lhs.hasSameSummaries(as: rhs)
    }
}

/// The identifiers a data source reported more than once in one list, which a snapshot
/// drops (keeping each one's first occurrence).
///
/// Thread safety: a value type; use it on any queue.
public struct DuplicateIdentifiers<ID: Hashable & Sendable>: Sendable, Equatable {
    /// How many entries were dropped as duplicates.
    public private(set) var count: Int = 0
    /// The first few dropped identifiers (at most ``sampleLimit``), for diagnostics.
    public private(set) var samples: [ID] = []
    /// How many identifiers ``samples`` keeps at most.
    public static var sampleLimit: Int { 16 }

    @usableFromInline
    init() {}

    /// Whether no duplicate was found.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    @usableFromInline
    mutating func record(_ id: ID) {
        count += 1
        if samples.count < Self.sampleLimit { samples.append(id) }
    }
}
