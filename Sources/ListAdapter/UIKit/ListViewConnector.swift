#if canImport(UIKit)
public import UIKit

extension ItemPath {
    /// The path of `indexPath` (its `section` and `item`).
    public init(_ indexPath: IndexPath) {
        self.init(section: indexPath.section, item: indexPath.item)
    }

    /// The path as UIKit's `IndexPath`.
    public var indexPath: IndexPath { IndexPath(item: item, section: section) }
}

extension BatchUpdate {
    /// Calls the table view's batch methods for every operation. Call it inside
    /// `performBatchUpdates`, after the data source already answers from the batch's
    /// `after` state. Main queue.
    @MainActor
    public func apply(to tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
        tableView.deleteSections(IndexSet(deleteSections), with: animation)
        tableView.insertSections(IndexSet(insertSections), with: animation)
        tableView.reloadSections(IndexSet(reloadSections), with: animation)
        for move in moveSections { tableView.moveSection(move.from, toSection: move.to) }
        tableView.deleteRows(at: deleteItems.map(\.indexPath), with: animation)
        tableView.insertRows(at: insertItems.map(\.indexPath), with: animation)
        tableView.reloadRows(at: reloadItems.map(\.indexPath), with: animation)
        for move in moveItems { tableView.moveRow(at: move.from.indexPath, to: move.to.indexPath) }
        if !reconfigureItems.isEmpty { tableView.reconfigureRows(at: reconfigureItems.map(\.indexPath)) }
    }

    /// Calls the collection view's batch methods for every operation. Call it inside
    /// `performBatchUpdates`, after the data source already answers from the batch's
    /// `after` state. Main queue.
    @MainActor
    public func apply(to collectionView: UICollectionView) {
        collectionView.deleteSections(IndexSet(deleteSections))
        collectionView.insertSections(IndexSet(insertSections))
        collectionView.reloadSections(IndexSet(reloadSections))
        for move in moveSections { collectionView.moveSection(move.from, toSection: move.to) }
        collectionView.deleteItems(at: deleteItems.map(\.indexPath))
        collectionView.insertItems(at: insertItems.map(\.indexPath))
        collectionView.reloadItems(at: reloadItems.map(\.indexPath))
        for move in moveItems { collectionView.moveItem(at: move.from.indexPath, to: move.to.indexPath) }
        if !reconfigureItems.isEmpty { collectionView.reconfigureItems(at: reconfigureItems.map(\.indexPath)) }
    }
}

/// Keeps a `UITableView` or `UICollectionView` in step with a ``ListViewAdapter``: batches
/// go through `performBatchUpdates`, everything else through `reloadData`.
///
/// The connector starts not ready (ISListViewAdapter's `ready`): until ``isReady`` is set,
/// typically in `viewDidAppear`, every change reloads the view, because a view that is not
/// on screen may read its data source at the start of a batch and reject it.
///
/// Your data source methods answer from the adapter (`numberOfSections`,
/// `numberOfItems(inSection:)`, `identifier(at:)`, `cachedItem(at:)`). Main queue only.
@MainActor
public final class ListViewConnector {
    private var observation: ListObservation?

    /// Connects `adapter` to `tableView`.
    public init<ID, Summary, Item>(adapter: ListViewAdapter<ID, Summary, Item>, tableView: UITableView) {
        observation = adapter.observe(isReady: false) { [weak tableView] event in
            MainActor.assumeIsolated {
                guard let tableView else { return }
                switch event {
                case .reload: tableView.reloadData()
                case .batch(let batch, _): tableView.performBatchUpdates { batch.update.apply(to: tableView) }
                case .loadStateChanged, .duplicateIdentifiers: break
                }
            }
        }
    }

    /// Connects `adapter` to `collectionView`.
    public init<ID, Summary, Item>(adapter: ListViewAdapter<ID, Summary, Item>, collectionView: UICollectionView) {
        observation = adapter.observe(isReady: false) { [weak collectionView] event in
            MainActor.assumeIsolated {
                guard let collectionView else { return }
                switch event {
                case .reload: collectionView.reloadData()
                case .batch(let batch, _): collectionView.performBatchUpdates { batch.update.apply(to: collectionView) }
                case .loadStateChanged, .duplicateIdentifiers: break
                }
            }
        }
    }

    /// Whether the view is on screen and can animate batches. Set it in `viewDidAppear`.
    public var isReady: Bool {
        get { observation?.isReady ?? false }
        set { observation?.isReady = newValue }
    }

    /// Stops following the adapter.
    public func disconnect() {
        observation?.cancel()
        observation = nil
    }
}
#endif
