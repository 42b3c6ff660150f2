#if PostgreSQL
import PostgresNIO

extension PostgresListSource {
    /// Whether opening this source installed the change log: its triggers were not on the
    /// table before (`false` for a source without a change log, or when they were). Only
    /// then is the change log this process's to ``removeChangeLog()``.
    ///
    /// Any thread.
    public var openingInstalledChangeLog: Bool {
        state.withLock { $0.openingInstalledChangeLog }
    }

    /// Removes the change log (see ``installChangeLog()``): the two triggers on the table,
    /// their functions and the log table, in one transaction, so that writers stop paying
    /// for it. For a change log that nothing will read, say one this source installed on
    /// opening (``openingInstalledChangeLog``) before its first load failed. The removal
    /// sticks: the source does not install it again by itself (its loads fail, as
    /// `invalidQuery` naming the removal) until ``installChangeLog()``.
    ///
    /// Call it from any task; it writes to the server.
    ///
    /// - Throws: ``PostgresSourceError``: `readOnly` for a followed source;
    ///   `permissionDenied` when the role may not drop them.
    public func removeChangeLog() async throws(PostgresSourceError) {
        guard access == .owned else {
            throw PostgresSourceError(.readOnly, server: server.description, table: table, message: "the source follows \(table) read-only; removing a change log needs access: .owned")
        }
        guard let changeLog else {
            throw PostgresSourceError(.invalidQuery, server: server.description, table: table, message: "a change log needs a table origin (not a SELECT) and Options.changeLog")
        }
        let statements = changeLog.removeSQL
        try await tracking.run(table: table, sql: statements.joined(separator: ";\n"), limit: options.replyTimeout) { connection in
            try await Self.inTransaction(connection, "BEGIN") {
                for (index, statement) in statements.enumerated() {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: connection.logger).collect()
                    // Under the installers' lock: a load's repair runs wholly before or after.
                    if index == 0 { self.state.withLock { $0.changeLogRemoved = true } }
                }
            }
        }
        state.withLock { $0.openingInstalledChangeLog = false }
    }
}
#endif
