/// Building a snapshot's chunk tables, and reading its items as flat arrays.
extension ListSnapshot {
    /// A snapshot of flat arrays in section order (`starts` as in the stored property),
    /// cut into chunks of at most ``ItemChunk/capacity`` items per section, with the
    /// flat index `flatIndex` of `identifiers` converted to packed places.
    ///
    /// - Complexity: O(n + slot count), no hashing.
    @inlinable
    init(
        flatIdentifiers identifiers: ContiguousArray<ID>, summaries: ContiguousArray<Summary>,
        titles: ContiguousArray<String?>, starts: ContiguousArray<Int>, flatIndex: FlatIdentifierIndex,
        duplicates: DuplicateIdentifiers<ID>
    ) {
        let capacity = Chunk.capacity
        var chunks = ChunkTable<ID, Summary>.Builder()
        var sectionChunks = ContiguousArray<Int>()
        sectionChunks.reserveCapacity(titles.count + 1)
        chunks.reserveCapacity(identifiers.count / capacity + titles.count)
        // Each flat position's packed place, written in order.
        var places = ContiguousArray<UInt32>(uninitializedCount: identifiers.count) { _, initialized in
            initialized = identifiers.count
        }
        places.withUnsafeMutableBufferPointer { places in
            for section in 0 ..< titles.count {
                sectionChunks.append(chunks.count)
                var start = starts[section]
                let end = starts[section + 1]
                while start < end {
                    let stop = min(end, start + capacity)
                    let serial = UInt32(chunks.count)
                    chunks.append(Chunk(
                        serial: serial, ids: ContiguousArray(identifiers[start ..< stop]),
                        summaries: ContiguousArray(summaries[start ..< stop])
                    ))
                    for position in start ..< stop { places[position] = Chunk.place(serial: serial, offset: position - start) }
                    start = stop
                }
            }
        }
        sectionChunks.append(chunks.count)
        precondition(chunks.count <= Chunk.serialLimit, "a list of more than \(Chunk.serialLimit) chunks is not supported")
        let index = places.withUnsafeBufferPointer { IdentifierIndex(converting: flatIndex, places: $0) }
        let table = chunks.finish()
        self.init(
            chunks: table, chunkStarts: Self.chunkStarts(of: table),
            ordinalOfSerial: ContiguousArray((0 ..< Int32(chunks.count)).map { $0 }),
            titles: titles, starts: starts, sectionChunks: sectionChunks, index: index, duplicates: duplicates
        )
    }

    /// A snapshot of flat arrays in section order, indexed from scratch; `nil` when an
    /// identifier appears twice.
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    init?(
        flatIdentifiers identifiers: ContiguousArray<ID>, summaries: ContiguousArray<Summary>,
        titles: ContiguousArray<String?>, starts: ContiguousArray<Int>, duplicates: DuplicateIdentifiers<ID>
    ) {
        let (flatIndex, repeated) = identifiers.withUnsafeBufferPointer { FlatIdentifierIndex.build(over: $0) }
        guard repeated.isEmpty else { return nil }
        self.init(
            flatIdentifiers: identifiers, summaries: summaries, titles: titles, starts: starts,
            flatIndex: flatIndex, duplicates: duplicates
        )
    }

    /// The flat start of each chunk, and the item count last.
    @inlinable
    static func chunkStarts(of chunks: ChunkTable<ID, Summary>) -> ContiguousArray<Int> {
        var starts = ContiguousArray<Int>()
        starts.reserveCapacity(chunks.count + 1)
        var start = 0
        starts.append(0)
        for page in chunks.pages {
            page.withUnsafeBufferPointer { page in
                for offset in page.indices {
                    start += page[offset].ids.count
                    starts.append(start)
                }
            }
        }
        return starts
    }

    /// Appends to `starts` (chunk starts of a table being built, its item count last) the
    /// ends of this snapshot's chunks `range`, shifted to follow what `starts` counts: the
    /// starts of a table that takes those chunks next. Reads no chunk's storage.
    @inlinable
    func appendChunkEnds(_ range: Range<Int>, to starts: inout ContiguousArray<Int>) {
        // An empty section (a collapsed one) has no chunks: nothing to append.
        guard !range.isEmpty else { return }
        let shift = starts[starts.count - 1] - chunkStarts[range.lowerBound]
        for end in chunkStarts[(range.lowerBound + 1) ... range.upperBound] { starts.append(end + shift) }
    }

