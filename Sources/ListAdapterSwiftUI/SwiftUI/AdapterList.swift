// Apple-only: the public SwiftUI view. What it decides (selection, overlay, headers, rows)
// is AdapterListModel's, tested on Linux; this file only lays views out.
// `_version: 6.0`: SwiftUI 6 or later (the iOS 18/macOS 15/tvOS 18 SDKs, below which the
// package does not go), in every file of this target. Older SDKs (SwiftUI 5, which the
// Linux type-check reads for iOS 17 and macOS 14) see an empty module instead of one they
// cannot build, so the check of everything else, the README's examples included, goes on.
#if canImport(SwiftUI, _version: 6.0) && (canImport(UIKit) || (canImport(AppKit) && !targetEnvironment(macCatalyst)))
public import ListAdapter
public import SwiftUI

/// A SwiftUI list of a `ListViewAdapter`'s items, however long: rows are
/// cells of a `UICollectionView` with a list layout (on macOS, rows of an `NSTableView`,
/// a group row per section), kept in step by a `ListViewConnector`, so a
/// change of 10⁵ rows costs SwiftUI nothing.
///
/// ```swift
/// @State private var selection: Set<Int64> = []
///
/// var body: some View {
///     AdapterList(adapter, selection: $selection) { id, message in
///         Text(message?.subject ?? "…")        // nil: not fetched yet
///     }
/// }
/// ```
///
/// - Rows: `row` builds a row's content from its identifier and its payload, `nil` until
///   the payload is fetched (show a placeholder); the row is built again when it arrives.
///   Payloads are fetched only for rows on screen or about to be.
/// - Sections: a titled section has a header showing its title.
/// - Selection: `selection` and the list agree by identity both ways. Identifiers that
///   leave the list are dropped from the binding; a selection set before the first load
///   is applied to the first list.
/// - Load state: a progress view while the first load runs, a note for an empty list,
///   and a failure (with Try Again) instead of the list, or as a banner over the last
///   good list.
/// - Place: the first visible row keeps its place on screen when rows change above it.
/// - Updates: when SwiftUI updates the view (the app's state changed), the rows on
///   screen are built again in place with the new `row`.
///
/// The view follows the adapter it is given; another adapter starts a new list. Built and
/// updated on the main actor, like every SwiftUI view; the adapter must deliver on the
/// main queue (its default).
public struct AdapterList<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, Row: View>: View {
    private let adapter: ListViewAdapter<ID, Summary, Item>
    private let selection: Binding<Set<ID>>?
    private let row: @MainActor (ID, Item?) -> Row

    /// A list of `adapter`'s items whose rows `row` builds.
    ///
    /// - Parameters:
    ///   - adapter: the list to show; it must deliver on the main queue (the default).
    ///   - selection: the selected items' identifiers; `nil` (the default) for a list
    ///     whose rows cannot be selected.
    ///   - row: a row's content from its identifier and payload (`nil` until fetched);
    ///     called on the main actor.
    public init(
        _ adapter: ListViewAdapter<ID, Summary, Item>,
        selection: Binding<Set<ID>>? = nil,
        @ViewBuilder row: @escaping @MainActor (_ id: ID, _ item: Item?) -> Row
    ) {
        self.adapter = adapter
        self.selection = selection
        self.row = row
    }

    public var body: some View {
        AdapterListContent(adapter: adapter, selection: selection, row: row)
            .id(ObjectIdentifier(adapter))
    }
}

/// The list for one adapter: owns the model for as long as SwiftUI keeps this identity.
struct AdapterListContent<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, Row: View>: View {
    #if canImport(UIKit)
    typealias Representable = AdapterCollectionView<ID, Summary, Item, Row>
    #else
    typealias Representable = AdapterTableView<ID, Summary, Item, Row>
    #endif

    let selection: Binding<Set<ID>>?
    let row: @MainActor (ID, Item?) -> Row
    @State private var model: Representable.Model

    init(adapter: ListViewAdapter<ID, Summary, Item>, selection: Binding<Set<ID>>?, row: @escaping @MainActor (ID, Item?) -> Row) {
        self.selection = selection
        self.row = row
        // Made on every init and kept once: cheap until connected.
        _model = State(initialValue: Representable.Model(adapter: adapter))
    }

    var body: some View {
        Representable(model: model, selection: selection, row: row)
            .onAppear { model.isVisible = true }
            .onDisappear { model.isVisible = false }
            .overlay { ListOverlayView(overlay: model.overlay, retry: model.retry) }
    }
}
#endif
