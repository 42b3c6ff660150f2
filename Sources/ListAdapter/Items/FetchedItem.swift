/// A payload the adapter fetched, with the identifier it was asked for: an answer that
/// arrives after the list changed still says which item it describes.
///
/// Thread safety: a value type; use it on any queue.
public struct FetchedItem<ID: Hashable & Sendable, Item: Sendable>: Sendable {
    /// The identifier the payload belongs to.
    public var id: ID
    /// The payload.
    public var item: Item

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - id: the identifier the payload was asked for.
    ///   - item: the payload.
    public init(id: ID, item: Item) {
        self.id = id
        self.item = item
    }
}

extension FetchedItem: Equatable where Item: Equatable {}
