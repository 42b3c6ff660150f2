/// The builder's general path: entries whose sections are not contiguous in list order, or
/// that repeat an identifier, regrouped from flat arrays.
///
/// The builder's fast path (``ListSnapshot/Builder/build()``) serves lists read in section
/// order without duplicates, the common case of a database query ordered by its section
/// column; this path serves every other list, as every build did before.
extension ListSnapshot {
    /// Builds a snapshot from entries in list order given as flat arrays: `sectionOfEntry`
    /// holds each entry's index into `titles` (titles in order of first registration,
    /// possibly with titles no entry has). Drops duplicate identifiers (keeping the first),
    /// orders sections by first appearance among the kept entries and groups entries by
    /// section.
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    static func regrouping(
        identifiers: ContiguousArray<ID>, summaries: ContiguousArray<Summary>,
        sectionOfEntry: ContiguousArray<Int32>, titles: ContiguousArray<String?>
    ) -> ListSnapshot {
        let total = identifiers.count
        var duplicates = DuplicateIdentifiers<ID>()
        // Pass 1: index every entry and find the duplicates of earlier ones (ascending).
        var (index, duplicatePositions) = identifiers.withUnsafeBufferPointer { FlatIdentifierIndex.build(over: $0) }
        for position in duplicatePositions { duplicates.record(identifiers[position]) }
        // Pass 2: number the sections by first appearance among kept entries and count
        // their items; note whether the entries already arrive grouped.
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
