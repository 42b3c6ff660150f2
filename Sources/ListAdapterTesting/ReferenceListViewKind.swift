/// Which UIKit view a ``ReferenceListView`` models.
///
/// The kind selects the wording of UIKit's messages (row/rows/table view against
/// item/items/collection view) and the three behaviours in which the views differ: an item
/// move out of a deleted section (R6) or into an inserted section (R11), and duplicate
/// deletes and inserts (R17).
///
/// Thread safety: a value type; use it on any queue.
public enum ReferenceListViewKind: Hashable, Sendable, Codable {
    /// A `UITableView`: rows, and duplicate deletes and inserts are coalesced.
    case table
    /// A `UICollectionView`: items, and duplicate deletes and inserts are counted twice.
    case collection
}

/// How a ``ReferenceListView`` words a count mismatch (R14, R15).
///
/// Thread safety: a value type; use it on any queue.
public enum ReferenceListViewMessageStyle: Hashable, Sendable, Codable {
    /// The legacy `Invalid update: invalid number of …` texts (R14, R15).
    case legacy
    /// The iOS 16.4 and later `Invalid batch updates detected: …` text, reported as R16.
    case modern
}
