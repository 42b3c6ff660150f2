import ListAdapter

/// A row's payload: what its cell shows. The adapter fetches payloads only when asked.
struct Message: Sendable {
    var subject: String
}

// 1. A data source lists each row's identifier, section title and summary (a value that
//    changes whenever the row's content does), in list order, and serves the payloads.
let source = InMemoryListSource<Int, Int, Message>([
    .init(entry: ListEntry(id: 1, section: "Today", summary: 0), item: Message(subject: "Lunch?")),
    .init(entry: ListEntry(id: 2, section: "Today", summary: 0), item: Message(subject: "The build is green")),
    .init(entry: ListEntry(id: 3, section: "Yesterday", summary: 0), item: Message(subject: "Welcome")),
])

// 2. The adapter loads and diffs on its own queue and delivers on the main queue. (An app
//    observes it with `adapter.observe`, or lets a ListViewConnector drive its list view.)
let adapter = ListViewAdapter(source: source)

/// What a table view's data source asks, answered by the adapter on the main actor.
@MainActor func printList(_ adapter: ListViewAdapter<Int, Int, Message>) async throws {
    for section in 0 ..< adapter.numberOfSections {
        print(adapter.title(ofSection: section) ?? "(untitled)")
        for row in 0 ..< adapter.numberOfItems(inSection: section) {
            let fetched = try await adapter.item(at: ItemPath(section: section, item: row))  // batched, cached
            print("  \(fetched?.item.subject ?? "…")")
        }
    }
}

events: for await event in adapter.events {
    switch event {
    case .reload:
        // The first load: a table view calls reloadData() here.
        try await printList(adapter)
        // 3. Change the data, from any thread: the adapter computes the difference.
        source.mutate { records in
            records.removeFirst()
            records.append(.init(entry: ListEntry(id: 4, section: "Yesterday", summary: 0),
                                 item: Message(subject: "Your order has shipped")))
        }
    case .batch(let batch, _):
        // A table view applies this inside performBatchUpdates: UIKit accepts it.
        print("deleted \(batch.update.deleteItems), inserted \(batch.update.insertItems)")
        try await printList(adapter)
        break events
    case .loadStateChanged, .duplicateIdentifiers, .itemMoved, .editEnded:
        continue
    }
}
