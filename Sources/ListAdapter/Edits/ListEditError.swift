/// Why a person's edit did not stay as the person made it: the call named a path the list
/// does not have, the app's write threw, or the source's list, once it contained the
/// write, put the item elsewhere or kept a deleted item. When an edit fails after it was
/// shown, the adapter has already delivered the batch that undoes it on screen (the row
/// animates back, or to where the source has it) when it reports the error.
///
/// Thread safety: a value type; use it on any queue.
public struct ListEditError<ID: Hashable & Sendable>: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The call named a path (or several) the list does not have; nothing changed.
        case invalidPath(ItemPath)
        /// The app's write threw ``ListEditError/underlying``; the edit was undone.
        case writeFailed
        /// The write succeeded but the source's list orders the moved item elsewhere (a
        /// list sorted by date cannot keep a row where it was dropped): the item is shown
        /// where the source has it, at this path, or gone when `nil`.
        case placedElsewhere(ItemPath?)
        /// The write succeeded but the source's list still has these deleted items; they
        /// are shown again.
        case notDeleted([ID])
    }

    /// What went wrong.
    public let kind: Kind
    /// The edit, when the call made one.
    public let edit: ListEdit<ID>?
    /// The error the write threw, for ``Kind/writeFailed``.
    public let underlying: (any Error)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - edit: the edit, or `nil` when the call made none (an invalid path).
    ///   - underlying: the error the write threw, for ``Kind/writeFailed``; `nil` by default.
    public init(_ kind: Kind, edit: ListEdit<ID>?, underlying: (any Error)? = nil) {
        self.kind = kind
        self.edit = edit
        self.underlying = underlying
    }

    /// A one-line explanation naming the item and the cause. Any queue.
    public var description: String {
        let what: String = switch edit {
        case .move(let move)?:
            "moving item \(move.id) from (\(move.source)) to (\(move.destination))"
        case .delete(let ids)?:
            ids.count == 1 ? "deleting item \(ids[0])" : "deleting \(ids.count) items (\(Self.list(ids)))"
        case nil:
            "the edit"
        }
        return switch kind {
        case .invalidPath(let path):
            "\(what) failed: the list has no item at (\(path))"
        case .writeFailed:
            "\(what) failed: the write threw \(underlying.map { "\($0)" } ?? "an unknown error"); the edit was undone"
        case .placedElsewhere(let path?):
            "\(what) did not stay: the source's list has the item at (\(path))"
        case .placedElsewhere(nil):
            "\(what) did not stay: the source's list no longer has the item"
        case .notDeleted(let ids):
            "\(what) did not stay: the source's list still has \(Self.list(ids))"
        }
    }

    /// The first five identifiers, and an ellipsis when there are more.
    private static func list(_ ids: [ID]) -> String {
        ids.prefix(5).map { "\($0)" }.joined(separator: ", ") + (ids.count > 5 ? ", ..." : "")
    }
}
