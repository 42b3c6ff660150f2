#if canImport(Glibc)
import Glibc
#endif

/// Transparent huge pages for the large, freshly allocated arrays of a diff at a million
/// items (its flat columns and position maps, 40 MB): on Linux, each 4 KiB page first
/// touched costs a fault (about 1-2 µs in a virtual machine, mostly the kernel zeroing the
/// page). Advised before the first touch, the kernel backs the range with 2 MiB pages
/// instead: one fault where there were 512. Measured in alternating runs of the bench
/// (`--only fullpath`, four each): S1 24.0 against 27.9 ms, S2 60.3 against 63.9, the flat
/// list 62.5 against 70.1. The snapshot build's scratch and index slots gained nothing
/// measurable (43 against 42 ms), so they keep small pages.
///
/// Linux only, and only where the system allows it (`/sys/kernel/mm/transparent_hugepage/enabled`
/// set to `madvise` or `always`); elsewhere, and on Apple platforms (16 KiB pages, a kernel
/// that manages large pages itself), it does nothing. Any thread.
@usableFromInline
enum HugePages {
    /// The smallest range worth advising: a few huge pages.
    @inlinable static var threshold: Int { 4 << 20 }

    /// Advises huge pages for the 2 MiB-aligned part of `start ..< start + byteCount`,
    /// memory not touched yet (the ends outside that part keep small pages).
    @usableFromInline
    static func advise(_ start: UnsafeMutableRawPointer?, byteCount: Int) {
        #if os(Linux)
        guard let start, byteCount >= threshold else { return }
        let size = 2 << 20
        let begin = (Int(bitPattern: start) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: start) + byteCount) & ~(size - 1)
        guard end > begin, let aligned = UnsafeMutableRawPointer(bitPattern: begin) else { return }
        // A refusal (an old kernel, huge pages disabled) leaves small pages: nothing to do.
        _ = madvise(aligned, end - begin, MADV_HUGEPAGE)
        #endif
    }

    /// ``advise(_:byteCount:)`` for the whole of `buffer`.
    @inlinable
    static func advise<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        guard buffer.count * MemoryLayout<Element>.stride >= threshold else { return }
        advise(UnsafeMutableRawPointer(buffer.baseAddress), byteCount: buffer.count * MemoryLayout<Element>.stride)
    }
}
