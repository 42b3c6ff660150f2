import Dispatch
import Foundation

/// For the tests of what the screen says while a list loads: with
/// `LISTADAPTER_SAMPLE_HOLD_TRANSITIONS` set to the path of a FIFO, each transition starts
/// only once a line has been read from it (in the order asked), so a test sees the
/// loading state for as long as it needs however fast the machine loads, and ends it by
/// writing a line. Without the variable, transitions start at once.
///
/// Call it on the main queue; `start` runs there.
enum TransitionHold {
    private static let fifo = ProcessInfo.processInfo.environment["LISTADAPTER_SAMPLE_HOLD_TRANSITIONS"]
    private static let queue = DispatchQueue(label: "listadapter.sample.transition-hold")

    /// Runs `start` now, or once the FIFO gives a line.
    static func run(_ start: @escaping @Sendable () -> Void) {
        guard let fifo else { return start() }
        queue.async {
            let file = open(fifo, O_RDONLY | O_CLOEXEC)           // blocks until a writer opens it
            if file >= 0 {
                var byte: UInt8 = 0
                while read(file, &byte, 1) == 1, byte != UInt8(ascii: "\n") {}
                close(file)
            }
            DispatchQueue.main.async(execute: start)
        }
    }
}
