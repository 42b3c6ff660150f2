extension ListSnapshot {
    /// Accumulates entries in list order, then builds a ``ListSnapshot`` in one O(n) pass.
    ///
    /// Data sources that stream rows (such as the SQLite source) append straight into the
    /// builder, so no intermediate array of ``ListEntry`` values is ever materialised.
    /// Consecutive entries with the same section title share one interned `String`.
    ///
    /// Entries that arrive grouped by section (each title's entries in one run, as a query
    /// ordered by its section column returns them) go straight into the snapshot's chunks,
    /// and ``build()`` only indexes them. When a title comes back after another, the
    /// builder copies what it has into flat arrays once and regroups them in ``build()``.
    ///
    /// ```swift
    /// var builder = ListSnapshot<Int64, Int64>.Builder()
    /// for row in rows { builder.append(row.id, section: row.day, summary: row.version) }
    /// let snapshot = builder.build()
    /// ```
    ///
    /// Thread safety: a value type; use one builder from one queue at a time.
    public struct Builder: Sendable {
        /// Chunks filled so far, in append order; each one's serial is its offset here.
        /// Used while the entries arrive grouped by section (see the type's comment).
        @usableFromInline var sealed: ContiguousArray<Chunk> = []
        /// The raw title index (into `titles`) of each chunk in `sealed`.
        @usableFromInline var chunkTitles: ContiguousArray<Int32> = []
        /// The entries of the chunk being filled; their storage is reused for the next.
        @usableFromInline var currentIDs: ContiguousArray<ID> = []
        @usableFromInline var currentSummaries: ContiguousArray<Summary> = []
        /// The raw title index of the last entry appended; -1 before the first.
        @usableFromInline var currentTitle: Int32 = -1
        /// The number of entries in `sealed`.
        @usableFromInline var sealedCount = 0
        /// Per raw title, whether a run of its entries has begun.
        @usableFromInline var runBegun: ContiguousArray<Bool> = []
        /// Whether the entries stopped arriving grouped: a title came back after another.
        /// From then on they are kept in the flat arrays below and regrouped in `build()`.
        @usableFromInline var isFlat = false
        @usableFromInline var identifiers: ContiguousArray<ID> = []
        @usableFromInline var summaries: ContiguousArray<Summary> = []
        /// Per entry (flat only), the index of its title in `titles`.
        @usableFromInline var sectionOfEntry: ContiguousArray<Int32> = []
        /// Titles in order of first registration.
        @usableFromInline var titles: ContiguousArray<String?> = []
        @usableFromInline var titleLookup: [String?: Int32] = [:]
        @usableFromInline var lastTitle: String?? = .none
        @usableFromInline var lastTitleIndex: Int32 = 0
        /// ``bits(of:)`` of `lastTitle`.
        @usableFromInline var lastTitleBits: TitleBits?
        @usableFromInline typealias TitleBits = SIMD2<UInt64>
        @usableFromInline var reserved = 0
        /// Whether sealed chunks are scattered for the index as they arrive (see
        /// ``init(indexingWhileAppending:)``).
        @usableFromInline var scatters = false
        /// The entries scattered so far, once the list is long enough to need them.
        @usableFromInline var scatter: HashScatter?

        /// Creates an empty builder.
        @inlinable
        public init() {}

        /// Creates an empty builder that, when `indexingWhileAppending` is true, does half
        /// of the identifier index's work while entries are appended: once the list is
        /// long (65,536 entries), each identifier is hashed as its chunk fills, and
        /// ``build()`` only places the hashes in the index.
        ///
        /// Use it where the appends run on a thread of their own beside whatever produces
        /// the entries (the SQLite source's scan does): the hashing then costs the caller
        /// nothing, and ``build()`` is about half as long for a large list. Where the
        /// caller waits for the appends themselves, `init()` is as fast or faster: its
        /// ``build()`` hashes on two threads. Entries that stop arriving grouped by section
        /// drop what was scattered (the list is regrouped and indexed from scratch).
        ///
        /// - Parameter indexingWhileAppending: `true` to hash identifiers as chunks fill; `false`
        ///   makes the same builder as `init()`.
        @inlinable
        public init(indexingWhileAppending: Bool) {
            scatters = indexingWhileAppending
        }

        /// The number of entries appended so far (duplicates included).
        @inlinable
        public var count: Int { isFlat ? identifiers.count : sealedCount + currentIDs.count }

        /// Reserves storage for `count` entries.
        ///
        /// - Parameter count: the number of entries expected in all; a smaller count than an
        ///   earlier call's is ignored.
        @inlinable
        public mutating func reserveCapacity(_ count: Int) {
            reserved = Swift.max(reserved, count)
            if isFlat {
                identifiers.reserveCapacity(count)
                summaries.reserveCapacity(count)
                sectionOfEntry.reserveCapacity(count)
            } else {
                sealed.reserveCapacity(count / Chunk.capacity + 1)
                chunkTitles.reserveCapacity(count / Chunk.capacity + 1)
            }
        }

        /// Appends the next entry in list order.
        ///
        /// - Complexity: Amortised O(1); a title equal to the previous entry's costs one
        ///   string comparison and no hashing.
        ///
        /// - Parameters:
        ///   - id: the item's identifier; a repeat of an earlier one is dropped by ``build()``.
        ///   - title: its section title; `nil` for the untitled section. A title seen before
        ///     adds the entry to that section (sections are ordered by first appearance).
        ///   - summary: the item's summary.
        @inlinable
        public mutating func append(_ id: ID, section title: String?, summary: Summary) {
            let index = lastTitleBits.map { Self.bits(of: title) == $0 } == true ? lastTitleIndex : titleIndex(for: title)
            appendEntry(id, title: index, summary: summary)
        }

        /// Sets the section title of the entries appended next with
        /// ``append(_:summary:)``, for sources that read rows already ordered by section:
        /// call it only when the title changes, and each row costs no string work at all.
        ///
        /// - Complexity: O(1) expected (one hash lookup of `title`).
        ///
        /// - Parameter title: the section title of the entries appended next; `nil` for the
        ///   untitled section.
        @inlinable
        public mutating func setSection(_ title: String?) {
            _ = titleIndex(for: title)
        }

        /// Appends the next entry in list order, in the section last set with
        /// ``setSection(_:)`` (the untitled section if none was set).
        ///
        /// - Complexity: Amortised O(1).
        ///
        /// - Parameters:
        ///   - id: the item's identifier; a repeat of an earlier one is dropped by ``build()``.
        ///   - summary: the item's summary.
        @inlinable
        public mutating func append(_ id: ID, summary: Summary) {
            if case .none = lastTitle { _ = titleIndex(for: nil) }
            appendEntry(id, title: lastTitleIndex, summary: summary)
        }

        /// Appends entries in list order, pairwise from `ids` and `summaries` (equal
        /// counts), all in the section last set with ``setSection(_:)``: a bulk copy, for
        /// sources that stage rows in a buffer.
        ///
        /// - Complexity: Amortised O(`ids.count`).
        ///
        /// - Parameters:
        ///   - ids: the items' identifiers, in list order.
        ///   - summaries: their summaries, in the same order; as many as `ids` (it traps
        ///     otherwise).
        @inlinable
        public mutating func append(contentsOf ids: some Collection<ID>, summaries: some Collection<Summary>) {
            precondition(ids.count == summaries.count, "every identifier needs a summary")
            let copied: Void?? = ids.withContiguousStorageIfAvailable { ids in
                summaries.withContiguousStorageIfAvailable { summaries in append(buffer: ids, summaries: summaries) }
            }
            if case .some(.some) = copied { return }
            // Not in contiguous memory: copied once, then appended the same way.
            let idArray = ContiguousArray(ids)
            let summaryArray = ContiguousArray(summaries)
            idArray.withUnsafeBufferPointer { ids in
                summaryArray.withUnsafeBufferPointer { summaries in append(buffer: ids, summaries: summaries) }
            }
        }

        /// ``append(contentsOf:summaries:)`` from memory: whole chunks are copied straight
        /// from `ids` and `summaries`, with no slice or reference counting per chunk.
        @inlinable
        mutating func append(buffer ids: UnsafeBufferPointer<ID>, summaries: UnsafeBufferPointer<Summary>) {
            if case .none = lastTitle { _ = titleIndex(for: nil) }
            let title = lastTitleIndex
            var start = 0
            let count = ids.count
            if !isFlat && count > 0 && title != currentTitle { startChunk(title: title) }
            // While grouped: fill the chunk being filled, then whole chunks straight from
            // the input (one copy each, no per-entry appends).
            while !isFlat && start < count {
                if currentIDs.count == Chunk.capacity { seal() }
                let take = Swift.min(count - start, Chunk.capacity - currentIDs.count)
                let range = start ..< start + take
                if take == Chunk.capacity {
                    sealChunk(ids: Self.copy(ids, range), summaries: Self.copy(summaries, range))
                } else {
                    currentIDs.append(contentsOf: UnsafeBufferPointer(rebasing: ids[range]))
                    currentSummaries.append(contentsOf: UnsafeBufferPointer(rebasing: summaries[range]))
                }
                start += take
            }
            guard start < count else { return }
            identifiers.append(contentsOf: UnsafeBufferPointer(rebasing: ids[start...]))
            self.summaries.append(contentsOf: UnsafeBufferPointer(rebasing: summaries[start...]))
            sectionOfEntry.append(contentsOf: repeatElement(title, count: count - start))
        }

        /// A new array of `buffer`'s elements in `range`.
        @inlinable @inline(__always)
        static func copy<Element>(_ buffer: UnsafeBufferPointer<Element>, _ range: Range<Int>) -> ContiguousArray<Element> {
            ContiguousArray(uninitializedCount: range.count) { target, initialized in
                if let source = buffer.baseAddress, let target = target.baseAddress {
                    target.initialize(from: source + range.lowerBound, count: range.count)
                }
                initialized = range.count
            }
        }

        /// Appends one entry of raw title `title`: to the chunk being filled while the
        /// entries arrive grouped, to the flat arrays once they do not.
        @inlinable @inline(__always)
        mutating func appendEntry(_ id: ID, title: Int32, summary: Summary) {
            if !isFlat {
                if title != currentTitle || currentIDs.count == Chunk.capacity { startChunk(title: title) }
                if !isFlat {
                    currentIDs.append(id)
                    currentSummaries.append(summary)
                    return
                }
            }
            identifiers.append(id)
            summaries.append(summary)
            sectionOfEntry.append(title)
        }

        /// Seals the chunk being filled and starts the next, for an entry of raw title
        /// `title`; switches to the flat arrays when `title` comes back after another.
        @inlinable
        mutating func startChunk(title: Int32) {
            seal()
            guard title != currentTitle else { return }
            if runBegun[Int(title)] {
                switchToFlat()
                return
            }
            runBegun[Int(title)] = true
            currentTitle = title
            if currentIDs.capacity < Chunk.capacity {
                currentIDs.reserveCapacity(Chunk.capacity)
                currentSummaries.reserveCapacity(Chunk.capacity)
            }
        }

        /// Moves the entries of the chunk being filled into a chunk of their exact size.
        @inlinable
        mutating func seal() {
            guard !currentIDs.isEmpty else { return }
            sealChunk(ids: ContiguousArray(currentIDs[...]), summaries: ContiguousArray(currentSummaries[...]))
            currentIDs.removeAll(keepingCapacity: true)
            currentSummaries.removeAll(keepingCapacity: true)
        }

        /// Adds a chunk of the current title, after the entries sealed so far.
        @inlinable
        mutating func sealChunk(ids: ContiguousArray<ID>, summaries: ContiguousArray<Summary>) {
            sealed.append(Chunk(serial: UInt32(truncatingIfNeeded: sealed.count), ids: ids, summaries: summaries, fingerprinted: true))
            chunkTitles.append(currentTitle)
            sealedCount += ids.count
            if scatters { scatterSealed() }
        }

        /// The entry count from which a builder that indexes while appending starts to.
        @inlinable static var scatterThreshold: Int { IdentifierIndex.parallelBuildThreshold / 2 }

        /// Scatters the chunk just sealed, or every chunk sealed so far when the list has
        /// just become long enough.
        @inlinable
        mutating func scatterSealed() {
            guard sealed.count <= Chunk.serialLimit else {
                scatters = false
                scatter = nil
                return
            }
            let first: Int
            var scatter: HashScatter
            if let existing = self.scatter {
                scatter = existing
                first = sealed.count - 1
            } else {
                guard sealedCount >= Self.scatterThreshold else { return }
                scatter = HashScatter(expectedCount: Swift.max(reserved, 2 * sealedCount))
                first = 0
            }
            self.scatter = nil                          // the local copy is the only one: appended in place
            for ordinal in first ..< sealed.count {
                sealed[ordinal].ids.withUnsafeBufferPointer { ids in
                    scatter.add(ids, serial: UInt32(truncatingIfNeeded: ordinal), of: Chunk.self)
                }
            }
            self.scatter = scatter
        }

        /// Copies the chunks into the flat arrays, which take every later entry.
        @inlinable
        mutating func switchToFlat() {
            seal()
            isFlat = true
            scatters = false
            scatter = nil
            let capacity = Swift.max(reserved, sealedCount)
            identifiers.reserveCapacity(capacity)
            summaries.reserveCapacity(capacity)
            sectionOfEntry.reserveCapacity(capacity)
            for ordinal in sealed.indices {
                identifiers.append(contentsOf: sealed[ordinal].ids)
                summaries.append(contentsOf: sealed[ordinal].summaries)
                sectionOfEntry.append(contentsOf: repeatElement(chunkTitles[ordinal], count: sealed[ordinal].ids.count))
            }
            sealed = []
            chunkTitles = []
            currentIDs = []
            currentSummaries = []
            sealedCount = 0
        }

        @inlinable
        mutating func titleIndex(for title: String?) -> Int32 {
            if case .some(let last) = lastTitle, last == title { return lastTitleIndex }
            let index: Int32
            if let known = titleLookup[title] {
                index = known
            } else {
                index = Int32(titles.count)
                titles.append(title)
                runBegun.append(false)
                titleLookup[title] = index
            }
            lastTitle = .some(title)
            lastTitleBits = Self.bits(of: title)
            lastTitleIndex = index
            return index
        }

        /// The bits of `title`, when a `String?` is two words: two titles of equal bits
        /// are the same value (the same storage, or the same small string), equal without
        /// comparing characters or touching reference counts, the common case of rows of
        /// one section sharing one title. Unequal bits say nothing; `==` decides then.
        @inlinable @inline(__always)
        static func bits(of title: String?) -> TitleBits? {
            guard MemoryLayout<String?>.size == MemoryLayout<TitleBits>.size else { return nil }
            return unsafeBitCast(title, to: TitleBits.self)
        }

        /// Builds the snapshot: drops duplicate identifiers (keeping the first), orders
        /// sections by first appearance and groups entries by section.
        ///
        /// Entries that arrived grouped by section, with no identifier twice, are already
        /// in their chunks: only the identifier index is built (on two threads for a large
        /// list). Any other list is regrouped from flat arrays.
        ///
        /// - Complexity: O(n) expected.
        ///
        /// - Returns: the snapshot of every entry appended, duplicates dropped and counted in
        ///   ``ListSnapshot/duplicates``; an empty snapshot when nothing was appended.
        @inlinable
        public consuming func build() -> ListSnapshot {
            if !isFlat {
                seal()
                if sealed.count <= Chunk.serialLimit, let snapshot = ListSnapshot(groupedChunks: sealed, titles: chunkTitles, of: titles, count: sealedCount, scatter: scatter) {
                    return snapshot
                }
                switchToFlat()
            }
            return ListSnapshot.regrouping(
                identifiers: identifiers, summaries: summaries, sectionOfEntry: sectionOfEntry, titles: titles
            )
        }
    }
}

