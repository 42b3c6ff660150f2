import ListAdapter
import ListAdapterTesting
import Testing

@MainActor @Test func tableRowsFollowTheList() async throws {
    let source = InMemoryListSource<Int64, Int64, String>([
        .init(entry: ListEntry(id: 1, section: "Today", summary: 1), item: "Hello"),
        .init(entry: ListEntry(id: 2, section: "Later", summary: 1), item: "Invoice"),
    ])
    let adapter = ListViewAdapter(source: source)
    let table = FlatReferenceTableView<FlatReferenceRow<Int64>, ReferenceListCell<Int64, String>>()
    let rows = GroupedListView(table, adapter: adapter) { _ in ReferenceListCell() }
    let connector = ListViewConnector(adapter: adapter, view: rows, isReady: true) { (cell: ReferenceListCell<Int64, String>, id, text) in
        cell.show(id, text)
    }
    table.useDataSource(of: rows, connector: connector)   // as an app's NSTableViewDataSource and delegate
    let recorder = ListEventRecorder<Int64, Int64>()
    let observation = adapter.observe { event in recorder.record(event) }
    await recorder.wait { _ in recorder.reloadCount == 1 }

    source.mutate { records in records.removeFirst() }    // a section and its title row go
    await recorder.wait { _ in recorder.batchCount == 1 }
    #expect(table.rejections.isEmpty)                     // AppKit would have accepted every update
    #expect(table.contents == FlatReferenceRow.rows(of: adapter.snapshot).map { Optional($0) })
    _ = (rows, connector, observation)
}
