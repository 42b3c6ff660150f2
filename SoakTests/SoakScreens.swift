import ListAdapter
import ListAdapterTesting

/// The soak's list views: one on-screen reference view per kind, each kept in step by its
/// own `ListViewConnector`, exactly as an app's table or collection view would be. Every
/// event reaches the views only through the connectors; this checks what they did.
@MainActor
final class SoakScreens {
    typealias Screen = ScrollingReferenceListView<Int64, Int64, SoakItem>
    typealias Connector = ListViewConnector<Int64, Int64, SoakItem, Screen, Screen.Cell>
    typealias Snapshot = ListSnapshot<Int64, Int64>

    private(set) var screens: [Screen] = []
    private(set) var connectors: [Connector] = []
    /// Per screen, its visible items before the event being delivered (empty when the
    /// screen gets a reload rather than a batch).
    private var visibleBefore: [[(path: ItemPath, id: Int64, screenOffset: Double)]] = []
    /// Cells configured with a payload, and with a placeholder.
    private(set) var filled = 0
    private(set) var placeholders = 0
    /// Batches after which an anchor was checked.
    private(set) var anchorsChecked = 0
    private let fail: (String) -> Void

    /// Creates a view and a connector per kind. `changed` is called after every cell
    /// configuration (so waits re-check); `fail` with any problem found.
    init(
        kinds: [ReferenceListViewKind], adapter: ListViewAdapter<Int64, Int64, SoakItem>,
        changed: @escaping () -> Void, fail: @escaping (String) -> Void
    ) {
        self.fail = fail
        for kind in kinds {
            let screen = Screen(kind: kind)
            let connector = Connector(adapter: adapter, view: screen, isReady: true) { [weak self] cell, id, payload in
                cell.show(id, payload)
                self?.configured(id: id, payload: payload, kind: kind)
                changed()
            }
            connector.onInconsistency = { problem in fail("\(kind): the connector's check failed: \(problem)") }
            // Edits that end undone are the soak's to judge (``SoakPerson``); a path the
            // adapter does not have means the view and the adapter disagreed.
            connector.onEditFailure = { error in
                if case .invalidPath = error.kind { fail("\(kind): a person's edit was refused: \(error)") }
            }
            screen.useDataSource(of: connector)
            screens.append(screen)
            connectors.append(connector)
        }
    }

    private func configured(id: Int64, payload: SoakItem?, kind: ReferenceListViewKind) {
        guard let payload else {
            placeholders += 1
            return
        }
        filled += 1
        if payload.id != id { fail("\(kind): a cell for \(id) was filled with the payload of \(payload.id)") }
    }

    /// Before the connectors see `event`: remember where the visible items are.
    func willDeliver(_ event: ListEvent<Int64, Int64>) {
        visibleBefore = screens.indices.map { index in
            guard case .batch = event, connectors[index].isReady, screens[index].isInWindow else { return [] }
            return screens[index].visibleItems
        }
    }

    /// After the connectors handled `event` (the adapter now answers from `current`): the
    /// first problem found, if any. Checks that no batch was rejected, that every cell
    /// shows the item at its path (and a payload of that item, at least as new as its
    /// summary), that the first visible item that survived a batch kept its place on
    /// screen, and that the view's selection is the adapter's.
    func didDeliver(_ event: ListEvent<Int64, Int64>, current: Snapshot, selected: [ItemPath]) -> String? {
        guard case .batch = event else {
            switch event {
            case .reload, .itemMoved: return checkAll(current: current, selected: selected)
            default: return nil
            }
        }
        if let problem = checkAll(current: current, selected: selected) { return problem }
        for (index, screen) in screens.enumerated() {
            guard let anchor = visibleBefore[index].first(where: { current.contains($0.id) }),
                  let path = current.path(of: anchor.id), let offset = screen.screenOffset(ofItemAt: path)
            else { continue }
            anchorsChecked += 1
            if offset != anchor.screenOffset {
                return "\(screen.model.kind): the first visible item \(anchor.id) moved on screen from \(anchor.screenOffset) to \(offset)"
            }
        }
        return nil
    }

    private func checkAll(current: Snapshot, selected: [ItemPath]) -> String? {
        for screen in screens {
            let kind = screen.model.kind
            if let rejection = screen.rejections.first { return "\(kind) rejected a batch: \(rejection)" }
            do {
                try screen.model.verifyCells(against: current)
            } catch {
                return "\(kind) shows another list than the adapter: \(error)"
            }
            if let problem = screen.cellProblems(against: current, requireFilled: false, payloadMatches: Self.payloadIsCurrentOrNewer).first {
                return "\(kind): \(problem)"
            }
            if screen.selectedListPaths != selected {
                return "\(kind) selects \(screen.selectedListPaths), the adapter \(selected)"
            }
        }
        return nil
    }

    /// A payload belongs to `id` and is at least as new as `summary` (the source may be
    /// ahead of the list while changes are still on their way).
    private static func payloadIsCurrentOrNewer(_ payload: SoakItem, _ id: Int64, _ summary: Int64) -> Bool {
        payload.id == id && payload.version >= summary
    }

    /// The visible cells not yet showing exactly their item's current payload.
    func unsettledCells(against current: Snapshot) -> [String] {
        screens.flatMap { screen in
            screen.cellProblems(against: current, requireFilled: true) { payload, id, summary in
                payload.id == id && payload.version == summary
            }.map { "\(screen.model.kind): \($0)" }
        }
    }

    // MARK: - What a user does

    /// Scrolls one view to a random whole-point offset.
    func scroll(using random: inout SeededGenerator) {
        guard let screen = screens.randomElement(using: &random) else { return }
        let maximum = Int(screen.maximumContentOffset)
        screen.scroll(to: Double(Int.random(in: 0 ... maximum, using: &random)))
    }

    /// Selects or deselects a random visible item in every view and in the adapter, as an
    /// app's `didSelectRowAt` / `didDeselectRowAt` would.
    func toggleSelection(using random: inout SeededGenerator, adapter: ListViewAdapter<Int64, Int64, SoakItem>) {
        guard let path = screens.first?.visibleListPaths.randomElement(using: &random), adapter.identifier(at: path) != nil else { return }
        let select = !(screens.first?.selectedListPaths.contains(path) ?? false)
        for screen in screens {
            if select { screen.tap(at: path) } else { screen.deselectListItem(at: path) }
        }
        adapter.setSelected(select, at: path)
    }

    /// Takes one view off screen or back (not ready, or out of its window), as a view
    /// controller that disappears and reappears.
    func toggleOnScreen(using random: inout SeededGenerator) {
        guard !screens.isEmpty else { return }
        let index = Int.random(in: 0 ..< screens.count, using: &random)
        if Bool.random(using: &random) {
            connectors[index].isReady.toggle()
        } else {
            screens[index].isInWindow.toggle()
        }
    }

    /// Puts every view back on screen (before a final check).
    func allOnScreen() {
        for index in screens.indices {
            connectors[index].isReady = true
            screens[index].isInWindow = true
        }
    }

    func disconnect() {
        for connector in connectors { connector.disconnect() }
    }
}
