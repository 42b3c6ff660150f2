/// A snapshot's chunks in list order, stored in pages of chunks that snapshots share.
///
/// A patch that touches a few chunks of a million-item list (7,813 chunks) used to copy
/// the whole table: one retain per array of every chunk, and as many releases when the
/// old snapshot went, most of a patch's time. Pages make that cost the touched pages plus
/// a table of pages: a new table takes the old one's pages whole wherever the chunks run
/// on unchanged (``Builder/append(contentsOf:_:)``) and copies only the pages a change
/// cuts into.
///
/// Pages hold between ``pageCapacity`` / 2 and 2 × ``pageCapacity`` chunks (the last, or
/// a table's only page, may hold fewer), so a table of c chunks has at most about
/// c / 32 + 1 pages whatever patches made it. A page is a slice, so a table may also take
/// part of another table's page without copying its chunks: the intermediate states of a
/// staged update do (``Builder/init(sharingSlices:)``), where sections of one list are
/// put in another order and a page shared whole is rare. Such a table has more, smaller
/// pages; it is shown between two batches and never patched.
///
/// Ordinals are found through `pageOfOrdinal`, a flat array of 32-bit page numbers rebuilt
/// with each table (a copy of plain integers, no reference counting).
///
/// Not public.
@usableFromInline
struct ChunkTable<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    @usableFromInline typealias Chunk = ItemChunk<ID, Summary>
    @usableFromInline typealias Page = ArraySlice<Chunk>

    #if LISTADAPTER_SMALL_SIZES
    // The fuzz build (Fuzz/build.sh): pages of 4 chunks, so that short lists have pages.
    @inlinable static var pageCapacity: Int { 4 }
    #else
    /// The number of chunks a builder gathers into a page of its own.
    @inlinable static var pageCapacity: Int { 64 }
    #endif

    @usableFromInline var pages: ContiguousArray<Page>
    /// `pageStarts[p]` is the ordinal of page `p`'s first chunk; one extra final entry
    /// holds the chunk count.
    @usableFromInline var pageStarts: ContiguousArray<Int>
    /// The page holding each ordinal.
    @usableFromInline var pageOfOrdinal: ContiguousArray<Int32>

    /// An empty table.
    @inlinable
    init() {
        pages = []
        pageStarts = [0]
        pageOfOrdinal = []
    }

    @inlinable
    init(pages: ContiguousArray<Page>, pageStarts: ContiguousArray<Int>) {
        self.pages = pages
        self.pageStarts = pageStarts
        var pageOfOrdinal = ContiguousArray<Int32>()
        pageOfOrdinal.reserveCapacity(pageStarts[pageStarts.count - 1])
        for page in pages.indices {
            pageOfOrdinal.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: page), count: pageStarts[page + 1] - pageStarts[page]))
        }
        self.pageOfOrdinal = pageOfOrdinal
    }

    /// Whether both tables are the same storage (a copy of one table, unmodified).
    @inlinable
    func isSameStorage(as other: ChunkTable) -> Bool {
        pages.withUnsafeBufferPointer { mine in
            other.pages.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }

    /// The serial of the chunk at `ordinal`, read in place.
    @inlinable
    func serial(at ordinal: Int) -> UInt32 {
        let page = Int(pageOfOrdinal[ordinal])
        return pages[page].withUnsafeBufferPointer { $0[ordinal - pageStarts[page]].serial }
    }

    /// The summary at `offset` in the chunk at `ordinal`, read in place (no copy of the
    /// chunk, so no reference counting of its arrays).
    @inlinable
    func summary(atOrdinal ordinal: Int, offset: Int) -> Summary {
        let page = Int(pageOfOrdinal[ordinal])
        return pages[page].withUnsafeBufferPointer { chunks in
            chunks[ordinal - pageStarts[page]].summaries.withUnsafeBufferPointer { $0[offset] }
        }
    }
}

extension ChunkTable: RandomAccessCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { pageOfOrdinal.count }

    @inlinable
    subscript(ordinal: Int) -> Chunk {
        get {
            let page = Int(pageOfOrdinal[ordinal])
            return pages[page][pages[page].startIndex + ordinal - pageStarts[page]]
        }
        _modify {
            // Copies the page (and the table of pages) only if another table shares it.
            let page = Int(pageOfOrdinal[ordinal])
            let index = pages[page].startIndex + ordinal - pageStarts[page]
            yield &pages[page][index]
        }
    }
}