    /// The identifiers in section order, as one array.
    ///
    /// - Complexity: O(n).
    @inlinable
    func flatIdentifiers() -> ContiguousArray<ID> { flat { chunk, body in chunk.pointee.ids.withUnsafeBufferPointer(body) } }

    /// The summaries in section order, as one array.
    ///
    /// - Complexity: O(n).
    @inlinable
    func flatSummaries() -> ContiguousArray<Summary> {
        flat { chunk, body in chunk.pointee.summaries.withUnsafeBufferPointer(body) }
    }

    /// Whether both snapshots hold the same identifiers in the same flat order; chunks
    /// that share storage compare in O(1), others by `memcmp` for integer identifiers.
    ///
    /// - Complexity: O(n) at worst.
    @inlinable
    func hasSameItems(as other: ListSnapshot) -> Bool { hasSame(.identifiers, as: other) }

    /// Whether both snapshots hold the same summaries in the same flat order.
    ///
    /// - Complexity: O(n) at worst.
    @inlinable
    func hasSameSummaries(as other: ListSnapshot) -> Bool { hasSame(.summaries, as: other) }

    /// The identifiers and the summaries in section order, as two arrays, in one pass over
    /// the chunks: each chunk is read in place (its storage neither retained nor released,
    /// which at a million items and cold caches cost more than the copying) and copied
    /// with `initialize(from:count:)`, a `memcpy` for trivial types.
    ///
    /// - Complexity: O(n).
    @inlinable
    func flatColumns() -> (identifiers: ContiguousArray<ID>, summaries: ContiguousArray<Summary>) {
        let total = count
        var summaries = ContiguousArray<Summary>()
        let identifiers = ContiguousArray<ID>(uninitializedCount: total) { idBuffer, idCount in
            HugePages.advise(idBuffer)
            summaries = ContiguousArray<Summary>(uninitializedCount: total) { summaryBuffer, summaryCount in
                HugePages.advise(summaryBuffer)
                var position = 0
                forEachChunkInPlace { chunk in
                    let length = chunk.pointee.ids.count
                    guard length > 0 else { return }
                    chunk.pointee.ids.withUnsafeBufferPointer { ids in
                        (idBuffer.baseAddress! + position).initialize(from: ids.baseAddress!, count: length)
                    }
                    chunk.pointee.summaries.withUnsafeBufferPointer { sums in
                        (summaryBuffer.baseAddress! + position).initialize(from: sums.baseAddress!, count: length)
                    }
                    position += length
                }
                summaryCount = position
            }
            idCount = summaries.count
        }
        return (identifiers, summaries)
    }

    /// One array of the chunks' `column`, in section order, each chunk read in place and
    /// copied in bulk as ``flatColumns()`` does (`column` hands the chunk's column to its
    /// body without copying the array, so no chunk is retained or released).
    @inlinable
    func flat<Element>(
        _ column: (UnsafePointer<Chunk>, (UnsafeBufferPointer<Element>) -> Void) -> Void
    ) -> ContiguousArray<Element> {
        ContiguousArray<Element>(uninitializedCount: count) { buffer, initialized in
            HugePages.advise(buffer)
            var position = 0
            forEachChunkInPlace { chunk in
                column(chunk) { elements in
                    guard let base = elements.baseAddress, !elements.isEmpty else { return }
                    (buffer.baseAddress! + position).initialize(from: base, count: elements.count)
                    position += elements.count
                }
            }
            initialized = position
        }
    }

    /// Calls `body` with each chunk in section order, read in place from its page: the
    /// chunk is neither copied nor retained.
    @inlinable
    func forEachChunkInPlace(_ body: (UnsafePointer<Chunk>) -> Void) {
        for page in chunks.pages {
            page.withUnsafeBufferPointer { page in
                for ordinal in page.indices { body(page.baseAddress! + ordinal) }
            }
        }
    }
}
