import Dispatch
@testable import ListAdapter
import ListAdapterTesting
import Testing

/// `observe` hands events to main-actor code; `observeOnDeliveryQueue` to a queue of the
/// app's choosing; and asking for the first on an adapter that delivers elsewhere is a
/// programmer error caught at once, not a data race later.
@Suite("ListViewAdapter observers and isolation", .hangGuard)
struct ObserverIsolationTests {
    @MainActor @Test func observeCallsItsHandlerOnTheMainActorWithTheAdapterAnsweringFromTheEvent() async throws {
        let source = InMemoryListSource(ListViewAdapterTests.initial)
        let adapter = ListViewAdapter(source: source)
        let recorder = ListEventRecorder<String, Int>()
        var countsSeen: [Int] = []
        var onMainQueue: [Bool] = []
        let mainKey = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: mainKey, value: 1)
        let observation = adapter.observe { event in
            // A main-actor closure: it may touch main-actor state with no hop.
            onMainQueue.append(DispatchQueue.getSpecific(key: mainKey) == 1)
            if case .batch(let batch, _) = event { countsSeen.append(batch.after.count) }
            if case .reload(let snapshot) = event { countsSeen.append(snapshot.count) }
            #expect(adapter.snapshot.count == countsSeen.last ?? adapter.snapshot.count)
            recorder.record(event)
        }
        await recorder.wait { _ in recorder.reloadCount == 1 }
        source.mutate { $0.removeFirst() }
        await recorder.wait { _ in recorder.batchCount == 1 }
        #expect(countsSeen == [5, 4])
        #expect(onMainQueue.count >= 2 && onMainQueue.allSatisfy { $0 })
        observation.cancel()
    }

    @Test func observeOnDeliveryQueueCallsItsHandlerOnThatQueue() async throws {
        let queue = DispatchQueue(label: "test delivery")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let configuration = { var configuration = ListViewAdapterConfiguration(); configuration.deliveryQueue = queue; return configuration }()
        let source = InMemoryListSource(ListViewAdapterTests.initial)
        let onQueue = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            queue.async {
                let adapter = ListViewAdapter(source: source, configuration: configuration)
                // Delivery queue only. It holds the adapter too: an adapter released here
                // would never deliver.
                final class Once: @unchecked Sendable { var adapter: AnyObject?; var observation: ListObservation? }
                let once = Once()
                once.adapter = adapter
                once.observation = adapter.observeOnDeliveryQueue { event in
                    guard case .reload = event, let observation = once.observation else { return }
                    observation.cancel()
                    once.adapter = nil
                    continuation.resume(returning: DispatchQueue.getSpecific(key: key) == 7)
                }
            }
        }
        #expect(onQueue)
    }

    /// `cancel()` from a thread other than the delivery queue, while changes are being
    /// delivered, queues the removal there: no data race on the adapter's observers (the
    /// thread sanitizer's verdict, which reported one when `cancel()` removed the observer
    /// in place; the bench did this and once crashed in a corrupted dictionary), and once
    /// the deliveries queued before it are done, the handler gets nothing more.
    @MainActor @Test func anObservationCancelledOnAnotherThreadIsRemovedOnTheDeliveryQueue() async throws {
        let source = InMemoryListSource(ListViewAdapterTests.initial)
        let adapter = ListViewAdapter(source: source)
        let recorder = ListEventRecorder<String, Int>()
        var cancelledSaw = 0
        let cancelled = adapter.observe { _ in cancelledSaw += 1 }
        let kept = adapter.observe { recorder.record($0) }
        await recorder.wait { _ in recorder.reloadCount == 1 }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for round in 0 ..< 40 {
                    source.mutate { $0.append(Record(entry: ListEntry(id: "n\(round)", section: "Today", summary: 1), item: "n\(round)")) }
                    if round == 20 { cancelled.cancel() }
                }
                continuation.resume()
            }
        }
        await recorder.wait { _ in adapter.snapshot.count == ListViewAdapterTests.initial.count + 40 }
        let seen = cancelledSaw
        #expect(seen >= 1, "the first load reached both handlers")
        source.mutate { $0.removeFirst() }
        await recorder.wait { _ in adapter.snapshot.count == ListViewAdapterTests.initial.count + 39 }
        #expect(cancelledSaw == seen, "a handler cancelled on another thread still got events")
        kept.cancel()
    }

    /// The same, deterministically: `cancel()` on another thread while the delivery queue
    /// (here the main queue) is busy returns without it and leaves the observer in place;
    /// the delivery queue removes it on its next turn. (Removing it in place, as before,
    /// left one observer fewer at once: a write from the wrong thread.)
    @MainActor @Test func cancelOnAnotherThreadLeavesTheRemovalToTheDeliveryQueue() async {
        let adapter = ListViewAdapter(source: InMemoryListSource(ListViewAdapterTests.initial))
        let observation = adapter.observe { _ in }
        #expect(adapter.delivered.observers.count == 1)
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            observation.cancel()
            returned.signal()
        }
        returned.wait()                                     // the main queue stays busy meanwhile
        #expect(adapter.delivered.observers.count == 1, "the observer was removed off the delivery queue")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(adapter.delivered.observers.isEmpty, "the removal queued on the delivery queue did not run")
    }

    @Test func observeOnAnAdapterThatDeliversElsewhereTrapsNamingTheAlternative() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var configuration = ListViewAdapterConfiguration()
            configuration.deliveryQueue = DispatchQueue(label: "not main")
            let adapter = ListViewAdapter(source: InMemoryListSource(ListViewAdapterTests.initial), configuration: configuration)
            await MainActor.run { _ = adapter.observe { _ in } }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("this adapter delivers on not main: use observeOnDeliveryQueue(isReady:_:)"), "\(message)")
    }
}
