import ListAdapter
import ListAdapterTesting
import Testing

@MainActor @Test func everyBatchIsSafe() async throws {
    let source = InMemoryListSource<String, Int, String>([
        .init(entry: ListEntry(id: "a", section: "Today", summary: 1), item: "Hello"),
        .init(entry: ListEntry(id: "b", section: "Today", summary: 1), item: "Minutes"),
        .init(entry: ListEntry(id: "c", section: "Later", summary: 1), item: "Invoice"),
    ])
    let adapter = ListViewAdapter(source: source)
    let probe = ListViewAdapterProbe(adapter)
    source.mutate { records in
        records.swapAt(0, 2)                                         // sections and items move
        records[1].entry.summary = 2                                 // and one item is updated
    }
    let truth = try await source.loadEntries()
    #expect(await probe.waitUntilShowing(truth))
    #expect(probe.failures.isEmpty)
}
