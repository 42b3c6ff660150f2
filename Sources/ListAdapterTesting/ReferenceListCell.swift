/// A cell of a ``ScrollingReferenceListView``: an object that is reused for other items,
/// like a `UITableViewCell`, and remembers what the app's configuration last showed in it.
///
/// ```swift
/// ListViewConnector(adapter: adapter, view: view) { (cell: ReferenceListCell<Int64, Message>, id, message) in cell.show(id, message) }
/// ```
///
/// Main actor only, like the view.
@MainActor
public final class ReferenceListCell<ID: Hashable & Sendable, Payload> {
    /// The identifier the app last configured the cell for; `nil` for a blank cell.
    public private(set) var id: ID?
    /// The payload the app last configured the cell with; `nil` for a placeholder.
    public private(set) var payload: Payload?
    /// How many times the app configured the cell.
    public private(set) var configurationCount = 0
    /// How many times the view handed the cell out (dequeued it).
    public internal(set) var dequeueCount = 0

    /// Creates a blank cell.
    public init() {}

    /// What an app's configuration does: shows `payload` (or a placeholder) for `id`.
    ///
    /// - Parameters:
    ///   - id: the identifier of the item the cell now shows.
    ///   - payload: the item's payload; `nil` for a placeholder while it is fetched.
    public func show(_ id: ID, _ payload: Payload?) {
        self.id = id
        self.payload = payload
        configurationCount += 1
    }
}
