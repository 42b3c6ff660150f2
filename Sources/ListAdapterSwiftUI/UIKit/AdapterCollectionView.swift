// Apple-only: a UICollectionView with a list layout, made and updated for SwiftUI. Every
// decision is AdapterListModel's (tested on Linux); this file makes views and forwards.
#if canImport(SwiftUI, _version: 6.0) && canImport(UIKit)
import ListAdapter
import SwiftUI
import UIKit

/// The `UICollectionView` under ``AdapterList``: a compositional list layout (a header
/// for each titled section), `UICollectionViewListCell`s whose content is the SwiftUI row
/// (`UIHostingConfiguration`), the connector keeping it in step. Main actor.
struct AdapterCollectionView<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, Row: View>: UIViewRepresentable {
    typealias Model = AdapterListModel<ID, Summary, Item, UICollectionView, UICollectionViewListCell>

    let model: Model
    let selection: Binding<Set<ID>>?
    let editActions: ListEditActions<ID>
    let row: @MainActor (ID, Item?) -> Row

    func makeCoordinator() -> CollectionViewCoordinator<ID, Summary, Item, Row> {
        CollectionViewCoordinator(model: model, row: row)
    }

    func makeUIView(context: Context) -> UICollectionView {
        let coordinator = context.coordinator
        let layout = UICollectionViewCompositionalLayout { [weak model, weak coordinator] section, environment in
            var list = UICollectionLayoutListConfiguration(appearance: .plain)
            list.headerMode = model?.headerTitle(ofSection: section) == nil ? .none : .supplementary
            #if os(iOS) || os(visionOS)
            list.trailingSwipeActionsConfigurationProvider = { indexPath in coordinator?.swipeActions(at: indexPath) }
            #endif
            return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
        }
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: CollectionViewCoordinator<ID, Summary, Item, Row>.reuseIdentifier)
        view.dataSource = coordinator
        view.delegate = coordinator
        view.prefetchDataSource = coordinator
        view.allowsMultipleSelection = true
        coordinator.selection = selection
        coordinator.connect(view)
        model.editActions = editActions
        #if os(iOS) || os(visionOS)
        coordinator.reorder = ListReorderGesture(view)
        #endif
        view.allowsSelection = selection != nil
        if let selection { model.updateSelection(to: selection.wrappedValue) }
        return view
    }

    func updateUIView(_ view: UICollectionView, context: Context) {
        context.coordinator.row = row
        context.coordinator.selection = selection
        model.editActions = editActions
        view.allowsSelection = selection != nil
        if let selection { model.updateSelection(to: selection.wrappedValue) }
        model.refreshVisibleRows()
    }

    static func dismantleUIView(_ view: UICollectionView, coordinator: CollectionViewCoordinator<ID, Summary, Item, Row>) {
        coordinator.model.disconnect()
    }
}
#endif
