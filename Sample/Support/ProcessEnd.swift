import Dispatch
import Foundation

/// How the long-running commands end: on SIGINT or SIGTERM, or at the end of their input.
enum ProcessEnd {
    /// Calls `handler` on the main queue on SIGINT or SIGTERM (exiting with status 0 by
    /// default); returns the signal sources, which must be kept.
    static func onTerminationSignals(_ handler: @escaping @Sendable () -> Void = { exit(ExitStatus.success.rawValue) }) -> [any DispatchSourceProtocol] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

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
