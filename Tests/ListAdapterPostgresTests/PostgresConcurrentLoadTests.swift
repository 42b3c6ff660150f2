#if PostgreSQL
import Foundation
import ListAdapter
@testable import ListAdapterPostgres
import PostgresNIO
import Testing

/// Two loads of one source at once (the adapter came back to a source whose abandoned load
/// still runs; the soak found it): their transactions must not mix on the tracked loads'
/// connection.
@Suite("PostgreSQL source: loads at once", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable), .hangGuard)
struct PostgresConcurrentLoadTests {
    /// The order bodies started and ended in.
    final class Order: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []
        func append(_ event: String) { lock.withLock { events.append(event) } }
        var all: [String] { lock.withLock { events } }
    }

    @Test func anExclusiveSlotRunsOneBodyAtATimeInArrivalOrder() async throws {
        let fixture = try await PostgresFixture()
        defer { fixture.remove() }
        let slot = ConnectionSlot(server: fixture.server, settings: [], logger: .init(label: "test"), name: "test", exclusive: true)
        let order = Order()
        // The first body holds the connection in a transaction for half a second of server
        // time; the second is called while it does (the actor would let it in at once).
        let first = Task {
            try await slot.run(table: nil, sql: nil, limit: .seconds(60)) { connection in
                order.append("first begins")
                _ = try await connection.query("BEGIN", logger: connection.logger).collect()
                _ = try await connection.query("SELECT pg_sleep(0.5)", logger: connection.logger).collect()
                _ = try await connection.query("COMMIT", logger: connection.logger).collect()
                order.append("first ends")
            }
        }
        while !order.all.contains("first begins") { await Task.yield() }
        try await slot.run(table: nil, sql: nil, limit: .seconds(60)) { connection in
            order.append("second begins")
            _ = try await connection.query("SELECT 1", logger: connection.logger).collect()
            order.append("second ends")
        }
        try await first.value
        #expect(order.all == ["first begins", "first ends", "second begins", "second ends"])
        await slot.close()
    }

    @Test func aBaselineAndAPatchLoadedAtOnceAreBothTheServersList() async throws {
        let fixture = try await PostgresFixture(rows: 300)
        defer { fixture.remove() }
        let source = try await fixture.source(access: .owned)
        for round in 0 ..< 8 {
            let base = try await source.loadBaseline()
            try await fixture.psql("UPDATE \(fixture.table) SET version = version + 1, queue = 'queue \(round % 3)' WHERE id % 7 = \(round)")
            async let patch = source.loadChanges(since: base)
            async let again = source.loadBaseline()
            let (patched, rescanned) = try await (patch, again)
            let truth = try await fixture.truth()
            #expect(rescanned == truth, "round \(round): the baseline loaded beside a patch is not the server's list")
            if let patched { #expect(base.applying(patched)?.snapshot == truth, "round \(round): the patch loaded beside a baseline") }
        }
        await source.close()
    }
}
#endif
