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
/// - Edits: with ``onMoveItems(perform:)`` a person drags rows to another place (a long press
///   on iOS, a drag on macOS), within a section or into another; with
///   ``onDeleteItems(perform:)`` a row has a Delete swipe action (iOS) or is deleted with the
///   Delete key (macOS). The list shows an edit at once and writes it with the app's
///   function; ``onEditFailure(perform:)`` hears of a write that failed or a list that did
///   not keep the edit, after the row is back.
///
/// The view follows the adapter it is given; another adapter starts a new list. Built and
/// updated on the main actor, like every SwiftUI view; the adapter must deliver on the
/// main queue (its default).
public struct AdapterList<ID: Hashable & Sendable, Summary: Equatable & Sendable, Item: Sendable, Row: View>: View {
    private let adapter: ListViewAdapter<ID, Summary, Item>
    private let selection: Binding<Set<ID>>?
    private let row: @MainActor (ID, Item?) -> Row
    private var editActions = ListEditActions<ID>()

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
        AdapterListContent(adapter: adapter, selection: selection, editActions: editActions, row: row)
            .id(ObjectIdentifier(adapter))
    }

    /// Lets a person move rows, within a section or into another (iOS: a long press and a
    /// drag; macOS: a drag and drop), and writes each move with `write`.
    ///
    /// ```swift
    /// AdapterList(adapter) { id, message in Text(message?.subject ?? "…") }
    ///     .onMoveItems { move in try await inbox.move(move) }
    ///     .onDeleteItems { ids in try await inbox.delete(ids) }
    ///     .onEditFailure { error in failure = error }
    /// ```
    ///
    /// The row stays where the person dropped it while `write` runs and until the adapter's
    /// source lists it there; if `write` throws or the source orders it elsewhere, it moves
    /// back (or to where the source has it) and ``onEditFailure(perform:)`` is told. Call it
    /// on the `AdapterList` itself, before other modifiers. Main actor; `write` runs off the
    /// main queue, one edit at a time in the order they were made.
    ///
    /// - Parameter write: writes a person's move (the item and its new neighbours) to the store the
    ///   adapter's source reads, usually the source's own `move(_:)`; throwing puts the row back.
    ///   Runs off the main queue, one edit at a time.
    /// - Returns: the list, with moves enabled; it replaces a `write` given before.
    public func onMoveItems(perform write: @escaping @Sendable (ListMove<ID>) async throws -> Void) -> AdapterList {
        var list = self
        list.editActions.move = write
        return list
    }

    /// Lets a person delete rows (iOS: a trailing Delete swipe action; macOS: the Delete
    /// key or the Edit menu's Delete on the selected rows) and writes each delete with
    /// `write`, given the identifiers in list order.
    ///
    /// The rows go at once and stay gone while `write` runs; if it throws or the source
    /// keeps a row, the rows come back and ``onEditFailure(perform:)`` is told. Call it on
    /// the `AdapterList` itself. Main actor; `write` runs off the main queue.
    ///
    /// - Parameter write: writes a delete of the identifiers, in list order, to the store the
    ///   adapter's source reads, usually the source's own `delete(_:)`; throwing brings the rows
    ///   back. Runs off the main queue, one edit at a time.
    /// - Returns: the list, with deletes enabled; it replaces a `write` given before.
    public func onDeleteItems(perform write: @escaping @Sendable ([ID]) async throws -> Void) -> AdapterList {
        var list = self
        list.editActions.delete = write
        return list
    }

    /// Tells `handle` (on the main actor) when a person's move or delete did not stay: its
    /// write threw, or the source's list put the row elsewhere or kept it. The list already
    /// shows the rows as the source has them. Without it, failures are logged through the
    /// adapter's logger. Call it on the `AdapterList` itself.
    ///
    /// - Parameter handle: given the error of each move or delete that did not stay (its write
    ///   threw, or the source put the row elsewhere or kept it); called on the main actor, after
    ///   the rows show what the source has.
    /// - Returns: the list, reporting edit failures to `handle` rather than to the adapter's
    ///   logger.
    public func onEditFailure(perform handle: @escaping (ListEditError<ID>) -> Void) -> AdapterList {
        var list = self
        list.editActions.failure = handle
        return list
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
    let editActions: ListEditActions<ID>
    let row: @MainActor (ID, Item?) -> Row
    @State private var model: Representable.Model

    init(
        adapter: ListViewAdapter<ID, Summary, Item>, selection: Binding<Set<ID>>?, editActions: ListEditActions<ID>,
        row: @escaping @MainActor (ID, Item?) -> Row
    ) {
        self.selection = selection
        self.editActions = editActions
        self.row = row
        // Made on every init and kept once: cheap until connected.
        _model = State(initialValue: Representable.Model(adapter: adapter))
    }

    var body: some View {
        Representable(model: model, selection: selection, editActions: editActions, row: row)
            .onAppear { model.isVisible = true }
            .onDisappear { model.isVisible = false }
            #if os(macOS)
            // The Delete key and the Edit menu's Delete: the selected rows.
            .onDeleteCommand(perform: editActions.delete == nil ? nil : { model.deleteItems(forClickedRow: -1) })
            #endif
            .overlay { ListOverlayView(overlay: model.overlay, retry: model.retry) }
    }
}
#endif
