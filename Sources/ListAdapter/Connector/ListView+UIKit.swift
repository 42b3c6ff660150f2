// Apple-only: conformances and one-line forwards to UIKit, nothing else (the connector's
// logic is in ListViewConnector*.swift and is tested on Linux). Type-checked against the
// iOS and tvOS SDKs by .ci/run's Apple check when SDKs are prepared. ItemPath's IndexPath
// conversion is in ItemPath+IndexPath.swift.
#if canImport(UIKit)
public import UIKit

extension UITableView: ListView {
    public func performListUpdates(_ updates: @escaping () -> Void) { performBatchUpdates(updates, completion: nil) }
    public func deleteListSections(_ sections: [Int]) { deleteSections(IndexSet(sections), with: .automatic) }
    public func insertListSections(_ sections: [Int]) { insertSections(IndexSet(sections), with: .automatic) }
    public func reloadListSections(_ sections: [Int]) { reloadSections(IndexSet(sections), with: .automatic) }
    public func moveListSection(_ section: Int, to newSection: Int) { moveSection(section, toSection: newSection) }
    public func deleteListItems(at paths: [ItemPath]) { deleteRows(at: paths.map(\.indexPath), with: .automatic) }
    public func insertListItems(at paths: [ItemPath]) { insertRows(at: paths.map(\.indexPath), with: .automatic) }
    public func reloadListItems(at paths: [ItemPath]) { reloadRows(at: paths.map(\.indexPath), with: .automatic) }
    public func moveListItem(at path: ItemPath, to newPath: ItemPath) { moveRow(at: path.indexPath, to: newPath.indexPath) }
    public func reconfigureListItems(at paths: [ItemPath]) { reconfigureRows(at: paths.map(\.indexPath)) }
    public func reloadListData() { reloadData() }
    public func dequeueListCell(reuseIdentifier: String, at path: ItemPath) -> UITableViewCell { dequeueReusableCell(withIdentifier: reuseIdentifier, for: path.indexPath) }
    public var visibleListPaths: [ItemPath] { (indexPathsForVisibleRows ?? []).map(ItemPath.init) }
    public func visibleListCell(at path: ItemPath) -> UITableViewCell? { cellForRow(at: path.indexPath) }
    public var isListInWindow: Bool { window != nil }
    public var listContentOffset: Double { get { Double(contentOffset.y) } set { contentOffset.y = CGFloat(newValue) } }
    public func listOffset(ofItemAt path: ItemPath) -> Double? { Double(rectForRow(at: path.indexPath).minY) }
    public var selectedListPaths: [ItemPath] { (indexPathsForSelectedRows ?? []).map(ItemPath.init) }
    public func selectListItem(at path: ItemPath) { selectRow(at: path.indexPath, animated: false, scrollPosition: .none) }
    public func deselectListItem(at path: ItemPath) { deselectRow(at: path.indexPath, animated: false) }
    public var listSectionCount: Int { numberOfSections }
    public func listItemCount(inSection section: Int) -> Int { numberOfRows(inSection: section) }
    public var dataSourceSectionCount: Int { dataSource?.numberOfSections?(in: self) ?? 1 }
    public func dataSourceItemCount(inSection section: Int) -> Int { dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0 }
}

extension UICollectionView: ListView {
    public func performListUpdates(_ updates: @escaping () -> Void) { performBatchUpdates(updates, completion: nil) }
    public func deleteListSections(_ sections: [Int]) { deleteSections(IndexSet(sections)) }
    public func insertListSections(_ sections: [Int]) { insertSections(IndexSet(sections)) }
    public func reloadListSections(_ sections: [Int]) { reloadSections(IndexSet(sections)) }
    public func moveListSection(_ section: Int, to newSection: Int) { moveSection(section, toSection: newSection) }
    public func deleteListItems(at paths: [ItemPath]) { deleteItems(at: paths.map(\.indexPath)) }
    public func insertListItems(at paths: [ItemPath]) { insertItems(at: paths.map(\.indexPath)) }
    public func reloadListItems(at paths: [ItemPath]) { reloadItems(at: paths.map(\.indexPath)) }
    public func moveListItem(at path: ItemPath, to newPath: ItemPath) { moveItem(at: path.indexPath, to: newPath.indexPath) }
    public func reconfigureListItems(at paths: [ItemPath]) { reconfigureItems(at: paths.map(\.indexPath)) }
    public func reloadListData() { reloadData() }
    public func dequeueListCell(reuseIdentifier: String, at path: ItemPath) -> UICollectionViewCell { dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: path.indexPath) }
    public var visibleListPaths: [ItemPath] { indexPathsForVisibleItems.map(ItemPath.init) }
    public func visibleListCell(at path: ItemPath) -> UICollectionViewCell? { cellForItem(at: path.indexPath) }
    public var isListInWindow: Bool { window != nil }
    public var listContentOffset: Double { get { Double(contentOffset.y) } set { contentOffset.y = CGFloat(newValue) } }
    public func listOffset(ofItemAt path: ItemPath) -> Double? { layoutAttributesForItem(at: path.indexPath).map { Double($0.frame.minY) } }
    public var selectedListPaths: [ItemPath] { (indexPathsForSelectedItems ?? []).map(ItemPath.init) }
    public func selectListItem(at path: ItemPath) { selectItem(at: path.indexPath, animated: false, scrollPosition: []) }
    public func deselectListItem(at path: ItemPath) { deselectItem(at: path.indexPath, animated: false) }
    public var listSectionCount: Int { numberOfSections }
    public func listItemCount(inSection section: Int) -> Int { numberOfItems(inSection: section) }
    public var dataSourceSectionCount: Int { dataSource?.numberOfSections?(in: self) ?? 1 }
    public func dataSourceItemCount(inSection section: Int) -> Int { dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0 }
}
#endif
