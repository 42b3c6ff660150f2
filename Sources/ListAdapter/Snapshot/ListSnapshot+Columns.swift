extension ListSnapshot {
    /// Builds a snapshot from entries in list order given as three parallel collections:
    /// each entry's identifier, section title and summary.
    ///
    /// The same list as ``init(_:)`` from the entries (sections by first appearance,
    /// duplicates dropped and counted), built faster from columns an app already holds:
    /// runs of entries with the same title are found by comparing the titles' bits (no
    /// string comparison, no reference counting while a run lasts) and each run's
    /// identifiers and summaries are copied into the snapshot's storage in bulk.
    ///
    /// ```swift
    /// let snapshot = ListSnapshot(identifiers: ids, sectionTitles: days, summaries: versions)
    /// ```
    ///
    /// - Precondition: the three collections have the same count.
    /// - Complexity: O(n) expected.
    ///
    /// Pure; any queue.
    ///
    /// - Parameters:
    ///   - identifiers: each entry's identifier, in list order.
    ///   - sectionTitles: each entry's section title (`nil` for the untitled section).
    ///   - summaries: each entry's summary.
    @inlinable
    public init(
        identifiers: some RandomAccessCollection<ID>, sectionTitles: some RandomAccessCollection<String?>,
        summaries: some RandomAccessCollection<Summary>
    ) {
        let count = identifiers.count
        precondition(sectionTitles.count == count && summaries.count == count, "every identifier needs a section title and a summary")
        var builder = Builder()
        builder.reserveCapacity(count)
        var start = 0
        while start < count {
            let title = sectionTitles[sectionTitles.index(sectionTitles.startIndex, offsetBy: start)]
            let end = Self.runEnd(of: title, in: sectionTitles, from: start + 1)
            builder.setSection(title)
            let ids = identifiers.index(identifiers.startIndex, offsetBy: start) ..< identifiers.index(identifiers.startIndex, offsetBy: end)
            let sums = summaries.index(summaries.startIndex, offsetBy: start) ..< summaries.index(summaries.startIndex, offsetBy: end)
            builder.append(contentsOf: identifiers[ids], summaries: summaries[sums])
            start = end
        }
        self = builder.build()
    }

    /// The offset at which the run of titles equal to `title` that continues at `start`
    /// ends: bit-identical titles are skipped without touching them as strings; the first
    /// title with other bits is compared with `==` (equal text in other storage continues
    /// the run).
    @inlinable
    static func runEnd(of title: String?, in titles: some RandomAccessCollection<String?>, from start: Int) -> Int {
        let count = titles.count
        let bits = Builder.bits(of: title)
        let contiguousEnd: Int? = titles.withContiguousStorageIfAvailable { titles in
            var end = start
            let raw = UnsafeRawPointer(titles.baseAddress)
            while end < count {
                // The bits read in place: no copy of the title, so no retain.
                if let bits, let raw, raw.loadUnaligned(fromByteOffset: end * MemoryLayout<String?>.stride, as: Builder.TitleBits.self) == bits {
                    end += 1
                } else if titles[end] == title {
                    end += 1
                } else {
                    break
                }
            }
            return end
        }
        if let contiguousEnd { return contiguousEnd }
        var end = start
        var index = titles.index(titles.startIndex, offsetBy: start)
        while end < count && titles[index] == title {
            end += 1
            titles.formIndex(after: &index)
        }
        return end
    }
}
