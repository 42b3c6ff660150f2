#if PostgreSQL
import Foundation
public import PostgresNIO

/// Where a ``PostgresListSource`` connects: a server, a database and a role.
///
/// Its `description` names the server, database and role, never the password, so it can be
/// logged and shown in errors.
///
/// ```swift
/// let server = try PostgresServer(url: ProcessInfo.processInfo.environment["DATABASE_URL"]!)
/// ```
///
/// Thread safety: a value type; use it on any queue.
public struct PostgresServer: Sendable, CustomStringConvertible {
    /// How the server is reached.
    public enum Endpoint: Sendable, Equatable {
        /// A host name or address and a TCP port.
        case tcp(host: String, port: Int)
        /// A Unix domain socket file (such as `/var/run/postgresql/.s.PGSQL.5432`).
        case unixSocket(path: String)
    }

    /// How the server is reached.
    public var endpoint: Endpoint
    /// The role to log in as.
    public var username: String
    /// The role's password, if the server asks for one. Never printed.
    public var password: String?
    /// The database to open.
    public var database: String
    /// Whether to use TLS (postgres-nio's setting; `.disable` by default).
    public var tls: PostgresConnection.Configuration.TLS
    /// How long connecting (TCP, TLS and authentication) may take before it fails as
    /// ``PostgresSourceError/Kind/timeout``.
    public var connectTimeout: Duration = .seconds(10)

    /// A server by its parts.
    ///
    /// - Parameters:
    ///   - endpoint: the host and port, or the Unix socket file.
    ///   - username: the role to log in as.
    ///   - password: the role's password; `nil`, the default, when the server asks for none. Never
    ///     printed.
    ///   - database: the database to open.
    ///   - tls: postgres-nio's TLS setting; `.disable` by default.
    public init(
        endpoint: Endpoint, username: String, password: String? = nil, database: String,
        tls: PostgresConnection.Configuration.TLS = .disable
    ) {
        self.endpoint = endpoint
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// A server from a URL: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
    /// (`postgresql://` too; percent-escapes decoded; `?host=/path/to/socket-directory`
    /// for a Unix socket, as libpq reads it). TLS is off; set ``tls`` to use it.
    ///
    /// - Parameter url: a URL such as `postgres://app:secret@db.example.com:5432/tickets`; the port
    ///   is 5432 when absent, and a `host` query value that starts with `/` names the directory of
    ///   a Unix socket.
    /// - Throws: ``PostgresSourceError`` of kind `invalidURL`, whose message shows the URL
    ///   with its password replaced by `***`.
    public init(url: String) throws(PostgresSourceError) {
        func fail(_ why: String) -> PostgresSourceError {
            PostgresSourceError(.invalidURL, server: Self.redacted(url), message: why)
        }
        guard let components = URLComponents(string: url) else { throw fail("not a URL") }
        guard components.scheme == "postgres" || components.scheme == "postgresql" else {
            throw fail("the scheme must be postgres:// or postgresql://")
        }
        guard let user = components.user.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw fail("no user name (postgres://USER@HOST/DATABASE)")
        }
        let database = String(components.path.drop { $0 == "/" }).removingPercentEncoding ?? ""
        guard !database.isEmpty else { throw fail("no database name (postgres://USER@HOST/DATABASE)") }
        let socketDirectory = components.queryItems?.first { $0.name == "host" }?.value
        let port = components.port ?? 5432
        if let socketDirectory, socketDirectory.hasPrefix("/") {
            endpoint = .unixSocket(path: socketDirectory + "/.s.PGSQL.\(port)")
        } else {
            guard let host = components.host, !host.isEmpty else { throw fail("no host name") }
            endpoint = .tcp(host: host, port: port)
        }
        username = user
        password = components.password.flatMap { $0.removingPercentEncoding }
        self.database = database
        tls = .disable
    }

    /// `postgres://USER@HOST:PORT/DATABASE`: no password.
    public var description: String {
        switch endpoint {
        case .tcp(let host, let port): "postgres://\(username)@\(host):\(port)/\(database)"
        case .unixSocket(let path): "postgres://\(username)@\(database)?socket=\(path)"
        }
    }

    /// `url` with the password (if any) replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://"), let at = url[schemeEnd.upperBound...].lastIndex(of: "@") else { return url }
        let credentials = url[schemeEnd.upperBound ..< at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
    }

    /// postgres-nio's configuration for this server, with `settings` sent at startup.
    func configuration(settings: [(String, String)]) -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            configuration = .init(host: host, port: port, username: username, password: password, database: database, tls: tls)
        case .unixSocket(let path):
            configuration = .init(unixSocketPath: path, username: username, password: password, database: database)
        }
        configuration.options.connectTimeout = .nanoseconds(Int64(connectTimeout.nanoseconds))
        configuration.options.additionalStartupParameters = settings
        return configuration
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product &+ attoseconds / 1_000_000_000
    }
}
#endif