extension ListSnapshot {
    /// A snapshot of chunks in list order, each of one section, the sections' chunks
    /// contiguous (`chunkTitles[c]` is chunk `c`'s index into `titles`), serials equal to
    /// ordinals; `nil` when an identifier appears twice.
    ///
    /// - Complexity: O(n) expected for the index, O(chunks) for the rest.
    @inlinable
    init?(
        groupedChunks chunks: ContiguousArray<Chunk>, titles chunkTitles: ContiguousArray<Int32>, of titles: ContiguousArray<String?>, count: Int,
        scatter: HashScatter? = nil
    ) {
        guard let index = IdentifierIndex.build(chunks: chunks, count: count, scatter: scatter) else { return nil }
        var sectionTitles = ContiguousArray<String?>()
        var starts = ContiguousArray<Int>()
        var sectionChunks = ContiguousArray<Int>()
        var chunkStarts = ContiguousArray<Int>()
        chunkStarts.reserveCapacity(chunks.count + 1)
        var position = 0
        var previous: Int32 = -1
        for ordinal in chunks.indices {
            let title = chunkTitles[ordinal]
            if title != previous {
                sectionTitles.append(titles[Int(title)])
                starts.append(position)
                sectionChunks.append(ordinal)
                previous = title
            }
            chunkStarts.append(position)
            position += chunks[ordinal].ids.count
        }
        starts.append(position)
        sectionChunks.append(chunks.count)
        chunkStarts.append(position)
        // Pages are slices of the one array of chunks: nothing is copied; a patch that
        // writes a chunk copies its page's slice only.
        let pageCapacity = ChunkTable<ID, Summary>.pageCapacity
        var pages = ContiguousArray<ChunkTable<ID, Summary>.Page>()
        var pageStarts = ContiguousArray<Int>()
        pages.reserveCapacity(chunks.count / pageCapacity + 1)
        pageStarts.reserveCapacity(chunks.count / pageCapacity + 2)
        var start = 0
        while start < chunks.count {
            let end = Swift.min(chunks.count, start + pageCapacity)
            pages.append(chunks[start ..< end])
            pageStarts.append(start)
            start = end
        }
        pageStarts.append(chunks.count)
        self.init(
            chunks: ChunkTable(pages: pages, pageStarts: pageStarts), chunkStarts: chunkStarts,
            ordinalOfSerial: ContiguousArray((0 ..< Int32(truncatingIfNeeded: chunks.count)).map { $0 }),
            titles: sectionTitles, starts: starts, sectionChunks: sectionChunks, index: index,
            duplicates: DuplicateIdentifiers()
        )
    }
}