extension ChunkTable {
    /// Builds a table chunk by chunk and run by run of another table's chunks, sharing that
    /// table's pages where a run covers them.
    @usableFromInline
    struct Builder {
        @usableFromInline var pages = ContiguousArray<Page>()
        @usableFromInline var pageStarts: ContiguousArray<Int> = [0]
        /// Chunks not yet in a page.
        @usableFromInline var current = Page()
        /// The number of chunks appended so far.
        @usableFromInline private(set) var count = 0
        /// A run of another table's chunks not yet appended, extended while the next run
        /// continues it: a staged state appends a list section by section, and sections
        /// in a row make runs long enough to share whole pages.
        @usableFromInline var pending: (table: ChunkTable, range: Range<Int>)?
        /// Whether part of another table's page is taken as a page of its own (a slice:
        /// no chunk copied) rather than copied into a page of at least half the capacity.
        @usableFromInline let sharesSlices: Bool

        /// A builder; with `sharingSlices`, runs of another table's chunks are never
        /// copied, at the cost of small pages (for a table that is not patched later).
        @inlinable
        init(sharingSlices: Bool = false) {
            sharesSlices = sharingSlices
        }

        @inlinable
        mutating func reserveCapacity(_ chunks: Int) {
            pages.reserveCapacity(chunks / (pageCapacity / 2) + 2)
            pageStarts.reserveCapacity(chunks / (pageCapacity / 2) + 3)
        }

        @inlinable
        mutating func append(_ chunk: Chunk) {
            flushPending()
            if current.isEmpty && !sharesSlices { current.reserveCapacity(2 * pageCapacity) }
            current.append(chunk)
            count += 1
            if current.count >= pageCapacity { closeCurrent() }
        }

        /// Appends `table`'s chunks `range`: whole pages are shared when no chunks wait
        /// for a page of their own, or when those waiting are enough for a page; chunks
        /// of a page the range cuts into are copied. A page shared after a few waiting
        /// chunks is merged with them instead (copied), so no page is small.
        @inlinable
        mutating func append(contentsOf table: ChunkTable, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if let run = pending, run.range.upperBound == range.lowerBound, run.table.isSameStorage(as: table) {
                pending = (run.table, run.range.lowerBound ..< range.upperBound)
                count += range.count
                return
            }
            flushPending()
            pending = (table, range)
            count += range.count
        }

        @inlinable
        mutating func flushPending() {
            guard let (table, range) = pending else { return }
            pending = nil
            count -= range.count
            appendNow(contentsOf: table, range)
        }

        @inlinable
        mutating func appendNow(contentsOf table: ChunkTable, _ range: Range<Int>) {
            var ordinal = range.lowerBound
            while ordinal < range.upperBound {
                let page = Int(table.pageOfOrdinal[ordinal])
                let pageStart = table.pageStarts[page]
                let pageEnd = table.pageStarts[page + 1]
                let source = table.pages[page]
                if sharesSlices {
                    let end = Swift.min(pageEnd, range.upperBound)
                    closeCurrent()
                    pages.append(source[(source.startIndex + ordinal - pageStart) ..< (source.startIndex + end - pageStart)])
                    count += end - ordinal
                    pageStarts.append(count)
                    ordinal = end
                    continue
                }
                if ordinal == pageStart && pageEnd <= range.upperBound && (current.isEmpty || current.count >= pageCapacity / 2) {
                    closeCurrent()
                    pages.append(source)
                    count += pageEnd - pageStart
                    pageStarts.append(count)
                    ordinal = pageEnd
                    continue
                }
                let end = Swift.min(pageEnd, range.upperBound)
                if current.isEmpty { current.reserveCapacity(2 * pageCapacity) }
                current.append(contentsOf: source[(source.startIndex + ordinal - pageStart) ..< (source.startIndex + end - pageStart)])
                count += end - ordinal
                ordinal = end
                if current.count >= pageCapacity { closeCurrent() }
            }
        }

        @inlinable
        mutating func closeCurrent() {
            guard !current.isEmpty else { return }
            pages.append(current)
            pageStarts.append(count)
            current = Page()
        }

        /// The table built.
        @inlinable
        mutating func finish() -> ChunkTable {
            flushPending()
            closeCurrent()
            return ChunkTable(pages: pages, pageStarts: pageStarts)
        }
    }
}
