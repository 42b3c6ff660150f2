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

        /// Creates an empty builder.
        @inlinable
        public init() {}

        /// The number of entries appended so far (duplicates included).
        @inlinable
        public var count: Int { identifiers.count }

        /// Reserves storage for `count` entries.
        @inlinable
        public mutating func reserveCapacity(_ count: Int) {
            identifiers.reserveCapacity(count)
            summaries.reserveCapacity(count)
            sectionOfEntry.reserveCapacity(count)
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

        /// A copy whose capacity is its count (initialising from an array would share it).
        @inlinable
        static func exactCopy<Element>(of array: ContiguousArray<Element>) -> ContiguousArray<Element> {
            ContiguousArray(unsafeUninitializedCapacity: array.count) { buffer, count in
                _ = buffer.initialize(from: array)
                count = array.count
            }
        }

        /// Builds the snapshot: drops duplicate identifiers (keeping the first), orders
        /// sections by first appearance and groups entries by section.
        ///
        /// - Complexity: O(n) expected.
        @inlinable
        public consuming func build() -> ListSnapshot {
            let total = identifiers.count
            var duplicates = DuplicateIdentifiers<ID>()
            // Pass 1: index every entry; a duplicate of an earlier one is marked -1.
            var sections = sectionOfEntry
            var (index, duplicatePositions) = identifiers.withUnsafeBufferPointer { IdentifierIndex.build(over: $0) }
            for position in duplicatePositions {
                duplicates.record(identifiers[position])
                sections[position] = -1
            }
            // Pass 2: number the sections by first appearance among kept entries and count
            // their items; note whether the entries already arrive grouped.
            var finalSection = ContiguousArray<Int32>(repeating: -1, count: titles.count)
            var finalTitles = ContiguousArray<String?>()
            var counts = ContiguousArray<Int>()
            var alreadyGrouped = true
            var previous: Int32 = -1
            for position in 0 ..< total {
                let raw = sections[position]
                if raw < 0 { continue }
                var mapped = finalSection[Int(raw)]
                if mapped < 0 {
                    mapped = Int32(finalTitles.count)
                    finalSection[Int(raw)] = mapped
                    finalTitles.append(titles[Int(raw)])
                    counts.append(0)
                }
                counts[Int(mapped)] += 1
                if mapped < previous { alreadyGrouped = false }
                previous = mapped
                sections[position] = mapped
            }
            var starts = ContiguousArray<Int>(repeating: 0, count: finalTitles.count + 1)
            for section in counts.indices { starts[section + 1] = starts[section] + counts[section] }
            let kept = starts[finalTitles.count]
            if alreadyGrouped && kept == total {
                // Growth by doubling leaves up to half the storage unused; a snapshot lives
                // long, so give the slack back (one copy, O(n)).
                if identifiers.capacity > total + total / 8 {
                    identifiers = Self.exactCopy(of: identifiers)
                    summaries = Self.exactCopy(of: summaries)
                }
                return ListSnapshot(
                    identifiers: identifiers, summaries: summaries, titles: finalTitles,
                    starts: starts, index: index, duplicates: duplicates
                )
            }
            // Pass 3: place every kept entry at its grouped position and remap the index.
            var fill = ContiguousArray(starts.dropLast())
            var newPosition = ContiguousArray<Int32>(repeating: -1, count: total)
            var groupedIDs = ContiguousArray<ID>()
            var groupedSummaries = ContiguousArray<Summary>()
            groupedIDs.reserveCapacity(kept)
            groupedSummaries.reserveCapacity(kept)
            for position in 0 ..< total where sections[position] >= 0 {
                let section = Int(sections[position])
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
                identifiers: groupedIDs, summaries: groupedSummaries, titles: finalTitles,
                starts: starts, index: index, duplicates: duplicates
            )
        }
    }
}
