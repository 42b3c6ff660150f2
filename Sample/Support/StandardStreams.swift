import Foundation

/// Standard output and standard error, written at once (a pipe or file would hold
/// `print`'s lines) and never fatally: a stream whose reader has gone (`| head`, a
/// supervisor that exited) is marked closed and later text for it is dropped, where
/// `FileHandle.write` would trap on EPIPE.
///
/// Any thread: each call is one or more `write(2)`s of the whole text.
enum StandardStreams {
    private static let closed = LockedState<Set<Int32>>([])
    /// Called once, on the thread that found standard output closed.
    nonisolated(unsafe) private static var onOutputClosed: (@Sendable () -> Void)?

    /// Writes `text` and a newline to standard output.
    static func output(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` as it is (no newline) to standard output.
    static func outputRaw(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }

    /// Writes `text` as it is (no newline) to standard error.
    static func errorRaw(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Whether standard output was found closed.
    static var isOutputClosed: Bool { closed.withLock { $0.contains(STDOUT_FILENO) } }

    /// Calls `handler` once standard output is found closed (a command whose only work is
    /// its output stops then). Set it before output starts.
    static func whenOutputCloses(_ handler: @escaping @Sendable () -> Void) {
        onOutputClosed = handler
    }

    private static func write(_ text: String, to descriptor: Int32) {
        if closed.withLock({ $0.contains(descriptor) }) { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                // EPIPE (the reader has gone), EBADF (closed), ENOSPC...: no more output there.
                let first = closed.withLock { $0.insert(descriptor).inserted }
                if first && descriptor == STDOUT_FILENO { onOutputClosed?() }
                return
            }
        }
    }
}
