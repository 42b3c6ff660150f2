public import ListAdapter

extension FlatReferenceTableView {
    /// Makes the table's data source and delegate answer from `grouped` and take item cells
    /// from `connector`, as an app's `NSTableViewDataSource` and `NSTableViewDelegate`
    /// forward to them; title rows get a blank cell. Then reloads.
    ///
    /// Main actor only.
    ///
    /// - Parameters:
    ///   - grouped: the rows the table shows: the connector's view, laying out `connector`'s
    ///     adapter over this table.
    ///   - connector: configures the item cells; while it is gone, item rows get a blank cell from
    ///     `grouped`.
    public func useDataSource<ID, Payload>(
        of grouped: GroupedListView<FlatReferenceTableView>,
        connector: ListViewConnector<ID, some Equatable & Sendable, Payload, GroupedListView<FlatReferenceTableView>, Cell>
    ) where Row == FlatReferenceRow<ID> {
        let adapter = connector.adapter
        dataSourceCount = { [unowned grouped] in grouped.numberOfRows }
        dataSourceContent = { [unowned grouped] row in
            switch grouped.content(ofRow: row) {
            case .section(let section): .title(adapter.title(ofSection: section))
            case .item(let path): .item(adapter.identifier(at: path)!)
            }
        }
        cellProvider = { [unowned grouped, weak connector] row in
            switch grouped.content(ofRow: row) {
            case .section: grouped.cell(reuseIdentifier: "Title", forRow: row)
            case .item(let path): connector?.cell(at: path) ?? grouped.cell(reuseIdentifier: "Cell", forRow: row)
            }
        }
        reloadListData()
    }
}
