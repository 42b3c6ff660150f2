// Apple-only: one-line forwards from UIKit's editing callbacks to the connector's edits
// (ListViewConnector+Editing.swift, tested on Linux), and the standard long-press
// recognizer that lets a person reorder a collection view's items. Type-checked against
// the iOS and tvOS SDKs by .ci/apple-check.sh.
#if canImport(UIKit)
public import UIKit

extension ListViewConnector {
    /// Forwards a move the view has made, by UIKit index paths: ``moveItem(from:to:write:)``;
    /// `write` answers with the source's receipt, or nothing.
    ///
    /// ```swift
    /// override func tableView(_ tableView: UITableView, moveRowAt from: IndexPath, to: IndexPath) {
    ///     connector.moveItem(from: from, to: to) { move in try await inbox.move(move) }
    /// }
    /// ```
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - source: the item's index path before the move.
    ///   - destination: its index path after the move.
    ///   - write: writes the move to the source's store, returning the source's receipt (or
    ///     nothing); runs off the main queue.
    public func moveItem<Answer: Sendable>(
        from source: IndexPath, to destination: IndexPath, write: @escaping @Sendable (ListMove<ID>) async throws -> Answer
    ) {
        moveItem(from: ItemPath(source), to: ItemPath(destination), write: write)
    }

    /// Forwards a delete, by UIKit index paths: ``deleteItems(at:write:)``; the view loses
    /// the rows before this returns.
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - indexPaths: the items' index paths, in any order.
    ///   - write: writes the deletion (the identifiers in list order) to the source's store.
    public func deleteItems(at indexPaths: [IndexPath], write: @escaping @Sendable ([ID]) async throws -> Void) {
        deleteItems(at: indexPaths.map(ItemPath.init), write: write)
    }
}

#if os(iOS) || os(visionOS)
extension ListViewConnector {
    /// A destructive swipe action that deletes the item at `indexPath` (found again by its
    /// identifier when the person confirms, see ``deletion(ofItemAt:write:)``); the row
    /// goes before the action's completion handler is called. Not on tvOS, which has no
    /// swipe actions.
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - indexPath: the row's index path now.
    ///   - title: the action's title; "Delete" by default.
    ///   - write: writes the deletion (the item's identifier) to the source's store.
    /// - Returns: the action; its completion handler gets `false` when the item had left the
    ///   list.
    public func deleteAction(
        forItemAt indexPath: IndexPath, title: String = "Delete", write: @escaping @Sendable ([ID]) async throws -> Void
    ) -> UIContextualAction {
        let delete = deletion(ofItemAt: ItemPath(indexPath), write: write)
        return UIContextualAction(style: .destructive, title: title) { _, _, completion in completion(delete()) }
    }

    /// The trailing swipe actions of a row that a person can delete: one ``deleteAction(forItemAt:title:write:)``,
    /// performed by a full swipe.
    ///
    /// ```swift
    /// override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
    ///     connector.deleteSwipeActions(forItemAt: indexPath) { ids in try await inbox.delete(ids) }
    /// }
    /// // UICollectionLayoutListConfiguration:
    /// list.trailingSwipeActionsConfigurationProvider = { indexPath in connector.deleteSwipeActions(forItemAt: indexPath) { ... } }
    /// ```
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - indexPath: the row's index path now.
    ///   - title: the action's title; "Delete" by default.
    ///   - write: writes the deletion (the item's identifier) to the source's store.
    /// - Returns: a configuration of the one delete action, performed by a full swipe.
    public func deleteSwipeActions(
        forItemAt indexPath: IndexPath, title: String = "Delete", write: @escaping @Sendable ([ID]) async throws -> Void
    ) -> UISwipeActionsConfiguration {
        let configuration = UISwipeActionsConfiguration(actions: [deleteAction(forItemAt: indexPath, title: title, write: write)])
        configuration.performsFirstActionWithFullSwipe = true
        return configuration
    }
}
#endif

/// A long press that lets a person drag a collection view's item to another place (its
/// `beginInteractiveMovementForItem(at:)`, `updateInteractiveMovementTargetPosition(_:)`,
/// `endInteractiveMovement()`): the view moves the item and then calls its data source's
/// `collectionView(_:moveItemAt:to:)`, which forwards to the connector. The data source's
/// `collectionView(_:canMoveItemAt:)` says which items may move.
///
/// ```swift
/// reorder = ListReorderGesture(collectionView)   // keep it: the recognizer does not
/// ```
///
/// Main actor only, like UIKit.
@MainActor
public final class ListReorderGesture: NSObject {
    /// The collection view whose items it moves (held weakly).
    public private(set) weak var collectionView: UICollectionView?
    /// The long-press recognizer, added to the collection view.
    public let recognizer: UILongPressGestureRecognizer

    /// Adds a long-press recognizer to `collectionView`. Main actor.
    ///
    /// - Parameter collectionView: the collection view whose items a long press moves; held
    ///   weakly.
    public init(_ collectionView: UICollectionView) {
        self.collectionView = collectionView
        recognizer = UILongPressGestureRecognizer()
        super.init()
        recognizer.addTarget(self, action: #selector(handle(_:)))
        collectionView.addGestureRecognizer(recognizer)
    }

    @objc private func handle(_ recognizer: UILongPressGestureRecognizer) {
        guard let view = collectionView else { return }
        switch recognizer.state {
        case .began:
            guard let indexPath = view.indexPathForItem(at: recognizer.location(in: view)) else { return }
            view.beginInteractiveMovementForItem(at: indexPath)
        case .changed:
            view.updateInteractiveMovementTargetPosition(recognizer.location(in: view))
        case .ended:
            view.endInteractiveMovement()
        default:
            view.cancelInteractiveMovement()
        }
    }
}
#endif
