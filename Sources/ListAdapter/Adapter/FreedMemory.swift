#if canImport(Glibc)
import Glibc
#endif

/// Hands memory freed by a large load back to the system.
///
/// Building the snapshot of a million entries frees tens of megabytes of temporaries (the
/// builder's growing arrays, the index's partitions), and the snapshot it replaces is
/// freed soon after. glibc's allocator keeps freed memory in its arenas, where it still
/// counts as the process's resident memory until it is reused: more than half of what a
/// loaded list appears to cost (58 B/item against the snapshot's 24 B at 1M items).
/// `malloc_trim(0)` returns the free pages. It is looked up at run time, so a C library
/// without it (musl) simply skips the step; Apple's allocator returns large free blocks by
/// itself, so there this does nothing.
///
/// Runs on the calling queue (the adapter's private queue), off the delivery path.
enum FreedMemory {
    /// Loads of at least this many entries are followed by a release.
    static let threshold = 65_536

    static func release() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }
}
