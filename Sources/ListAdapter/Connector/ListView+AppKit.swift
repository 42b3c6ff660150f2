// Apple-only: conformances and one-line forwards to AppKit, nothing else (the connector's
// logic is in ListViewConnector*.swift, the table's rows in Grouped/, all tested on Linux).
// Type-checked against the macOS SDK by .ci/run's Apple check when SDKs are prepared.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
public import AppKit

/// `NSCollectionView` as a ``ListView``: sections and items as they are. It has no
/// reconfigure: a reconfigured item is reloaded. Main actor only.
extension NSCollectionView: ListView {
    public func performListUpdates(_ updates: @escaping () -> Void) { performBatchUpdates(updates, completionHandler: nil) }
    public func deleteListSections(_ sections: [Int]) { deleteSections(IndexSet(sections)) }
    public func insertListSections(_ sections: [Int]) { insertSections(IndexSet(sections)) }
    public func reloadListSections(_ sections: [Int]) { reloadSections(IndexSet(sections)) }
    public func moveListSection(_ section: Int, to newSection: Int) { moveSection(section, toSection: newSection) }
    public func deleteListItems(at paths: [ItemPath]) { deleteItems(at: Set(paths.map(\.indexPath))) }
    public func insertListItems(at paths: [ItemPath]) { insertItems(at: Set(paths.map(\.indexPath))) }
    public func reloadListItems(at paths: [ItemPath]) { reloadItems(at: Set(paths.map(\.indexPath))) }
    public func moveListItem(at path: ItemPath, to newPath: ItemPath) { moveItem(at: path.indexPath, to: newPath.indexPath) }
    public func reconfigureListItems(at paths: [ItemPath]) { reloadItems(at: Set(paths.map(\.indexPath))) }
    public func reloadListData() { reloadData() }
    public func dequeueListCell(reuseIdentifier: String, at path: ItemPath) -> NSCollectionViewItem { makeItem(withIdentifier: NSUserInterfaceItemIdentifier(reuseIdentifier), for: path.indexPath) }
    public var visibleListPaths: [ItemPath] { indexPathsForVisibleItems().map(ItemPath.init) }
    public func visibleListCell(at path: ItemPath) -> NSCollectionViewItem? { item(at: path.indexPath) }
    public var isListInWindow: Bool { window != nil }
    public var listContentOffset: Double { get { Double(enclosingScrollView?.contentView.bounds.origin.y ?? 0) } set { scroll(NSPoint(x: enclosingScrollView?.contentView.bounds.origin.x ?? 0, y: CGFloat(newValue))) } }
    public func listOffset(ofItemAt path: ItemPath) -> Double? { layoutAttributesForItem(at: path.indexPath).map { Double($0.frame.minY) } }
    public var selectedListPaths: [ItemPath] { selectionIndexPaths.map(ItemPath.init).sorted() }
    public func selectListItem(at path: ItemPath) { selectItems(at: [path.indexPath], scrollPosition: []) }
    public func deselectListItem(at path: ItemPath) { deselectItems(at: [path.indexPath]) }
    public var listSectionCount: Int { numberOfSections }
    public func listItemCount(inSection section: Int) -> Int { numberOfItems(inSection: section) }
    public var dataSourceSectionCount: Int { dataSource?.numberOfSections?(in: self) ?? 1 }
    public func dataSourceItemCount(inSection section: Int) -> Int { dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0 }
}

/// `NSTableView` (view-based) as a ``FlatListView``: rows as they are; show it as a
/// sectioned list through ``GroupedListView``. Main actor only.
extension NSTableView: FlatListView {
    public func beginListUpdates() { beginUpdates() }
    public func endListUpdates() { endUpdates() }
    public func removeListRows(at rows: [Int]) { removeRows(at: IndexSet(rows), withAnimation: .effectFade) }
    public func insertListRows(at rows: [Int]) { insertRows(at: IndexSet(rows), withAnimation: .effectFade) }
    public func moveListRow(at row: Int, to newRow: Int) { moveRow(at: row, to: newRow) }
    public func reloadListRows(at rows: [Int]) { reloadData(forRowIndexes: IndexSet(rows), columnIndexes: IndexSet(integersIn: 0 ..< numberOfColumns)) }
    public func reloadListData() { reloadData() }
    public func makeListCell(reuseIdentifier: String, forRow row: Int) -> NSView? { makeView(withIdentifier: NSUserInterfaceItemIdentifier(reuseIdentifier), owner: delegate) }
    public var visibleListRows: Range<Int> { Range(rows(in: visibleRect)) ?? 0 ..< 0 }
    public func visibleListCell(atRow row: Int) -> NSView? { view(atColumn: 0, row: row, makeIfNecessary: false) }
    public var isListInWindow: Bool { window != nil }
    public var listContentOffset: Double { get { Double(enclosingScrollView?.contentView.bounds.origin.y ?? 0) } set { scroll(NSPoint(x: enclosingScrollView?.contentView.bounds.origin.x ?? 0, y: CGFloat(newValue))) } }
    public func listOffset(ofRow row: Int) -> Double? { Double(rect(ofRow: row).minY) }
    public var selectedListRows: [Int] { Array(selectedRowIndexes) }
    public func selectListRow(_ row: Int) { selectRowIndexes(IndexSet(integer: row), byExtendingSelection: true) }
    public func deselectListRow(_ row: Int) { deselectRow(row) }
    public var listRowCount: Int { numberOfRows }
    public var dataSourceRowCount: Int { dataSource?.numberOfRows?(in: self) ?? 0 }
}
#endif
