import Dispatch
import ListAdapter
#if canImport(Glibc)
import Glibc
#endif

/// A builder that lives on a thread of its own: the scan hands it blocks and reads on while
/// it appends them and hashes their identifiers for the index.
final class BuilderThread<ID: Hashable & Sendable, Summary: Equatable & Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `builder` is only touched on `queue`.
    private let queue = DispatchQueue(label: "ListAdapterSQLite.EntryScan.builder")
    private var builder: ListSnapshot<ID, Summary>.Builder

    init(capacity: Int) {
        // This thread has time to spare while the scan reads: it hashes the identifiers
        // for the index as they arrive, and the build at the end only places them.
        builder = ListSnapshot<ID, Summary>.Builder(indexingWhileAppending: true)
        if capacity > 0 { builder.reserveCapacity(capacity) }
    }

    /// Queues `block` for appending. Returns at once.
    func submit(_ block: RowBlock<ID, Summary>) {
        queue.async {
            block.apply(to: &self.builder)
            yieldToWaitingThreads()
        }
    }

    /// Waits for the blocks submitted so far and hands over the builder.
    func finish() -> ListSnapshot<ID, Summary>.Builder {
        queue.sync {
            defer { builder = ListSnapshot<ID, Summary>.Builder() }
            return builder
        }
    }
}

/// Lets a thread that is waiting for this core run now, between two blocks of a load
/// (every 1-2 ms at most), rather than when the scheduler's time slice ends: a load of a
/// million rows keeps both cores of a small machine busy for a fifth of a second, and the
/// payload fetch for a row coming into view should not wait that slice out.
@inline(__always)
func yieldToWaitingThreads() {
    #if canImport(Glibc)
    _ = sched_yield()
    #endif
}
