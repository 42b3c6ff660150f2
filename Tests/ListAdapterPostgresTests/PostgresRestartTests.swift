#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import Testing

/// The server itself stopping and starting again (`pg_ctl stop -m fast`, then `start`), on
/// a cluster of the test's own so that the other suites' server stays up.
@MainActor
@Suite("PostgreSQL source: a server restart", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresRestartTests {
    typealias Probe = ListViewAdapterProbe<Int64, Int64, Ticket>

    @Test func aRestartedServerIsReconnectedAndNothingCommittedMeanwhileIsLost() async throws {
        let cluster = try await Cluster()
        defer { cluster.stop() }
        let fixture = try await PostgresFixture(rows: 60, url: cluster.url)
        let owned = try await fixture.source(access: .owned)
        let followed = try await fixture.source(access: .followed)
        let ownedAdapter = ListViewAdapter(source: owned)
        let followedAdapter = ListViewAdapter(source: followed)
        let ownedProbe = Probe(ownedAdapter)
        let followedProbe = Probe(followedAdapter)
        let before = try await fixture.truth()
        #expect(await ownedProbe.waitUntilShowing(before), "\(ownedProbe.failures)")
        #expect(await followedProbe.waitUntilShowing(before), "\(followedProbe.failures)")

        try await cluster.run("halt")
        for (probe, adapter) in [(ownedProbe, ownedAdapter), (followedProbe, followedAdapter)] {
            // Each source's watch loses its connection: the adapter says so and keeps its list.
            await probe.recorder.wait { _ in
                if case .failed = probe.recorder.lastLoadState { return true }
                return false
            }
            guard case .failed(let error) = probe.recorder.lastLoadState else { continue }
            let kind = (error.underlying as? PostgresSourceError)?.kind
            #expect(kind == .connection, "\(error)")
            #expect(!"\(error)".contains(":listadapter@"), "the password is never shown: \(error)")
            #expect(adapter.snapshot == before, "the adapter keeps its last good list")
        }

        try await cluster.run("resume")
        // Committed as soon as the server is back, before the sources have reconnected: the
        // resynchronisation (the change log's cursor, or a rescan) must bring it.
        try await fixture.psql("UPDATE \(fixture.table) SET version = version + 1 WHERE id % 4 = 0; DELETE FROM \(fixture.table) WHERE id IN (5, 6); INSERT INTO \(fixture.table) VALUES (900, 'queue 2', 1, 'back')")
        let after = try await fixture.truth()
        #expect(await ownedProbe.waitUntilShowing(after), "\(ownedProbe.failures)")
        #expect(await followedProbe.waitUntilShowing(after), "\(followedProbe.failures)")

        // And the live path works again: a commit after the reconnection is seen.
        try await fixture.psql("UPDATE \(fixture.table) SET queue = 'queue 0' WHERE id = 7")
        let later = try await fixture.truth()
        #expect(await ownedProbe.waitUntilShowing(later), "\(ownedProbe.failures)")
        #expect(await followedProbe.waitUntilShowing(later), "\(followedProbe.failures)")
        #expect(owned.statistics.reconnections >= 1, "\(owned.statistics)")
        #expect(ownedProbe.failures.isEmpty && followedProbe.failures.isEmpty)
        for probe in [ownedProbe, followedProbe] { probe.cancel() }
        await owned.close()
        await followed.close()
    }

    /// A throwaway cluster of the test's own, through `.ci/postgres.sh` (the next free port).
    struct Cluster: Sendable {
        let directory: String
        let url: String
        static let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".ci/postgres.sh").path

        init() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listadapter-restart-" + UUID().uuidString.prefix(8)).path
            self.directory = directory
            // Off the main actor: initdb takes seconds, and other suites run on it.
            let output = try await onDispatchThread { try Self.postgresScript(["start", directory]) }
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("LISTADAPTER_POSTGRES_URL=") }) else {
                throw FixtureError("postgres.sh start printed no URL: \(output)")
            }
            url = String(line.dropFirst("LISTADAPTER_POSTGRES_URL=".count))
        }

        func run(_ action: String) async throws {
            let directory = directory
            _ = try await onDispatchThread { try Self.postgresScript([action, directory]) }
        }

        func stop() {
            _ = try? Self.postgresScript(["stop", directory])
        }

        static func postgresScript(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["bash", script] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["LISTADAPTER_POSTGRES_PORT"] = nil     // the next free port
            process.environment = environment
            // Files, not pipes: the server it starts would inherit a pipe and keep it open,
            // so reading to its end would wait for the server to stop.
            let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-sh-" + UUID().uuidString)
            _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: outputFile) }
            let output = try FileHandle(forWritingTo: outputFile)
            process.standardOutput = output
            process.standardError = output
            try process.run()
            process.waitUntilExit()
            try output.close()
            let text = try Data(contentsOf: outputFile)
            guard process.terminationStatus == 0 else {
                throw FixtureError("postgres.sh \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(String(decoding: text, as: UTF8.self))")
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
#endif
