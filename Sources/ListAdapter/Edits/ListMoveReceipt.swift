/// A source's answer to the write of a person's move: the write landed, with this order
/// key, in the order that `source` lists.
///
/// A write that returns a receipt tells the adapter what happened, so the adapter ends the
/// move by it rather than by where a later list happens to put the item: once a list
/// `source` loaded after the write is in, the move ends confirmed, whatever other writers
/// did around it meanwhile (new rows at the top of the section, a row put between the item
/// and its neighbour). A write that finds nothing to write throws (see
/// ``ListItemGoneError`` for a moved row another writer deleted).
///
/// ```swift
/// try adapter.moveItem(from: source, to: destination) { move in
///     try await notes.move(move)          // SQLiteListSource: returns a receipt
/// }
/// ```
///
/// A source builds one for the moves it lists itself (`SQLiteListSource.move(_:)`,
/// ``InMemoryListSource/move(_:)``). A write that returns nothing, or a receipt of another
/// source than the one the adapter lists (a store listed in another order, a source behind
/// a wrapper), gets its move checked against the list instead: it is confirmed when a list
/// loaded after the write has the item at its anchor (``ListMove/anchor(listing:)-59xq``).
///
/// Thread safety: a value type; use it on any queue.
public struct ListMoveReceipt: Sendable, Hashable {
    /// The key the moved row holds now, for a source that orders rows by a position
    /// column; `nil` for one that orders them otherwise (an in-memory list).
    public let orderKey: String?
    /// The rows the write changed: the moved row, and any neighbours rewritten with shorter
    /// keys (see `OrderKeyRebalancePolicy`).
    public let rowsWritten: Int
    /// The source whose list orders rows as the write did.
    let lister: ObjectIdentifier

    /// A receipt for a write that landed in the order `source` lists.
    ///
    /// - Parameters:
    ///   - orderKey: the moved row's key, when a position column orders the list.
    ///   - rowsWritten: the rows the write changed (at least the moved one).
    ///   - source: the source whose list the write ordered; the adapter trusts the receipt
    ///     while it lists this very source.
    ///
    /// Any queue.
    public init(orderKey: String?, rowsWritten: Int, listedBy source: some ListDataSource & AnyObject) {
        precondition(rowsWritten >= 1, "ListMoveReceipt: a move that landed wrote its row")
        self.orderKey = orderKey
        self.rowsWritten = rowsWritten
        lister = ObjectIdentifier(source)
    }

    /// Whether `source` is the source whose list the write ordered (the adapter trusts the
    /// receipt while it lists `source`). Any queue.
    ///
    /// - Parameter source: a data source, typically the adapter's current one.
    /// - Returns: `true` when `source` is the very object the receipt was made with
    ///   (identity, not equality).
    public func isListed(by source: any ListDataSource) -> Bool {
        ObjectIdentifier(source as AnyObject) == lister
    }
}
