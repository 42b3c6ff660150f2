extension ListSnapshot {
    /// This snapshot with the items of every section titled in `titles` removed, the
    /// sections themselves kept (empty): what a list view shows when those sections are
    /// collapsed.
    ///
    /// - Complexity: O(n); returns `self` unchanged when no title matches.
    func collapsing(_ titles: Set<String?>) -> ListSnapshot {
        guard titles.contains(where: { title in self.titles.contains(title) }) else { return self }
        var keptIDs = ContiguousArray<ID>()
        var keptSummaries = ContiguousArray<Summary>()
        var newStarts = ContiguousArray<Int>([0])
        for section in 0 ..< numberOfSections {
            if !titles.contains(self.titles[section]) {
                keptIDs.append(contentsOf: identifiers[starts[section] ..< starts[section + 1]])
                keptSummaries.append(contentsOf: summaries[starts[section] ..< starts[section + 1]])
            }
            newStarts.append(keptIDs.count)
        }
        var newIndex = IdentifierIndex(capacity: keptIDs.count)
        keptIDs.withUnsafeBufferPointer { ids in
            for position in ids.indices { _ = newIndex.insert(position, in: ids) }
        }
        return ListSnapshot(
            identifiers: keptIDs, summaries: keptSummaries, titles: self.titles,
            starts: newStarts, index: newIndex, duplicates: duplicates
        )
    }
}
