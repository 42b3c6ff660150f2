import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two byte ranges are equal: `memcmp`, split over the machine's cores for large
/// ranges. Comparing two unchanged lists of a million identifiers and summaries reads
/// 32 MB, more than one core's memory bandwidth serves in the 2 ms the no-change diff
/// may take; two cores reading halves finish in a little more than half the time.
///
/// Runs on the calling queue; parts of a large comparison run on Dispatch's worker
/// threads and are joined before it returns.
@usableFromInline
func bytesEqual(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
    let parts = count >= 1 << 21 ? min(4, ProcessorCount.online) : 1
    guard parts > 1 else { return memcmp(left, right, count) == 0 }
    let differs = UnsafeMutableBufferPointer<Bool>.allocate(capacity: parts)
    defer { differs.deallocate() }
    differs.initialize(repeating: false)
    let part = (count + parts - 1) / parts
    // Each part writes its own slot; the caller keeps the memory alive and unchanged
    // until the join.
    inParallel(parts) { index in
        let start = index * part
        let length = min(part, count - start)
        guard length > 0 else { return }
        differs[index] = memcmp(left + start, right + start, length) != 0
    }
    return !differs.contains(true)
}

/// Runs `body(0)` … `body(parts - 1)` on Dispatch's worker threads and returns when all
/// have: `DispatchQueue.concurrentPerform`, callable from inlinable code. Each call must
/// write only what no other call reads or writes.
@usableFromInline
func inParallel(_ parts: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
        // The caller's contract above is what makes sharing `body` across threads safe.
        nonisolated(unsafe) let work = body
        DispatchQueue.concurrentPerform(iterations: parts) { work($0) }
    }
}

/// The number of processor cores online, read once.
@usableFromInline
enum ProcessorCount {
    @usableFromInline static let online: Int = {
        #if canImport(Glibc)
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        max(1, Int(sysconf(_SC_NPROCESSORS_ONLN)))
        #endif
    }()
}
