import ArgumentParser
import Dispatch
import Foundation
import ListAdapter
import ListAdapterRemote

/// `sample watch --remote`: the same session as for a database, over a list a server
/// serves (`sample serve`). On Linux it needs the package trait `WebSocket` (the WebSocket
/// client); without it, a message saying how to build it.
struct RemoteWatch {
    let url: String
    let token: String?

    /// Rows are not fetched by `watch`; the payload type reads nothing.
    struct IgnoredMessage: Decodable, Sendable {}

    func start(printer: WatchPrinter, patience: Duration) throws {
        #if os(Linux) && !WebSocket
        throw ValidationError("this sample was built without the WebSocket client; build it with the package trait: swift run --traits WebSocket sample watch --remote \(url)")
        #else
        guard let listURL = URL(string: url) else { throw ValidationError("--remote takes the list's URL") }
        let source = RemoteListSource<Int64, Int64, IgnoredMessage>(url: listURL, token: token)
        DispatchQueue.main.async {
            WatchSession.start(source: source, label: "the list at \(url)", printer: printer, patience: patience)
        }
        #endif
    }
}
