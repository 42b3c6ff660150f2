import Foundation
@testable import ListAdapter
import ListAdapterTesting
import Testing

/// The demo's situation in miniature: a writer changes the newest rows continuously
/// (new mail, reads, deletes, refiles to the previous day) while a screen shows them and
/// asks for every row it cannot draw. Counted in deliveries and requests, never in time.
@MainActor
@Suite("Payloads under a continuous writer", .hangGuard)
struct PayloadsUnderWriterTests {
    static let deliveries = 60

    @Test func visibleRowsFillWithinTheDeliveryTheirAnswerArrivesInAndShowOnlyTheirOwnVersion() async throws {
        let seed = UInt64.random(in: 0 ... UInt64(UInt32.max))
        print("PayloadsUnderWriterTests seed \(seed)")
        let writer = MailboxWriter(days: 40, perDay: 50, seed: seed)
        var configuration = ListViewAdapterConfiguration()
        configuration.coalescingInterval = .zero                         // one delivery after another
        let adapter = ListViewAdapter(source: writer.source, configuration: configuration)
        let harness = ViewHarness(adapter)
        let screen = ScreenModel(adapter: adapter, rows: 25)
        let observation = adapter.observe { _ in
            screen.scheduleRedraw()
            writer.proceed()                                              // the next burst races this delivery's fetches
        }
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        writer.start()
        await screen.wait { screen.epoch >= Self.deliveries }
        await writer.stop()

        // Once the list has caught up, every visible row shows exactly its own version.
        let final = try await writer.source.loadEntries()
        #expect(await harness.waitUntilShowing(final))
        screen.scheduleRedraw()
        await screen.wait { screen.showsEveryRowCurrent }
        observation.cancel()

        let waits = screen.waits.sorted()
        print(
            "PayloadsUnderWriterTests seed \(seed): \(screen.epoch) deliveries, \(writer.bursts) bursts, "
                + "\(screen.requestsPerEpoch.count) requests; rows that waited: \(waits.count), "
                + "deliveries waited median \(waits.isEmpty ? 0 : waits[waits.count / 2]), max \(waits.last ?? 0); "
                + "shown ahead \(screen.aheadShownCount)×, drawn as vanished \(screen.vanishedShownCount)×"
        )
        #expect(screen.violations.isEmpty, "seed \(seed): \(screen.violations.prefix(5))")
        // Before the fix a row deleted ahead of the list was asked for again after every
        // answer, hundreds of times per delivery, until the delivery that removed it.
        #expect(screen.maxRequestsPerEpoch <= 1, "seed \(seed)")
        #expect(harness.failures.isEmpty, "seed \(seed): \(harness.failures.prefix(3))")
    }
}
