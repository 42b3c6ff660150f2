import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Synchronization
import Testing

/// A writer that never pauses makes a storm of invalidations. The adapter coalesces a
/// storm of full reloads for 500 ms, doubling to a second (each reload costs hundreds of
/// milliseconds at a million rows); a storm of patches costs a millisecond a load, and
/// is coalesced for one frame (`patchCoalescingInterval`). Before, a list following a
/// busy writer was delivered once a second, and rows it added waited that long.
@MainActor
@Suite("SQLite source: a storm of patches", .hangGuard)
struct PatchStormTests {
    @Test func aWriterThatNeverPausesIsFollowedFrameByFrame() async throws {
        let fixture = try MailFixture(rows: 500)
        defer { fixture.remove() }
        let source = try fixture.source()
        // Full reloads coalesced for a minute: if a storm of patches waited like a storm of
        // reloads, the writer below would reach its bound of commits long before the storm
        // had been delivered five times (checked: with the patch period replaced by the
        // reload one, it fails so). Patches keep their one-frame period. Nothing here depends
        // on how fast the machine is: the writer commits until the storm has been delivered
        // several times.
        var configuration = ListViewAdapterConfiguration()
        configuration.coalescingInterval = .seconds(60)
        configuration.maximumCoalescingInterval = .seconds(60)
        let adapter = ListViewAdapter(source: source, configuration: configuration)
        let probe = ListViewAdapterProbe(adapter)
        await probe.recorder.wait { _ in probe.recorder.reloadCount == 1 }
        let delivered = Delivered()
        let observation = adapter.observe { event in
            if case .batch(_, let info) = event, info.batchIndex == info.batchCount - 1 { delivered.count.add(1, ordering: .relaxed) }
        }
        let database = source.database
        let wanted = 5
        // Commits back to back (each load then finds the next commit waiting: a storm), a
        // millisecond's pause now and then so the writer lock is shared, until the storm has
        // been delivered `wanted` times, or a bound of commits a working adapter never nears
        // (it needs a few hundred for five frames).
        let commits = await onOwnThread {
            var round = 0
            while delivered.count.load(ordering: .relaxed) < wanted && round < 20_000 {
                try? database.write { db in
                    try db.execute(sql: "UPDATE message SET version = version + 1 WHERE id = ?", arguments: [1 + round % 500])
                }
                round += 1
                if round % 4 == 0 { usleep(1_000) }              // pacing the writer, not synchronising
            }
            return round
        }
        let truth = try fixture.plainSnapshot(source.database)
        #expect(await probe.waitUntilShowing(truth), "\(probe.failures)")
        #expect(delivered.count.load(ordering: .relaxed) >= wanted, "\(commits) commits")
        #expect(source.incrementalStatistics.fallbacks == 0)
        #expect(source.incrementalStatistics.patches >= wanted)
        observation.cancel()
    }
}

/// Deliveries counted on the main queue, read by the writer's thread.
private final class Delivered: Sendable {
    let count = Atomic<Int>(0)
}
