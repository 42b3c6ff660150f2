import Dispatch
import ListAdapter
import Testing

@MainActor
@Suite("ListViewAdapter items", .hangGuard)
struct ItemFetchTests {
    static func loadedAdapter(_ source: ControlledSource, configuration: ListViewAdapterConfiguration = .init())
        async -> (ListViewAdapter<String, Int, String>, ViewHarness)
    {
        let adapter = ListViewAdapter(source: source, configuration: configuration)
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        return (adapter, harness)
    }

    /// Requests every path in this main-queue turn, then awaits all the answers.
    static func items(at paths: [ItemPath], from adapter: ListViewAdapter<String, Int, String>)
        async throws -> [FetchedItem<String, String>?]
    {
        let answers = AnswerBox(count: paths.count)
        for (index, path) in paths.enumerated() {
            adapter.item(at: path) { answers.set(index, $0) }
        }
        return try await answers.all()
    }

    @Test func requestsInOneTurnShareOneFetchAndOneCallPerIdentifier() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, _) = await Self.loadedAdapter(source)
        let answers = try await Self.items(
            at: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 1)], from: adapter
        )
        #expect(source.fetchCalls.count == 1)
        #expect(answers.map { $0?.id } == ["a", "a", "d"])
        #expect(answers.map { $0?.item } == ["a@1", "a@1", "d@1"])
        #expect(source.fetchCalls.flatMap { $0 }.sorted() == ["a", "d"])
        // Served from the cache from now on.
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 0)) == "a@1")
        let cached = try await adapter.item(at: ItemPath(section: 0, item: 0))
        #expect(cached?.item == "a@1")
        #expect(source.fetchCalls.flatMap { $0 }.count == 2)
    }

    /// A data source whose payload fetches all fail; its entries load.
    final class FailingFetchSource: ListDataSource, CustomStringConvertible {
        struct Failure: Error {}
        let data = InMemoryListSource(ListViewAdapterTests.initial)
        var description: String { "the failing fetcher" }
        func loadEntries() async throws -> ListSnapshot<String, Int> { try await data.loadEntries() }
        func fetchItems(_ ids: [String]) async throws -> [String: String] { throw Failure() }
        func attach(_ invalidation: ListInvalidation) { data.attach(invalidation) }
    }

    /// A failed fetch answers every request of its batch with `fetchFailed`, naming the
    /// source and carrying its error.
    @Test func aFailedFetchAnswersEveryRequestWithTheSourceNamed() async throws {
        let adapter = ListViewAdapter(source: FailingFetchSource())
        let harness = ViewHarness(adapter)
        await harness.recorder.wait { _ in harness.recorder.reloadCount == 1 }
        var errors: [ListAdapterError] = []
        for path in [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 1)] {
            do {
                _ = try await adapter.item(at: path)
                Issue.record("\(path) answered despite the failure")
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.map(\.kind) == [.fetchFailed, .fetchFailed])
        #expect(errors.allSatisfy { $0.source == "the failing fetcher" && $0.underlying is FailingFetchSource.Failure })
    }

    @Test func completionHandlersRunOnTheMainQueueWithTheIdentifierAskedFor() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, _) = await Self.loadedAdapter(source)
        let answer: FetchedItem<String, String>? = try await withCheckedThrowingContinuation { continuation in
            adapter.item(at: ItemPath(section: 1, item: 0)) { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(answer == FetchedItem(id: "c", item: "c@1"))
    }

    @Test func anAnswerAfterTheItemMovedDescribesTheItemAskedFor() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, harness) = await Self.loadedAdapter(source)
        // Ask, then move "a" to another section before the answer can arrive.
        let answer = AnswerBox(count: 1)
        adapter.item(at: ItemPath(section: 0, item: 0)) { answer.set(0, $0) }
        source.data.mutate { records in
            let a = records.removeFirst()
            records.append(Record(entry: ListEntry(id: a.entry.id, section: "Yesterday", summary: 1), item: a.item))
        }
        let fetched = try await answer.all()[0]
        #expect(fetched?.id == "a")
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.path(of: "a") == ItemPath(section: 1, item: 2))
    }

    @Test func anItemThatVanishedYieldsNoPayload() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, _) = await Self.loadedAdapter(source)
        source.data.mutate { $0.removeAll { $0.entry.id == "c" } }      // not yet delivered
        let answer = try await adapter.item(at: ItemPath(section: 1, item: 0))
        #expect(answer == nil)
        #expect(try await adapter.item(at: ItemPath(section: 9, item: 9)) == nil)
    }

    @Test func aChangedSummaryEvictsTheCachedPayload() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, harness) = await Self.loadedAdapter(source)
        _ = try await adapter.item(at: ItemPath(section: 0, item: 1))
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 1)) == "b@1")
        source.data.mutate { records in
            records[1].entry.summary = 2
            records[1].item = "b@2"
        }
        await harness.recorder.wait { _ in harness.recorder.batchCount == 1 }
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 1)) == nil)
        #expect(try await adapter.item(at: ItemPath(section: 0, item: 1))?.item == "b@2")
    }

    @Test func theCacheIsBounded() async throws {
        var configuration = ListViewAdapterConfiguration()
        configuration.cacheCountLimit = 2
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, _) = await Self.loadedAdapter(source, configuration: configuration)
        for path in [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0)] {
            _ = try await adapter.item(at: path)
        }
        #expect(adapter.cachedItemCount == 2)
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 0)) == nil)          // least recently used
        #expect(adapter.cachedItem(at: ItemPath(section: 1, item: 0)) == "c@1")
    }

    @Test func prefetchFillsTheCacheAndCancelWithdrawsUnsentRequests() async throws {
        let source = ControlledSource(ListViewAdapterTests.initial)
        let (adapter, _) = await Self.loadedAdapter(source)
        adapter.prefetchItems(at: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
        adapter.cancelPrefetching(at: [ItemPath(section: 0, item: 1)])   // same turn: never sent
        // A request made after the prefetch resolves once the prefetch batch did.
        let answer = try await adapter.item(at: ItemPath(section: 0, item: 0))
        #expect(answer?.item == "a@1")
        #expect(source.fetchCalls.flatMap { $0 } == ["a"])
        #expect(adapter.cachedItem(at: ItemPath(section: 0, item: 0)) == "a@1")
    }
}

/// Answers gathered from completion handlers (all called on the main queue), awaited
/// together.
@MainActor
final class AnswerBox: Sendable {
    private var answers: [Result<FetchedItem<String, String>?, ListAdapterError>?]
    private var continuation: CheckedContinuation<Void, Never>?

    nonisolated init(count: Int) {
        answers = Array(repeating: nil, count: count)
    }

    nonisolated func set(_ index: Int, _ answer: Result<FetchedItem<String, String>?, ListAdapterError>) {
        MainActor.assumeIsolated {
            answers[index] = answer
            if isComplete { wake() }
        }
    }

    private var isComplete: Bool { answers.allSatisfy { $0 != nil } }

    private func wake() {
        continuation?.resume()
        continuation = nil
    }

    /// Every answer, once all have arrived; throws `CancellationError` if the waiting task
    /// is cancelled first (by a test's time limit), so a missing answer fails the test
    /// instead of hanging the run.
    func all() async throws -> [FetchedItem<String, String>?] {
        if !isComplete {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if Task.isCancelled { continuation.resume() } else { self.continuation = continuation }
                }
            } onCancel: {
                Task { @MainActor in self.wake() }
            }
        }
        guard isComplete else { throw CancellationError() }
        return try answers.map { try $0!.get() }
    }
}
