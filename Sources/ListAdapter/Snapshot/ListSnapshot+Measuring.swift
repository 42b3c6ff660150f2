extension ListSnapshot {
    /// The bulk index of this snapshot's items built again, as ``Builder/build()`` builds it
    /// for a list that arrives grouped: a closure that builds it each time it is called and
    /// returns its size in bytes. The chunks are gathered before, so a call times the index
    /// alone (the bench splits a build's time between the chunks and the index with it).
    ///
    /// Any queue; the closure too.
    package func bulkIndexing() -> @Sendable () -> Int {
        var gathered = ContiguousArray<Chunk>()
        gathered.reserveCapacity(chunks.count)
        for page in chunks.pages { gathered.append(contentsOf: page) }
        let all = gathered
        let count = count
        return { IdentifierIndex.build(chunks: all, count: count)?.byteCount ?? 0 }
    }
}
