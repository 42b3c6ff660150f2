extension ContiguousArray {
    /// `ContiguousArray(unsafeUninitializedCapacity:initializingWith:)`, except that an
    /// array of no elements is never written.
    ///
    /// For a capacity of 0 the standard library's initializer hands out the one empty-array
    /// storage that every empty array shares and then writes the initialized count, 0, into
    /// it. The value never changes, but the thread sanitizer sees every thread that does this
    /// write the same global and reports a data race between any two of them (seen in CI:
    /// two adapters staging updates with no updated items, Swift 6.3 on Linux). Here `body`
    /// is given an empty buffer of its own and the shared storage is left alone.
    ///
    /// - Precondition: `body` sets the count to at most `count` (0 when `count` is 0).
    /// Thread safety: any thread; nothing shared is written.
    @inlinable @inline(__always)
    package init(
        uninitializedCount count: Int,
        initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows {
        guard count > 0 else {
            var buffer = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
            var initialized = 0
            try body(&buffer, &initialized)
            precondition(initialized == 0, "more elements initialized than the capacity")
            self.init()
            return
        }
        try self.init(unsafeUninitializedCapacity: count, initializingWith: body)
    }
}
