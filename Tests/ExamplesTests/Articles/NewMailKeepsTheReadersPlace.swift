import ListAdapter
import ListAdapterTesting
import Testing

struct Message: Sendable {
    var id: Int64
    var subject: String
}

/// 10,000 messages in one untitled section, newest (highest identifier) first.
func makeInbox() -> InMemoryListSource<Int64, Int64, Message> {
    InMemoryListSource((0 ..< 10_000).reversed().map { i in
        .init(entry: ListEntry(id: Int64(i), summary: 0), item: Message(id: Int64(i), subject: "Message \(i)"))
    })
}

@MainActor @Test func newMailKeepsTheReadersPlace() async throws {
    let inbox = makeInbox()                                          // your source
    let adapter = ListViewAdapter(source: inbox)
    let view = ScrollingReferenceListView<Int64, Int64, Message>(kind: .table)
    let connector = ListViewConnector(adapter: adapter, view: view, isReady: true) { (cell: ReferenceListCell<Int64, Message>, id, message) in
        cell.show(id, message)                                       // records what the cell shows
    }
    view.useDataSource(of: connector)                                // as your UITableViewDataSource does
    let recorder = ListEventRecorder<Int64, Int64>()
    let observation = adapter.observe { event in recorder.record(event) }
    await recorder.wait { _ in recorder.reloadCount == 1 }           // conditions, never sleeps

    view.scroll(to: 2_000)
    let first = view.visibleItems[0]
    inbox.mutate { records in                                        // new mail: rows inserted above
        let arrived = (10_000 ..< 10_005).reversed().map { i in
            InMemoryListSource<Int64, Int64, Message>.Record(
                entry: ListEntry(id: Int64(i), summary: 0), item: Message(id: Int64(i), subject: "New \(i)")
            )
        }
        records.insert(contentsOf: arrived, at: 0)
    }
    await recorder.wait { _ in recorder.batchCount == 1 }
    #expect(view.rejections.isEmpty)                                 // UIKit accepted every batch
    #expect(view.screenOffset(ofItemAt: adapter.path(of: first.id)!) == first.screenOffset)
    #expect(view.cellProblems(against: adapter.snapshot, requireFilled: false) { message, id, _ in message.id == id }.isEmpty)
    _ = (connector, observation)                                     // both kept to the end
}
