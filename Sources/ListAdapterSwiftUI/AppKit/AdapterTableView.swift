// Apple-only: an NSTableView in an NSScrollView, made and updated for SwiftUI. Every
// decision is AdapterListModel's and GroupedListView's (tested on Linux); this file makes
// views and forwards. CI's Apple check cannot read a SwiftUI for macOS, so it is checked by
// eye (it was once type-checked by hand against macOS 14 with a stand-in for SwiftUI).
#if canImport(SwiftUI, _version: 6.0) && canImport(AppKit) && !targetEnvironment(macCatalyst) && !canImport(UIKit)
import AppKit
import ListAdapter
import SwiftUI

/// The `NSTableView` under ``AdapterList`` on macOS: one column, no header, rows sized by
/// their SwiftUI content (`NSHostingView`), a group row per section through
/// ``ListAdapter/GroupedListView``, the connector keeping it in step. Main actor.
struct AdapterTableView<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, Row: View>: NSViewRepresentable {
    typealias Model = AdapterListModel<ID, Summary, Item, GroupedListView<NSTableView>, NSHostingView<Row?>>

    let model: Model
    let selection: Binding<Set<ID>>?
    let editActions: ListEditActions<ID>
    let row: @MainActor (ID, Item?) -> Row

    func makeCoordinator() -> TableViewCoordinator<ID, Summary, Item, Row> {
        TableViewCoordinator(model: model, row: row)
    }

    func makeNSView(context: Context) -> NSScrollView {
        let table = NSTableView()
        table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("AdapterListColumn")))
        table.headerView = nil
        table.style = .plain
        table.usesAutomaticRowHeights = true
        table.allowsMultipleSelection = true
        let scrollView = NSScrollView()
        scrollView.documentView = table
        scrollView.hasVerticalScroller = true
        context.coordinator.selection = selection
        context.coordinator.connect(table)
        model.editActions = editActions
        context.coordinator.updateEditing(of: table)
        if let selection { model.updateSelection(to: selection.wrappedValue) }
        return scrollView
    }

    func updateNSView(_ scrollView: NSScrollView, context: Context) {
        context.coordinator.row = row
        context.coordinator.selection = selection
        model.editActions = editActions
        if let table = scrollView.documentView as? NSTableView { context.coordinator.updateEditing(of: table) }
        if let selection { model.updateSelection(to: selection.wrappedValue) }
        model.refreshVisibleRows()
    }

    static func dismantleNSView(_ scrollView: NSScrollView, coordinator: TableViewCoordinator<ID, Summary, Item, Row>) {
        coordinator.model.disconnect()
    }
}
#endif
