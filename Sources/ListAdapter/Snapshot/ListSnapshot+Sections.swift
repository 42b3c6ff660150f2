extension ListSnapshot {
    /// A snapshot with exactly these sections, in this order, empty ones included: the
    /// state a staged batch leaves (an inserted section may stay empty until a later batch
    /// moves items into it), rebuilt from its sections, for instance from `sample diff`'s
    /// or `sample watch`'s `after` lists.
    ///
    /// `nil` when an identifier appears twice or two sections share a title (a list of
    /// sections is exact; ``init(_:)`` is the forgiving way to build from entries).
    ///
    /// ```swift
    /// let state = ListSnapshot(sections: [("Today", [ListEntry(id: 1)]), ("Later", [])])!
    /// state.numberOfSections          // 2
    /// ```
    ///
    /// Pure; any queue. - Complexity: O(n) expected.
    ///
    /// - Parameter sections: the sections in order, each a title (`nil` for the untitled
    ///   section) and its entries in order; an entry's own `section` is ignored.
    public init?(sections: [(title: String?, entries: [ListEntry<ID, Summary>])]) {
        var titles = ContiguousArray<String?>()
        var starts = ContiguousArray<Int>([0])
        var identifiers = ContiguousArray<ID>()
        var summaries = ContiguousArray<Summary>()
        var seenTitles = Set<String?>()
        for section in sections {
            guard seenTitles.insert(section.title).inserted else { return nil }
            titles.append(section.title)
            for entry in section.entries {
                identifiers.append(entry.id)
                summaries.append(entry.summary)
            }
            starts.append(identifiers.count)
        }
        self.init(
            flatIdentifiers: identifiers, summaries: summaries, titles: titles, starts: starts,
            duplicates: DuplicateIdentifiers()
        )
    }
}
