extension ListSnapshot {
    /// Accumulates entries in list order, then builds a ``ListSnapshot`` in one O(n) pass.
    ///
    /// Data sources that stream rows (such as the SQLite source) append straight into the
    /// builder, so no intermediate array of ``ListEntry`` values is ever materialised.
    /// Consecutive entries with the same section title share one interned `String`.
    ///
    /// ```swift
    /// var builder = ListSnapshot<Int64, Int64>.Builder()
    /// for row in rows { builder.append(row.id, section: row.day, summary: row.version) }
    /// let snapshot = builder.build()
    /// ```
    ///
    /// Thread safety: a value type; use one builder from one queue at a time.
    public struct Builder: Sendable {
        @usableFromInline var identifiers: ContiguousArray<ID> = []
        @usableFromInline var summaries: ContiguousArray<Summary> = []
        /// Per entry, the index of its title in `titles`, in order of first appearance.
        @usableFromInline var sectionOfEntry: ContiguousArray<Int32> = []
        @usableFromInline var titles: ContiguousArray<String?> = []
        @usableFromInline var titleLookup: [String?: Int32] = [:]
        @usableFromInline var lastTitle: String?? = .none
        @usableFromInline var lastTitleIndex: Int32 = 0
        /// The identifier index, when it is built as entries arrive (see
        /// ``init(indexingWhileAppending:)``), with the positions of duplicates so far.
        @usableFromInline var runningIndex: FlatIdentifierIndex?
        @usableFromInline var runningIndexCount = 0
        @usableFromInline var runningDuplicates: [Int] = []

        /// Creates an empty builder.
        @inlinable
        public init() {}

        /// Creates an empty builder that, when `indexingWhileAppending`, indexes each
        /// identifier as it is appended instead of all of them in ``build()``.
        ///
        /// The total work is about the same (a little more: the index grows by doubling
        /// unless ``reserveCapacity(_:)`` sized it), but it is spread over the appends:
        /// a source that reads rows on one thread and appends them on another (as the
        /// SQLite source does for large lists) builds the index on the second core while
        /// the first still reads, and ``build()`` is left with one light pass.
        @inlinable
        public init(indexingWhileAppending: Bool) {
            if indexingWhileAppending { runningIndex = FlatIdentifierIndex(capacity: 0) }
        }

        /// The number of entries appended so far (duplicates included).
        @inlinable
        public var count: Int { identifiers.count }

        /// Reserves storage for `count` entries.
        @inlinable
        public mutating func reserveCapacity(_ count: Int) {
            identifiers.reserveCapacity(count)
            summaries.reserveCapacity(count)
            sectionOfEntry.reserveCapacity(count)
            if runningIndex != nil && runningIndexCount == 0 { runningIndex = FlatIdentifierIndex(capacity: count) }
        }

        /// Indexes the identifiers appended since the last call (running index only).
        @inlinable
        mutating func indexAppended() {
            guard var index = runningIndex else { return }
            runningIndex = nil          // keep the slot array uniquely referenced
            let start = runningIndexCount
            var stored = start - runningDuplicates.count
            identifiers.withUnsafeBufferPointer { identifiers in
                for position in start ..< identifiers.count {
                    if index.insertGrowing(position, stored: stored, in: identifiers) != nil {
                        runningDuplicates.append(position)
                    } else {
                        stored += 1
                    }
                }
            }
            runningIndexCount = identifiers.count
            runningIndex = index
        }

        /// Appends the next entry in list order.
        ///
        /// - Complexity: Amortised O(1); a title equal to the previous entry's costs one
        ///   string comparison and no hashing.
        @inlinable
        public mutating func append(_ id: ID, section title: String?, summary: Summary) {
            identifiers.append(id)
            summaries.append(summary)
            sectionOfEntry.append(titleIndex(for: title))
            if runningIndex != nil { indexAppended() }
        }

        /// Sets the section title of the entries appended next with
        /// ``append(_:summary:)``, for sources that read rows already ordered by section:
        /// call it only when the title changes, and each row costs no string work at all.
        ///
        /// - Complexity: O(1) expected (one hash lookup of `title`).
        @inlinable
        public mutating func setSection(_ title: String?) {
            _ = titleIndex(for: title)
        }

        /// Appends the next entry in list order, in the section last set with
        /// ``setSection(_:)`` (the untitled section if none was set).
        ///
        /// - Complexity: Amortised O(1).
        @inlinable
        public mutating func append(_ id: ID, summary: Summary) {
            if case .none = lastTitle { _ = titleIndex(for: nil) }
            identifiers.append(id)
            summaries.append(summary)
            sectionOfEntry.append(lastTitleIndex)
            if runningIndex != nil { indexAppended() }
        }

