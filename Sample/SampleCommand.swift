import ArgumentParser
import Foundation

/// The `sample` program: the first thing a newcomer runs.
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Try ListAdapter: diff lists, browse and watch SQLite tables.",
        subcommands: [DemoCommand.self, BrowseCommand.self, WatchCommand.self, ServeCommand.self, GenerateCommand.self, DiffCommand.self],
        defaultSubcommand: DemoCommand.self
    )
}

/// Runs `sample`, turning every failure into a one-line message and exit status 2 (0 for
/// help and version requests; a command's own ``ExitStatus`` when it throws an `ExitCode`),
/// never a stack trace.
@main
enum SampleMain {
    static func main() {
        // A closed standard output is an error of write(2) (StandardStreams), not a signal
        // that kills the process; SIGINT, SIGTERM and SIGHUP are routed from here on.
        signal(SIGPIPE, SIG_IGN)
        TerminationSignals.install()
        do {
            var command = try SampleCommand.parseAsRoot()
            try command.run()
        } catch {
            let code = SampleCommand.exitCode(for: error)
            let message = SampleCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                exit(0)
            }
            if !message.isEmpty { StandardStreams.error(message) }
            exit(error is ExitCode ? code.rawValue : ExitStatus.cannotStart.rawValue)
        }
    }
}
