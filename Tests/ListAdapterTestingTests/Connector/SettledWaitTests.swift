import ListAdapter
import ListAdapterTesting
import Testing

/// `ListEventRecorder.wait(atMost:until:)`, the soak's "after the changes settled" wait
/// (the soak once reported every visible cell of an off-screen collection view still a
/// placeholder "after the changes settled", a few milliseconds into its 15 s wait, while
/// their fetches were on their way).
@MainActor
@Suite("Waiting for a settled state", .hangGuard)
struct SettledWaitTests {
    /// Yields the main actor until `recorder` holds a registered wait or `ended()` (no
    /// sleeping: the waiting task runs in between), then returns whether it waits. No time
    /// limit is the verdict: either outcome ends the loop (the hang guard bounds a hang).
    static func waits(_ recorder: ListEventRecorder<String, Int>, orEnded ended: () -> Bool = { false }) async -> Bool {
        while recorder.waitingCount == 0 && !ended() { await Task.yield() }
        return recorder.waitingCount > 0
    }

    @Test func aReloadThatShowsNoCellsForAMomentDoesNotEndTheWait() async throws {
        // The soak's failure, step by step. A view off screen gets `reloadData` for every
        // change; its cells' payloads are on their way (held here).
        let source = HeldFetchSource(count: 30)
        source.hold()
        let harness = ConnectorHarness(source)
        try await harness.waitUntilCurrent()
        #expect(harness.cellProblems(requireFilled: true).count == 10)
        let state = Flags()
        let waiting = Task { @MainActor in
            defer { state.ended = true }
            let filled = await harness.recorder.wait(atMost: .seconds(300)) { _ in
                harness.cellProblems(requireFilled: true).isEmpty
            }
            return (filled, harness.cellProblems(requireFilled: true).count)
        }
        #expect(await Self.waits(harness.recorder))
        // The next change reloads the view. It configures its cells one by one, and the
        // recheck made from the first configuration sees no cell on screen yet: "every
        // visible cell is filled" holds for that moment, and wakes the wait.
        harness.view.reloadListData()
        #expect(harness.recorder.waitingCount == 0)
        #expect(harness.cellProblems(requireFilled: true).count == 10)
        // The woken task finds the placeholders. Before the fix it returned `false` there,
        // which the soak reported as cells left placeholders after its 15 s wait; now it
        // waits again. The payloads are let through only once it did one or the other.
        _ = await Self.waits(harness.recorder, orEnded: { state.ended })
        source.release()
        let (filled, unfilled) = await waiting.value
        #expect(filled, "the wait ended on a condition that held only in the middle of a reload")
        #expect(unfilled == 0)
        #expect(harness.cellProblems(requireFilled: true).isEmpty)
    }

    /// What the waiting task and the test share (both on the main actor).
    final class Flags {
        var ready = false
        var ended = false
    }

    @Test func aConditionThatHeldOnlyForAMomentDoesNotEndTheWait() async {
        let recorder = ListEventRecorder<String, Int>()
        let state = Flags()
        let waiting = Task { @MainActor in
            defer { state.ended = true }
            return await recorder.wait(atMost: .seconds(300)) { _ in state.ready }
        }
        #expect(await Self.waits(recorder))
        state.ready = true
        recorder.recheck()                      // wakes the wait…
        state.ready = false                     // …which runs after the condition lapsed
        // Waiting again, or (before the fix) ended with `false`, not timed out.
        #expect(await Self.waits(recorder, orEnded: { state.ended }), "the wait ended on a condition that held only for a moment")
        state.ready = true
        recorder.recheck()
        #expect(await waiting.value)
    }

    @Test func aConditionThatNeverHoldsEndsTheWaitAtTheLimit() async {
        let recorder = ListEventRecorder<String, Int>()
        // The limit bounds a failure; nothing here waits for it to pass to synchronise.
        #expect(await recorder.wait(atMost: .milliseconds(50)) { _ in false } == false)
        #expect(await recorder.wait(atMost: .milliseconds(50)) { _ in true })
        #expect(recorder.waitingCount == 0)
    }
}
