import ListAdapter
import ListAdapterTesting
import Testing

/// `ListEventRecorder(keepingLast:)`: a long run's recorder keeps a bounded tail of the
/// events (the soak's kept every batch, each holding states of the list: 500 MB after 13
/// minutes), while its counts and last load state still cover every event and waits still
/// wake.
@MainActor
@Suite("A recorder that keeps the last events")
struct RecorderLimitTests {
    static func batch(_ ids: [Int]) -> ListEvent<Int, Int> {
        let before = ListSnapshot(ids.dropLast().map { ListEntry(id: $0, summary: 0) })
        let after = ListSnapshot(ids.map { ListEntry(id: $0, summary: 0) })
        let update = ListUpdate(from: before, to: after)
        return .batch(update.batches[0], ListChangeInfo(changes: update.changes, reason: .invalidation, batchIndex: 0, batchCount: 1, computeDuration: .zero))
    }

    @Test func keepsTheLastEventsAndCountsThemAll() {
        let recorder = ListEventRecorder<Int, Int>(keepingLast: 3)
        var everything: [ListEvent<Int, Int>] = []
        for round in 1 ... 50 {
            let event: ListEvent<Int, Int> = switch round % 5 {
            case 0: .reload(ListSnapshot([ListEntry(id: round, summary: 0)]))
            case 1: .loadStateChanged(round % 2 == 0 ? .content : .loading)
            default: Self.batch(Array(0 ... round))
            }
            recorder.record(event)
            everything.append(event)
            #expect(recorder.events.count <= 2 * 3, "kept \(recorder.events.count) events, more than twice the limit")
            #expect(recorder.events.count >= min(3, everything.count))
            #expect(recorder.events.last.map { "\($0)" } == "\(event)")
        }
        // The counts cover the events no longer kept.
        #expect(recorder.batchCount == everything.count { if case .batch = $0 { true } else { false } })
        #expect(recorder.reloadCount == 10)
        let lastState = everything.reversed().lazy.compactMap { event -> ListLoadState? in
            if case .loadStateChanged(let state) = event { state } else { nil }
        }.first
        #expect(recorder.lastLoadState == lastState)
        #expect(lastState == .content)                  // round 46, long dropped from the events
        // What is kept is the tail, in order.
        let kept = recorder.events.map { "\($0)" }
        #expect(kept == everything.suffix(kept.count).map { "\($0)" })
    }

    @Test func anUnlimitedRecorderKeepsEverything() {
        let recorder = ListEventRecorder<Int, Int>()
        for round in 1 ... 40 { recorder.record(Self.batch(Array(0 ... round))) }
        #expect(recorder.events.count == 40)
        #expect(recorder.batchCount == 40)
        #expect(recorder.limit == nil)
    }

    @Test func aWaitWakesOnAnEventPastTheLimit() async {
        let recorder = ListEventRecorder<Int, Int>(keepingLast: 1)
        for round in 1 ... 10 { recorder.record(Self.batch(Array(0 ... round))) }
        let waiting = Task { @MainActor in
            await recorder.wait { _ in recorder.reloadCount == 1 }
        }
        while recorder.waitingCount == 0 { await Task.yield() }
        recorder.record(.reload(ListSnapshot()))
        #expect(await waiting.value)
        #expect(recorder.events.count == 1)
    }
}
