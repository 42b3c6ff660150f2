#if PostgreSQL
import Foundation
import ListAdapterPostgres

/// How the soak runs `psql`, another process, against its server: the binary
/// (`/usr/lib/postgresql/*/bin/psql`, else `psql` on `PATH`), the connection arguments and
/// the password in the child's environment (`PGPASSWORD`, never on a command line or in
/// output). Used for the writers (``PsqlWriter``), the plain `SELECT`s a checkpoint
/// compares with, and creating and dropping the soak's table.
///
/// Thread safety: a value type; ``run(_:)`` blocks, so call it off the main actor.
struct PsqlCommand: Sendable {
    let executable: URL
    let arguments: [String]
    let environment: [String: String]

    init(server: PostgresServer, applicationName: String) {
        let installed = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let candidates = installed.sorted { $0.localizedStandardCompare($1) == .orderedDescending }.map { "/usr/lib/postgresql/\($0)/bin/psql" }
        var connection: [String]
        switch server.endpoint {
        case .tcp(let host, let port):
            connection = ["-h", host, "-p", "\(port)"]
        case .unixSocket(let path):
            let socket = URL(fileURLWithPath: path)
            connection = ["-h", socket.deletingLastPathComponent().path, "-p", String(socket.lastPathComponent.split(separator: ".").last ?? "5432")]
        }
        connection += ["-U", server.username, "-d", server.database]
        // -X: no ~/.psqlrc; -q: no command tags; -A -t: bare rows; stop at the first error.
        let options = ["-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1"]
        if let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            executable = URL(fileURLWithPath: binary)
            arguments = options + connection
        } else {
            executable = URL(fileURLWithPath: "/usr/bin/env")
            arguments = ["psql"] + options + connection
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = server.password ?? ""
        environment["PGAPPNAME"] = applicationName
        environment["PGCONNECT_TIMEOUT"] = "10"
        self.environment = environment
    }

    /// A `psql` process reading its script from standard input (not started).
    func process(extraArguments: [String] = []) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + extraArguments
        process.environment = environment
        return process
    }

    /// Runs `sql` in a `psql` of its own and returns what it printed (tab-separated rows).
    ///
    /// - Throws: ``PsqlFailure`` with `psql`'s error output when it fails.
    func run(_ sql: String) throws -> String {
        let process = process(extraArguments: ["-c", sql])
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting: a large answer would fill the pipe and block psql.
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PsqlFailure(description: "psql exited with \(process.terminationStatus): \(String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// ``run(_:)`` on a global queue, for a caller on the main actor.
    func runInBackground(_ sql: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.run(sql) })
            }
        }
    }
}

/// `psql` failed; its error output.
struct PsqlFailure: Error, CustomStringConvertible {
    let description: String
}
#endif
