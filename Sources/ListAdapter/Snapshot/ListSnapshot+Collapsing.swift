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
                for ordinal in sectionChunks[section] ..< sectionChunks[section + 1] {
                    keptIDs.append(contentsOf: chunks[ordinal].ids)
                    keptSummaries.append(contentsOf: chunks[ordinal].summaries)
                }
            }
            newStarts.append(keptIDs.count)
        }
        // The identifiers were unique here, so they are in the kept subset.
        return ListSnapshot(
            flatIdentifiers: keptIDs, summaries: keptSummaries, titles: self.titles,
            starts: newStarts, duplicates: duplicates
        )!
    }
}
