import Dispatch
import Foundation

/// How the long-running commands end at the end of their input (signals: ``TerminationSignals``).
enum ProcessEnd {
    /// Calls `handler` on the main queue once standard input reaches its end, is closed or
    /// cannot be read; what it reads is discarded.
    ///
    /// A thread blocked in `read(2)`, not a dispatch read source: on Linux dispatch watches
    /// descriptors with epoll, which refuses `/dev/null` and regular files, so with
    /// `</dev/null` such a source never fires and the program never ends.
    static func onEndOfInput(_ handler: @escaping @Sendable () -> Void) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                break
            }
            DispatchQueue.main.async(execute: handler)
        }
        thread.name = "sample: end of input"
        thread.start()
    }
}
