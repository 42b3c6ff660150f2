// Apple-only: the collection view's data source, delegate and prefetching data source,
// each method a one-line forward to AdapterListModel (tested on Linux).
#if canImport(SwiftUI, _version: 6.0) && canImport(UIKit)
import ListAdapter
import SwiftUI
import UIKit

/// Answers ``AdapterCollectionView``'s `UICollectionView` from the model and builds each
/// cell's content with the SwiftUI row. Main actor, like UIKit.
@MainActor
final class CollectionViewCoordinator<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, Row: View>:
    NSObject, UICollectionViewDataSource, UICollectionViewDelegate, UICollectionViewDataSourcePrefetching
{
    typealias Model = AdapterListModel<ID, Summary, Item, UICollectionView, UICollectionViewListCell>
    static var reuseIdentifier: String { "AdapterListRow" }

    let model: Model
    /// The latest row builder and binding SwiftUI handed over (`updateUIView`).
    var row: @MainActor (ID, Item?) -> Row
    var selection: Binding<Set<ID>>?
    /// The long press that starts a person's move (iOS), kept here: the recognizer does not.
    var reorder: ListReorderGesture?
    private var header: UICollectionView.SupplementaryRegistration<UICollectionViewListCell>!

    init(model: Model, row: @escaping @MainActor (ID, Item?) -> Row) {
        self.model = model
        self.row = row
        super.init()
        header = .init(elementKind: UICollectionView.elementKindSectionHeader) { [weak model] header, _, indexPath in
            var content = UIListContentConfiguration.header()
            content.text = model?.headerTitle(ofSection: indexPath.section)
            header.contentConfiguration = content
        }
    }

    /// Connects the model to `view`; every cell's content is the SwiftUI row.
    func connect(_ view: UICollectionView) {
        model.connect(to: view, reuseIdentifier: Self.reuseIdentifier) { [weak self] cell, id, item in
            guard let self else { return }
            cell.contentConfiguration = UIHostingConfiguration { self.row(id, item) }
        }
        model.selectionDidChange = { [weak self] ids in self?.selection?.wrappedValue = ids }
    }

    // MARK: UICollectionViewDataSource

    func numberOfSections(in collectionView: UICollectionView) -> Int { model.numberOfSections }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { model.numberOfItems(inSection: section) }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { model.cell(at: ItemPath(indexPath)) }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }

    // Moves: the view moved the item (a long press and a drag, ListReorderGesture) and tells.
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { model.canMoveItems }
    func collectionView(_ collectionView: UICollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        model.moveItem(from: ItemPath(source), to: ItemPath(destination))
    }

    #if os(iOS) || os(visionOS)
    /// A row's trailing swipe actions: Delete, when the app gave `onDeleteItems`.
    func swipeActions(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let connector = model.connector, let write = model.editActions.delete else { return nil }
        return connector.deleteSwipeActions(forItemAt: indexPath, write: write)
    }
    #endif

    // MARK: UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { model.didSelectItem(at: ItemPath(indexPath)) }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { model.didDeselectItem(at: ItemPath(indexPath)) }

    // MARK: UICollectionViewDataSourcePrefetching

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) { model.prefetch(at: indexPaths.map(ItemPath.init)) }
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) { model.cancelPrefetching(at: indexPaths.map(ItemPath.init)) }
}
#endif
