import ArgumentParser
import Foundation

/// `sample serve`: the demo mailbox served to any number of apps over a WebSocket (built
/// with the package trait `WebSocket`; without it, a message saying how to build it).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the demo mailbox (or a --db file) to any number of apps: the list over a WebSocket, payloads over HTTP.",
        discussion: """
        The list is the demo mailbox by day (created on first run, as `sample` does), or the \
        --db file's "message" table. Apps watch it at http://HOST:PORT/lists/mail with a bearer \
        token: the --token value, or a random one printed at start. In another terminal: \
        swift run --traits WebSocket sample watch --remote http://127.0.0.1:8080/lists/mail --token TOKEN. \
        With --write, simulated mail arrives, is read, deleted and refiled about ten times a second, \
        so the watchers print each change. Needs a sample built with the trait: \
        swift run -c release --traits WebSocket sample serve. Stops on Ctrl-C (SIGINT) or SIGTERM; \
        every watcher is told the server is shutting down. With --tls-certificate and --tls-key \
        (PEM files) it serves https:// and wss:// instead.
        """
    )

    @Option(help: "The SQLite file to serve (its \"message\" table, as the demo mailbox has it). Default: the demo mailbox.")
    var db: String?

    @Option(help: "How many messages the demo mailbox has when it is created.")
    var rows: Int = 1_000_000

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free one, printed).")
    var port: Int = 8080

    @Option(help: "The bearer token apps must present (default: a random one, printed).")
    var token: String?

    @Flag(help: "Simulate mail arriving and changing while serving.")
    var write = false

    @Option(help: "Serve over TLS with this certificate chain (a PEM file); needs --tls-key. Apps then use https:// (and wss://).")
    var tlsCertificate: String?

    @Option(help: "The private key (a PEM file) of --tls-certificate.")
    var tlsKey: String?

    func validate() throws {
        guard (tlsCertificate == nil) == (tlsKey == nil) else { throw ValidationError("--tls-certificate and --tls-key go together") }
        guard rows > 0 else { throw ValidationError("--rows must be positive") }
        guard (0 ... 65_535).contains(port) else { throw ValidationError("--port takes 0 to 65535") }
        if let token, token.isEmpty || token.contains(where: { $0.isWhitespace || !$0.isASCII }) {
            throw ValidationError("--token takes printable ASCII without spaces")
        }
    }

    func run() throws {
        try MailServer(command: self).run()
    }
}
