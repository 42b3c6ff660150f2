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

    /// Gives the terminal back, prints `failure` on standard error, whole and once, deals
    /// with the change log `cleanUp` names (removed if this run installed it), and exits
    /// with `status`. Main queue (blocked while the change log is removed).
    static func end(with failure: SourceFailure, status: ExitStatus, cleanUp: ChangeLogCleanup? = nil) -> Never {
        Terminal.restore()
        StandardStreams.error("Error: \(failure)")
        if let cleanUp {
            let done = DispatchSemaphore(value: 0)
            cleanUp.afterFailedFirstLoad(on: .global()) { done.signal() }
            done.wait()
        }
        exit(status.rawValue)
    }
}