        /// Appends entries in list order, pairwise from `ids` and `summaries` (equal
        /// counts), all in the section last set with ``setSection(_:)``: a bulk copy, for
        /// sources that stage rows in a buffer.
        ///
        /// - Complexity: Amortised O(`ids.count`).
        @inlinable
        public mutating func append(contentsOf ids: some Collection<ID>, summaries: some Collection<Summary>) {
            precondition(ids.count == summaries.count, "every identifier needs a summary")
            if case .none = lastTitle { _ = titleIndex(for: nil) }
            identifiers.append(contentsOf: ids)
            self.summaries.append(contentsOf: summaries)
            sectionOfEntry.append(contentsOf: repeatElement(lastTitleIndex, count: ids.count))
            if runningIndex != nil { indexAppended() }
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
                titleLookup[title] = index
            }
            lastTitle = .some(title)
            lastTitleIndex = index
            return index
        }

        /// Builds the snapshot: drops duplicate identifiers (keeping the first), orders
        /// sections by first appearance and groups entries by section.
        ///
        /// - Complexity: O(n) expected.
        @inlinable
        public consuming func build() -> ListSnapshot {
            let total = identifiers.count
            var duplicates = DuplicateIdentifiers<ID>()
            // Pass 1: index every entry and find the duplicates of earlier ones (ascending).
            var (index, duplicatePositions) = if let runningIndex {
                (runningIndex, runningDuplicates)
            } else {
                identifiers.withUnsafeBufferPointer { FlatIdentifierIndex.build(over: $0) }
            }
            for position in duplicatePositions { duplicates.record(identifiers[position]) }
            // Pass 2: number the sections by first appearance among kept entries and count
            // their items; note whether the entries already arrive grouped. Read only: the
            // common case (grouped, no duplicates) writes nothing per entry.
            var finalSection = ContiguousArray<Int32>(repeating: -1, count: titles.count)
            var finalTitles = ContiguousArray<String?>()
            var counts = ContiguousArray<Int>()
            var alreadyGrouped = true
            sectionOfEntry.withUnsafeBufferPointer { sectionOfEntry in
                var previous: Int32 = -1
                var nextDuplicate = 0
                for position in 0 ..< total {
                    if nextDuplicate < duplicatePositions.count && duplicatePositions[nextDuplicate] == position {
                        nextDuplicate += 1
                        continue
                    }
                    let raw = Int(sectionOfEntry[position])
                    var mapped = finalSection[raw]
                    if mapped < 0 {
                        mapped = Int32(finalTitles.count)
                        finalSection[raw] = mapped
                        finalTitles.append(titles[raw])
                        counts.append(0)
                    }
                    counts[Int(mapped)] += 1
                    if mapped < previous { alreadyGrouped = false }
                    previous = mapped
                }
            }
            var starts = ContiguousArray<Int>(repeating: 0, count: finalTitles.count + 1)
            for section in counts.indices { starts[section + 1] = starts[section] + counts[section] }
            let kept = starts[finalTitles.count]
            if alreadyGrouped && kept == total {
                // The chunks copy the arrays at their exact sizes, so growth slack is not kept.
                return ListSnapshot(
                    flatIdentifiers: identifiers, summaries: summaries, titles: finalTitles,
                    starts: starts, flatIndex: index, duplicates: duplicates
                )
            }
            // Pass 3: place every kept entry at its grouped position and remap the index.
            var fill = ContiguousArray(starts.dropLast())
            var newPosition = ContiguousArray<Int32>(repeating: -1, count: total)
            var groupedIDs = ContiguousArray<ID>()
            var groupedSummaries = ContiguousArray<Summary>()
            groupedIDs.reserveCapacity(kept)
            groupedSummaries.reserveCapacity(kept)
            var nextDuplicate = 0
            for position in 0 ..< total {
                if nextDuplicate < duplicatePositions.count && duplicatePositions[nextDuplicate] == position {
                    nextDuplicate += 1
                    continue
                }
                let section = Int(finalSection[Int(sectionOfEntry[position])])
                newPosition[position] = Int32(fill[section])
                fill[section] += 1
            }
            // Invert the permutation so the grouped arrays are appended in order.
            var source = ContiguousArray<Int>(repeating: 0, count: kept)
            for position in 0 ..< total where newPosition[position] >= 0 {
                source[Int(newPosition[position])] = position
            }
            for target in 0 ..< kept {
                groupedIDs.append(identifiers[source[target]])
                groupedSummaries.append(summaries[source[target]])
            }
            newPosition.withUnsafeBufferPointer { index.remapPositions($0) }
            return ListSnapshot(
                flatIdentifiers: groupedIDs, summaries: groupedSummaries, titles: finalTitles,
                starts: starts, flatIndex: index, duplicates: duplicates
            )
        }
    }
}
