import Dispatch
import ListAdapter
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
