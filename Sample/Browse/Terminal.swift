import Dispatch
import Foundation

/// The terminal in full-screen raw mode (ANSI escape sequences, no curses): restores
/// itself on exit, reports keys and size changes on the main queue.
///
/// Line wrapping is off while it runs (DECAWM), so a line the program measured wrong is
/// clipped at the right edge instead of wrapping and scrolling the screen.
final class Terminal: @unchecked Sendable {
    // @unchecked Sendable: used on the main queue only.
    enum Key: Equatable {
        case up, down, pageUp, pageDown, home, end, escape, enter, backspace
        /// Ctrl-C, which raw mode delivers as a byte instead of a signal.
        case interrupt
        case character(Character)
    }

    private var original = termios()
    private var sources: [any DispatchSourceProtocol] = []
    nonisolated(unsafe) private static var saved: termios?

    /// Whether standard input and output are both terminals.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    init() {
        tcgetattr(STDIN_FILENO, &original)
        Self.saved = original
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l")
        atexit { Terminal.restore() }
    }

    /// Leaves raw mode and the alternate screen, and turns line wrapping and the cursor back on.
    static func restore() {
        guard var saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        StandardStreams.outputRaw("\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        Terminal.saved = nil
    }

    /// Rows and columns.
    var size: (rows: Int, columns: Int) {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 {
            return (Int(window.ws_row), Int(window.ws_col))
        }
        return (24, 80)
    }

    func write(_ text: String) {
        StandardStreams.outputRaw(text)
    }

    /// Calls `onKey` for every key and `onResize` on window changes, on the main queue.
    func start(onKey: @escaping (Key) -> Void, onResize: @escaping () -> Void) {
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count <= 0 { exit(0) }
            for key in Self.parse(Array(buffer[0 ..< count])) { onKey(key) }
        }
        input.resume()
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler(handler: onResize)
        resize.resume()
        // SIGINT and SIGTERM exit through `exit`, whose `atexit` handler restores the terminal
        // (TerminationSignals, from the start of the process).
        sources += [input, resize]
    }

    static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") {
                let code = bytes[index + 2]
                index += 3
                switch code {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "H"): keys.append(.home)
                case UInt8(ascii: "F"): keys.append(.end)
                case UInt8(ascii: "5"), UInt8(ascii: "6"), UInt8(ascii: "1"), UInt8(ascii: "4"):
                    if index < bytes.count, bytes[index] == UInt8(ascii: "~") { index += 1 }
                    keys.append(code == UInt8(ascii: "5") ? .pageUp : code == UInt8(ascii: "6") ? .pageDown : code == UInt8(ascii: "1") ? .home : .end)
                default: break
                }
                continue
            }
            switch byte {
            case 0x03: keys.append(.interrupt)
            case 0x1B: keys.append(.escape)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x80...:
                // A UTF-8 sequence: one character (a split or invalid sequence is dropped).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(bytes.count, index + length)
                if let text = String(validating: bytes[index ..< end], as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index = end
                continue
            default: keys.append(.character(Character(UnicodeScalar(byte))))
            }
            index += 1
        }
        return keys
    }
}
