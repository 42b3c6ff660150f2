// Apple-only: the table's data source and delegate, each method a forward to
// GroupedListView (rows) or AdapterListModel (items, selection), both tested on Linux.
// CI's Apple check cannot read the macOS SDK's SwiftUI, so it is checked by eye; type-checked
// once by hand against macOS 14 with a stand-in for SwiftUI's few names, which is why it is
// explicitly @MainActor: that SDK's table protocols are not.
#if canImport(SwiftUI, _version: 6.0) && canImport(AppKit) && !targetEnvironment(macCatalyst) && !canImport(UIKit)
import AppKit
import ListAdapter
import SwiftUI

/// Answers ``AdapterTableView``'s `NSTableView` from its ``ListAdapter/GroupedListView``
/// and the model, and hosts each row's SwiftUI content. Main actor, like AppKit.
@MainActor
final class TableViewCoordinator<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, Row: View>:
    NSObject, NSTableViewDataSource, NSTableViewDelegate
{
    typealias Model = AdapterListModel<ID, Summary, Item, GroupedListView<NSTableView>, NSHostingView<Row?>>
    static var reuseIdentifier: String { "AdapterListRow" }
    static var titleIdentifier: NSUserInterfaceItemIdentifier { NSUserInterfaceItemIdentifier("AdapterListTitle") }

    let model: Model
    /// The latest row builder and binding SwiftUI handed over (`updateNSView`).
    var row: @MainActor (ID, Item?) -> Row
    var selection: Binding<Set<ID>>?
    /// The sectioned view over the table (held here: the connector holds it weakly).
    private(set) var rows: GroupedListView<NSTableView>?

    init(model: Model, row: @escaping @MainActor (ID, Item?) -> Row) {
        self.model = model
        self.row = row
        super.init()
    }

    /// Connects the model to `table` through a grouped view; every item row hosts the
    /// SwiftUI row.
    func connect(_ table: NSTableView) {
        rows = GroupedListView(table, adapter: model.adapter) { identifier in
            let cell = NSHostingView<Row?>(rootView: nil)
            cell.identifier = NSUserInterfaceItemIdentifier(identifier)
            return cell
        }
        table.dataSource = self
        table.delegate = self
        guard let rows else { return }
        model.connect(to: rows, reuseIdentifier: Self.reuseIdentifier) { [weak self] cell, id, item in
            guard let self else { return }
            cell.rootView = self.row(id, item)
        }
        model.selectionDidChange = { [weak self] ids in self?.selection?.wrappedValue = ids }
    }

    /// Drags within the table when the app gave `onMoveItems`; a context menu with Delete
    /// when it gave `onDeleteItems`.
    func updateEditing(of table: NSTableView) {
        table.registerForDraggedTypes(model.canMoveItems ? [.listAdapterRow] : [])
        table.setDraggingSourceOperationMask(model.canMoveItems ? .move : [], forLocal: true)
        if model.canDeleteItems, table.menu == nil {
            let menu = NSMenu()
            let item = NSMenuItem(title: "Delete", action: #selector(MenuAction.perform(_:)), keyEquivalent: "")
            item.target = deleteAction
            menu.addItem(item)
            table.menu = menu
        } else if !model.canDeleteItems {
            table.menu = nil
        }
    }

    /// The context menu's Delete: the clicked row, or the selection when it is selected.
    private lazy var deleteAction = MenuAction { [weak self] sender in
        guard let self, let table = self.rows?.base else { return }
        self.model.deleteItems(forClickedRow: table.clickedRow)
    }

    // MARK: NSTableViewDataSource

    func numberOfRows(in tableView: NSTableView) -> Int { rows?.numberOfRows ?? 0 }

    // Drag and drop within the table (GroupedListView maps rows to item moves).
    func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)? {
        model.canMoveItems ? model.connector?.pasteboardWriter(forRow: row) : nil
    }

    func tableView(
        _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
        proposedDropOperation dropOperation: NSTableView.DropOperation
    ) -> NSDragOperation {
        model.connector?.validateDrop(info, proposedRow: row, proposedDropOperation: dropOperation) ?? []
    }

    func tableView(_ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int, dropOperation: NSTableView.DropOperation) -> Bool {
        guard let write = model.editActions.move else { return false }
        return model.connector?.acceptDrop(info, row: row, write: write) ?? false
    }

    // MARK: NSTableViewDelegate

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        guard let rows else { return nil }
        switch rows.content(ofRow: row) {
        case .section(let section): return title(model.headerTitle(ofSection: section), in: tableView)
        case .item(let path): return model.cell(at: path)
        }
    }

    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { rows?.isSectionRow(row) ?? false }

    func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool {
        selection != nil && rows?.isSectionRow(row) == false
    }

    /// Called for the user's selection changes only (not the connector's): the model
    /// takes the proposed items as the selection.
    func tableView(_ tableView: NSTableView, selectionIndexesForProposedSelection proposed: IndexSet) -> IndexSet {
        guard selection != nil, let rows else { return [] }
        let items = proposed.compactMap { rows.path(ofRow: $0) == nil ? nil : $0 }
        model.didChangeSelection(toItemsAt: items.compactMap(rows.path(ofRow:)))
        return IndexSet(items)
    }

    /// A section's title row: a reused label, or a new one.
    private func title(_ text: String?, in tableView: NSTableView) -> NSView {
        let label = tableView.makeView(withIdentifier: Self.titleIdentifier, owner: nil) as? NSTextField
            ?? NSTextField(labelWithString: "")
        label.identifier = Self.titleIdentifier
        label.stringValue = text ?? ""
        label.font = .boldSystemFont(ofSize: NSFont.systemFontSize)
        return label
    }
}

/// A menu item's target that runs a closure (a generic class's methods cannot be the
/// Objective-C action). Main actor, like AppKit's menus.
@MainActor
final class MenuAction: NSObject {
    private let action: (Any?) -> Void

    init(_ action: @escaping (Any?) -> Void) {
        self.action = action
    }

    @objc func perform(_ sender: Any?) { action(sender) }
}
#endif
