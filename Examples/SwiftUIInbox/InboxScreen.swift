#if canImport(SwiftUI)
import ListAdapter
import ListAdapterSwiftUI
import SwiftUI

struct Message: Sendable {
    var subject: String
    var sender: String
}

struct InboxScreen: View {
    /// 100,000 messages in two sections; made once (a static here, or your app's model), not per init.
    static let inbox = ListViewAdapter(source: InMemoryListSource<Int64, Int64, Message>((0 ..< 100_000).map { i in
        .init(entry: ListEntry(id: Int64(i), section: i < 20 ? "Today" : "Earlier", summary: 0),
              item: Message(subject: "Message \(i)", sender: "ann@example.com"))
    }))
    @State private var selection: Set<Int64> = []

    var body: some View {
        NavigationStack {
            AdapterList(Self.inbox, selection: $selection) { id, message in
                VStack(alignment: .leading) {                      // message: nil until fetched
                    Text(message?.subject ?? "Message \(id)")
                    Text(message?.sender ?? "…").font(.caption).foregroundStyle(.secondary)
                }
                .redacted(reason: message == nil ? .placeholder : [])
            }
            .navigationTitle(selection.isEmpty ? "Inbox" : "\(selection.count) selected")
        }
    }
}
#endif
