#if canImport(UIKit)
import ListAdapter
import UIKit

struct Message: Sendable {
    var subject: String
}

/// 100,000 messages in two sections, in memory; an app would list a SQLiteListSource.
func makeInbox() -> ListViewAdapter<Int64, Int64, Message> {
    let source = InMemoryListSource<Int64, Int64, Message>((0 ..< 100_000).map { i in
        .init(entry: ListEntry(id: Int64(i), section: i < 20 ? "Today" : "Earlier", summary: 0),
              item: Message(subject: "Message \(i)"))
    })
    return ListViewAdapter(source: source)
}

/// Show it with `UINavigationController(rootViewController: InboxViewController(adapter: makeInbox()))`.
final class InboxViewController: UITableViewController {
    let adapter: ListViewAdapter<Int64, Int64, Message>
    private var connector: ListViewConnector<Int64, Int64, Message, UITableView, UITableViewCell>!

    init(adapter: ListViewAdapter<Int64, Int64, Message>) {
        self.adapter = adapter
        super.init(style: .plain)
    }
    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        // The connector observes the adapter: reloadData, or batches UIKit accepts, and
        // cells configured again when their payload arrives.
        connector = ListViewConnector(adapter: adapter, view: tableView) { cell, id, message in
            var content = cell.defaultContentConfiguration()
            content.text = message?.subject ?? "…"              // nil: not fetched yet
            cell.contentConfiguration = content
        }
    }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); connector.isReady = true }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); connector.isReady = false }

    // The data source answers from the adapter: an empty list until the first load arrives.
    override func numberOfSections(in tableView: UITableView) -> Int { adapter.numberOfSections }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { adapter.numberOfItems(inSection: section) }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { adapter.title(ofSection: section) }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { connector.cell(at: ItemPath(indexPath)) }
}
#endif
