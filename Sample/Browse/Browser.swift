import Dispatch
import Foundation

/// Starts the interactive list and never returns.
enum Browser {
    nonisolated(unsafe) private static var screen: BrowserScreen?   // main queue only

    /// Shows `source` (opened from `setup.main`) full screen until the user quits.
    static func run(_ setup: BrowseSetup, source: BrowseSetup.Source) throws {
        guard Terminal.isInteractive else {
            throw SampleError("browse needs an interactive terminal (standard input and output); try `sample watch` to follow a table in a pipe")
        }
        DispatchQueue.main.async {
            let terminal = Terminal()
            let screen = BrowserScreen(terminal: terminal, setup: setup, source: source)
            Browser.screen = screen
            terminal.start(onKey: { screen.key($0) }, onResize: { screen.scheduleRedraw() })
            screen.scheduleRedraw()
        }
        dispatchMain()
    }

    /// Gives the terminal back, prints `failure` on standard error, whole and once, and
    /// exits with `status`. Main queue.
    static func end(with failure: SourceFailure, status: ExitStatus) -> Never {
        Terminal.restore()
        FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
        exit(status.rawValue)
    }
}
