/// A ``ListView`` that applies a batch whole: the operations made inside
/// ``ListView/performListUpdates(_:)`` are collected into one ``BatchUpdate``, which the
/// view then commits at once (an operation outside a batch is a batch of its own, as in
/// UIKit). The reference view and ``GroupedListView`` take their update methods from here.
///
/// Main actor only, like every list view.
@MainActor
package protocol BatchRecordingListView: ListView {
    /// The batch being collected; `nil` outside ``ListView/performListUpdates(_:)``.
    var recordedUpdate: BatchUpdate? { get set }
    /// Applies one whole batch.
    func commitRecordedUpdate(_ update: BatchUpdate)
}

extension BatchRecordingListView {
    /// Collects the operations `updates` makes, then commits them as one batch.
    public func performListUpdates(_ updates: @escaping () -> Void) {
        precondition(recordedUpdate == nil, "\(Self.self): performListUpdates was called inside another performListUpdates")
        recordedUpdate = BatchUpdate()
        updates()
        let update = recordedUpdate ?? BatchUpdate()
        recordedUpdate = nil
        commitRecordedUpdate(update)
    }

    /// Records deleting `sections` (indexes before the batch).
    public func deleteListSections(_ sections: [Int]) { record { $0.deleteSections += sections } }
    /// Records inserting `sections` (indexes after the batch).
    public func insertListSections(_ sections: [Int]) { record { $0.insertSections += sections } }
    /// Records reloading `sections` (indexes before the batch).
    public func reloadListSections(_ sections: [Int]) { record { $0.reloadSections += sections } }
    /// Records a section move.
    public func moveListSection(_ section: Int, to newSection: Int) { record { $0.moveSections.append(SectionMove(from: section, to: newSection)) } }
    /// Records deleting items (paths before the batch).
    public func deleteListItems(at paths: [ItemPath]) { record { $0.deleteItems += paths } }
    /// Records inserting items (paths after the batch).
    public func insertListItems(at paths: [ItemPath]) { record { $0.insertItems += paths } }
    /// Records reloading items (paths before the batch).
    public func reloadListItems(at paths: [ItemPath]) { record { $0.reloadItems += paths } }
    /// Records an item move.
    public func moveListItem(at path: ItemPath, to newPath: ItemPath) { record { $0.moveItems.append(ItemMove(from: path, to: newPath)) } }
    /// Records reconfiguring items (paths before the batch).
    public func reconfigureListItems(at paths: [ItemPath]) { record { $0.reconfigureItems += paths } }

    /// Adds an operation to the open batch; outside one, commits it as a batch of its own.
    private func record(_ operation: (inout BatchUpdate) -> Void) {
        if recordedUpdate != nil {
            operation(&recordedUpdate!)
        } else {
            var update = BatchUpdate()
            operation(&update)
            commitRecordedUpdate(update)
        }
    }
}
