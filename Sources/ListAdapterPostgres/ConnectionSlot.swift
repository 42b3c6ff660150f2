#if PostgreSQL
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One connection to the server, opened when first needed and opened again after it
/// dropped; every call on it has a deadline.
///
/// A source keeps one slot per purpose (payload fetches, tracked loads, notifications), so
/// that a transaction on one never interleaves with another's statements. An `exclusive`
/// slot (the tracked loads', whose bodies are transactions) also runs its callers' bodies
/// one at a time, in the order they came: the actor alone would not, since it lets a second
/// call in while the first waits for the server, and two transactions on one connection mix
/// (seen in the soak: a load abandoned by a transition still running when the adapter came
/// back to its source; the scan and the log's position then came from different snapshots).
/// Other slots let calls overlap, so payload fetches are pipelined on their connection.
///
/// Thread safety: an actor; its calls run on the cooperative pool.
actor ConnectionSlot {
    let server: PostgresServer
    let settings: [(String, String)]
    let logger: Logger
    let name: String
    let exclusive: Bool
    private var connection: PostgresConnection?
    private var opening: Task<PostgresConnection, any Error>?
    private var closed = false
    /// Whether an exclusive body runs, and who waits for its turn (first come, first served).
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(server: PostgresServer, settings: [(String, String)], logger: Logger, name: String, exclusive: Bool = false) {
        self.server = server
        self.settings = settings
        self.logger = logger
        self.name = name
        self.exclusive = exclusive
    }

    /// A source dropped without ``close()`` (or whose opening failed) closes its
    /// connection here: postgres-nio requires every connection to be closed.
    deinit {
        guard let connection else { return }
        // Kept alive until closed: postgres-nio asserts that a connection is closed when freed.
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// The open connection, opening one if there is none (or the last one closed).
    ///
    /// - Throws: ``PostgresSourceError``: `connection`, `authentication`, `timeout`...
    func open(table: String?) async throws(PostgresSourceError) -> PostgresConnection {
        if closed {
            throw PostgresSourceError(.connection, server: server.description, table: table, message: "the source was closed")
        }
        if let connection, !connection.isClosed { return connection }
        connection = nil
        let task: Task<PostgresConnection, any Error>
        if let opening {
            task = opening
        } else {
            let configuration = server.configuration(settings: settings)
            let logger = logger
            let limit = server.connectTimeout
            task = Task {
                // NIO's connect timeout covers TCP only: the deadline covers TLS and
                // authentication too (a server that accepts and then says nothing).
                let box = ConnectionBox()
                return try await withDeadline(limit, onTimeout: { await box.close() }) {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                    await box.set(connection)
                    return connection
                }
            }
            opening = task
        }
        do {
            let opened = try await task.value
            opening = nil
            if closed {
                try? await opened.close()
                throw PostgresSourceError(.connection, server: server.description, table: table, message: "the source was closed")
            }
            connection = opened
            return opened
        } catch {
            opening = nil
            throw Self.classify(error, server: server, table: table, sql: nil, doing: "connecting")
        }
    }

    /// Runs `body` on the open connection within `limit`; past it the connection is
    /// closed (ending the statement) and the call fails as `timeout`.
    ///
    /// On an exclusive slot, waits first for the bodies that came before it (each bounded by
    /// its own deadline).
    func run<T: Sendable>(
        table: String?, sql: String?, limit: Duration, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(PostgresSourceError) -> T {
        guard exclusive else { return try await runNow(table: table, sql: sql, limit: limit, body) }
        await takeTurn()
        defer { endTurn() }
        return try await runNow(table: table, sql: sql, limit: limit, body)
    }

    private func takeTurn() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }     // the turn is handed over by endTurn
    }

    private func endTurn() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }

    private func runNow<T: Sendable>(
        table: String?, sql: String?, limit: Duration, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(PostgresSourceError) -> T {
        let connection = try await open(table: table)
        do {
            return try await withDeadline(limit, watching: connection, onTimeout: { try? await connection.close() }) {
                try await body(connection)
            }
        } catch {
            // Past the deadline the connection is being closed (by `onTimeout`, which may not
            // have run yet): the next call must not pick it up (seen under the thread
            // sanitizer: the fetch after a timed-out scan failed as "clientClosedConnection").
            if connection.isClosed || error is DeadlinePassed, self.connection === connection { self.connection = nil }
            throw Self.classify(error, server: server, table: table, sql: sql, doing: "waiting for the server")
        }
    }

    /// Closes the connection (if open) and refuses to open another.
    func close() async {
        closed = true
        opening?.cancel()
        if let connection {
            self.connection = nil
            try? await connection.close()
        }
    }

    /// Drops the connection so that the next call opens a new one (after a failure that
    /// may have left it unusable).
    func reset() async {
        if let connection {
            self.connection = nil
            try? await connection.close()
        }
    }

    static func classify(_ error: any Error, server: PostgresServer, table: String?, sql: String?, doing: String) -> PostgresSourceError {
        if let deadline = error as? DeadlinePassed {
            return PostgresSourceError(.timeout, server: server.description, table: table, sql: sql, message: "no answer within \(deadline.limit) while \(doing)")
        }
        if error is ConnectionClosedUnderneath {
            return PostgresSourceError(.connection, server: server.description, table: table, sql: sql, message: "the connection closed while \(doing)")
        }
        if error is CancellationError {
            return PostgresSourceError(.connection, server: server.description, table: table, sql: sql, message: "cancelled while \(doing)")
        }
        return PostgresSourceError(error, server: server.description, table: table, sql: sql)
    }
}

/// The connection being opened, so that a deadline can close it.
private actor ConnectionBox {
    var connection: PostgresConnection?
    var closed = false

    func set(_ connection: PostgresConnection) async {
        self.connection = connection
        if closed { try? await connection.close() }
    }

    func close() async {
        closed = true
        try? await connection?.close()
    }
}
#endif
