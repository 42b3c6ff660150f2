import ArgumentParser
import Foundation
#if WebSocket
import GRDB
import Hummingbird
import HummingbirdTLS
import HummingbirdWebSocket
import ListAdapter
import ListAdapterHummingbird
import ListAdapterSQLite
import ListAdapterServer
import Logging
#endif

/// What `sample serve` runs: a feed of the mailbox, the Hummingbird routes, and optionally
/// the simulated mail writer, until SIGINT or SIGTERM.
struct MailServer {
    let command: ServeCommand

    #if WebSocket
    /// A message as apps fetch it.
    struct Message: Codable, FetchableRecord, Sendable {
        var id: Int64
        var sender: String
        var subject: String
        var day: String
    }

    func run() throws -> Never {
        let path: String
        if let db = command.db {
            path = db
        } else {
            let demo = DemoDatabase(rows: command.rows)
            let bar = ProgressBar(label: "generating")
            if try !demo.createIfMissing(progress: { bar.update($0, of: $1) }) { _ = try demo.addMissingIndexes() }
            _ = try demo.addMissingFolders()
            path = demo.path
        }
        let query = SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version", order: "date DESC, id DESC")
        let source: SQLiteListSource<Int64, Int64, Message>
        do {
            // The sample's own database: its writer commits through this source's pool, and
            // those commits are patched, not rescanned.
            source = try SQLiteListSource(path: path, query: query, access: command.write ? .owned : .followed)
        } catch {
            throw SampleError("\(SourceFailure(error, source: "table \"message\" in \(path)"))")
        }
        let token = command.token ?? Self.randomToken()
        let feed = ListFeed(name: "mail", source: source)
        let server = ListServer(lists: [feed], access: .tokens(["mail": [token]]))
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addListRoutes(server)
        var logger = Logger(label: "sample-serve")
        // Failures are printed here; Hummingbird's own log would add a line on every Ctrl-C.
        logger.logLevel = .critical
        let host = command.host
        let writer = command.write ? MailWriter(database: source.database) : nil
        let tls = try Self.tlsConfiguration(certificate: command.tlsCertificate, key: command.tlsKey)
        let scheme = tls == nil ? "http" : "https"
        let app = Application(
            router: router,
            server: try tls.map { try .tls(.listServer(webSocketRouter: router), tlsConfiguration: $0) } ?? .listServer(webSocketRouter: router),
            configuration: ApplicationConfiguration(address: .hostname(host, port: command.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                Self.say("""
                    serving \(path) as \(scheme)://\(host):\(port)/lists/mail
                    token: \(token)
                    watch it: swift run \(Self.buildOptions)--traits WebSocket sample watch --remote \(scheme)://\(host):\(port)/lists/mail --token \(token)\(tls == nil ? "" : " [--ca-certificate FILE]")
                    \(writer == nil ? "" : "simulated mail is being written; ")Ctrl-C stops.
                    """)
                writer?.toggle()
            },
            logger: logger
        )
        let task = Task {
            var status = ExitStatus.success
            do {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { try await app.run() }
                    group.addTask { await server.run() }
                }
            } catch is CancellationError {
            } catch {
                StandardStreams.error("Error: the server stopped: \(error)")
                status = .sourceFailed
            }
            if writer?.isRunning == true { writer?.toggle() }
            Self.say("stopped")
            exit(status.rawValue)
        }
        // Ctrl-C or SIGTERM stops the server (its feed tells every watcher it is shutting
        // down); a stop that has not ended within `stopLimit` exits anyway, saying so, and a
        // second signal exits at once (TerminationSignals).
        TerminationSignals.enter(.call {
            task.cancel()
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.stopLimit) {
                StandardStreams.error("note: the server's connections did not all close within \(Int(Self.stopLimit)) s; stopped anyway")
                _exit(ExitStatus.success.rawValue)
            }
        })
        dispatchMain()
    }

    /// The TLS settings of `--tls-certificate` and `--tls-key` (`nil` without them); a
    /// clear error naming the file that cannot be read.
    static func tlsConfiguration(certificate: String?, key: String?) throws -> TLSConfiguration? {
        guard let certificate, let key else { return nil }
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificate)
        } catch {
            throw SampleError("--tls-certificate \(certificate): not a readable PEM certificate (\(error))")
        }
        guard !chain.isEmpty else { throw SampleError("--tls-certificate \(certificate): no certificate in the file") }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        } catch {
            throw SampleError("--tls-key \(key): not a readable PEM private key (\(error))")
        }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    }

    /// The `swift run` options of this build, so that the `watch` line it prints builds
    /// nothing new when pasted (a debug build of the server's dependencies takes minutes).
    #if DEBUG
    static let buildOptions = ""
    #else
    static let buildOptions = "-c release "
    #endif

    /// How long an orderly stop may take before the process exits anyway.
    static let stopLimit: Double = 4

    /// Writes a line to standard output at once (a pipe or file would hold `print`'s).
    static func say(_ text: String) {
        StandardStreams.output(text)
    }

    /// 24 random letters and digits.
    static func randomToken() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0 ..< 24).map { _ in alphabet.randomElement(using: &generator)! })
    }

    #else
    func run() throws -> Never {
        throw ValidationError("this sample was built without the WebSocket server; build it with the package trait: swift run --traits WebSocket sample serve")
    }
    #endif
}

