extension BatchUpdate {
    /// Calls the view's batch methods for every operation. Call it inside
    /// ``ListView/performListUpdates(_:)``, once the data source already answers from the
    /// batch's `after` state (the adapter does when it delivers the batch).
    ///
    /// ```swift
    /// tableView.performListUpdates { batch.update.apply(to: tableView) }
    /// ```
    ///
    /// Main actor only.
    ///
    /// - Parameter view: the list view to update; its data source must already answer from
    ///   the batch's `after` state. An empty batch calls none of its methods.
    @MainActor
    public func apply(to view: some ListView) {
        if !deleteSections.isEmpty { view.deleteListSections(deleteSections) }
        if !insertSections.isEmpty { view.insertListSections(insertSections) }
        if !reloadSections.isEmpty { view.reloadListSections(reloadSections) }
        for move in moveSections { view.moveListSection(move.from, to: move.to) }
        if !deleteItems.isEmpty { view.deleteListItems(at: deleteItems) }
        if !insertItems.isEmpty { view.insertListItems(at: insertItems) }
        if !reloadItems.isEmpty { view.reloadListItems(at: reloadItems) }
        for move in moveItems { view.moveListItem(at: move.from, to: move.to) }
        if !reconfigureItems.isEmpty { view.reconfigureListItems(at: reconfigureItems) }
    }
}
