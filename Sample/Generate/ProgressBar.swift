import Foundation

/// A one-line progress bar with an ETA on standard error; plain lines every 10% when
/// standard error is not a terminal.
final class ProgressBar {
    private let label: String
    private let start = Date()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastTenth = -1

    init(label: String) {
        self.label = label
    }

    func update(_ done: Int, of total: Int) {
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let elapsed = Date().timeIntervalSince(start)
        let eta = fraction > 0 ? elapsed / fraction - elapsed : 0
        let text = String(format: "%@ %3.0f%% %d/%d, %.0fs elapsed, ETA %.0fs", label, fraction * 100, done, total, elapsed, eta)
        if isTerminal {
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            write("\r[\(bar)] \(text)" + (done >= total ? "\n" : ""))
        } else if Int(fraction * 10) > lastTenth {
            lastTenth = Int(fraction * 10)
            write(text + "\n")
        }
    }

    private func write(_ text: String) {
        StandardStreams.errorRaw(text)
    }
}
