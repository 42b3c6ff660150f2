/// A person's edit of a list, as the adapter keeps it until the source's list contains
/// its write.
///
/// Thread safety: a value type; use it on any queue.
public enum ListEdit<ID: Hashable & Sendable>: Sendable, Hashable {
    /// An item moved (see ``ListMove``).
    case move(ListMove<ID>)
    /// Items deleted, in the order the person's list showed them.
    case delete([ID])

    /// Whether the edit is a move. Any queue.
    var isMove: Bool {
        if case .move = self { true } else { false }
    }

    /// The items the edit is about.
    public var identifiers: [ID] {
        switch self {
        case .move(let move): [move.id]
        case .delete(let ids): ids
        }
    }
}
