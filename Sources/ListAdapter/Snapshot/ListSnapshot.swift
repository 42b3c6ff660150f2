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
/// Storage is contiguous: one array of identifiers and one of summaries in section order,
/// section boundaries, and an ``IdentifierIndex`` of 32-bit positions. At a million
/// `Int64` identifiers with `Int64` summaries that is about 24 bytes per item.
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
    /// Identifiers in section order.
    @usableFromInline var identifiers: ContiguousArray<ID>
    /// Summaries, parallel to `identifiers`.
    @usableFromInline var summaries: ContiguousArray<Summary>
    /// One title per section.
    @usableFromInline var titles: ContiguousArray<String?>
    /// `starts[s]` is the flat position of section `s`'s first item; one extra final entry
    /// holds the item count.
    @usableFromInline var starts: ContiguousArray<Int>
    /// Identifier to flat position.
    @usableFromInline var index: IdentifierIndex
    /// Identifiers the source reported more than once.
    public let duplicates: DuplicateIdentifiers<ID>

    @inlinable
    init(
        identifiers: ContiguousArray<ID>,
        summaries: ContiguousArray<Summary>,
        titles: ContiguousArray<String?>,
        starts: ContiguousArray<Int>,
        index: IdentifierIndex,
        duplicates: DuplicateIdentifiers<ID>
    ) {
        self.identifiers = identifiers
        self.summaries = summaries
        self.titles = titles
        self.starts = starts
        self.index = index
        self.duplicates = duplicates
    }

    /// An empty list: no sections, no items.
    @inlinable
    public init() {
        self.init(
            identifiers: [], summaries: [], titles: [], starts: [0],
            index: IdentifierIndex(capacity: 0), duplicates: DuplicateIdentifiers()
        )
    }

    /// Builds a snapshot from entries in list order.
    ///
    /// - Complexity: O(n) expected.
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
    public var count: Int { identifiers.count }

    /// Whether the list has no items (and so no sections).
    @inlinable
    public var isEmpty: Bool { identifiers.isEmpty }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var numberOfSections: Int { titles.count }

    /// The number of items in `section`.
    ///
    /// - Precondition: `section` is in `0 ..< numberOfSections`.
    /// - Complexity: O(1).
    @inlinable
    public func numberOfItems(inSection section: Int) -> Int {
        starts[section + 1] - starts[section]
    }

    /// The title of `section`; `nil` for the untitled section.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func title(ofSection section: Int) -> String? {
        titles[section]
    }

    /// All section titles, in order.
    @inlinable
    public var sectionTitles: ContiguousArray<String?> { titles }

    /// The identifiers of `section`'s items, in order.
    ///
    /// - Complexity: O(1) (a slice of shared storage).
    @inlinable
    public func identifiers(inSection section: Int) -> ArraySlice<ID> {
        ArraySlice(identifiers[starts[section] ..< starts[section + 1]])
    }

    /// The identifier of the item at `path`.
    ///
    /// - Precondition: `path` is a valid path in this snapshot.
    /// - Complexity: O(1).
    @inlinable
    public func identifier(at path: ItemPath) -> ID {
        identifiers[flatPosition(of: path)]
    }

    /// The summary of the item at `path`.
    ///
    /// - Precondition: `path` is a valid path in this snapshot.
    /// - Complexity: O(1).
    @inlinable
    public func summary(at path: ItemPath) -> Summary {
        summaries[flatPosition(of: path)]
    }

    /// Whether `path` names an item of this snapshot.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < numberOfSections
            && path.item >= 0 && path.item < numberOfItems(inSection: path.section)
    }

    /// The path of the item identified by `id`, or `nil` when the list has no such item.
    ///
    /// - Complexity: Expected O(1) for the lookup plus O(log s) over s sections.
    @inlinable
    public func path(of id: ID) -> ItemPath? {
        guard let position = flatPosition(of: id) else { return nil }
        return path(atFlatPosition: position)
    }

    /// The summary of the item identified by `id`, or `nil` when the list has no such item.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    public func summary(of id: ID) -> Summary? {
        flatPosition(of: id).map { summaries[$0] }
    }

    /// Whether the list has an item identified by `id`.
    ///
    /// - Complexity: Expected O(1).
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
            for position in starts[section] ..< starts[section + 1] {
                result.append(ListEntry(id: identifiers[position], section: titles[section], summary: summaries[position]))
            }
        }
        return result
    }

    /// Approximate bytes of memory the snapshot's storage holds (identifiers, summaries,
    /// section boundaries and the index; not section title strings).
    public var storageByteCount: Int {
        identifiers.count * MemoryLayout<ID>.stride
            + summaries.count * MemoryLayout<Summary>.stride
            + starts.count * MemoryLayout<Int>.stride
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

    @inlinable
    func flatPosition(of id: ID) -> Int? {
        identifiers.withUnsafeBufferPointer { index.position(of: id, in: $0) }
    }

    /// The section holding flat position `position`, by binary search over section starts.
    @inlinable
    func section(containing position: Int) -> Int {
        var low = 0
        var high = titles.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
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
    @inlinable
    public static func == (lhs: ListSnapshot, rhs: ListSnapshot) -> Bool {
        lhs.titles == rhs.titles && lhs.starts == rhs.starts
            && lhs.identifiers == rhs.identifiers && lhs.summaries == rhs.summaries
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
