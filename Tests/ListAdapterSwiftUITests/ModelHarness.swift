import ListAdapter
@testable import ListAdapterSwiftUI
import ListAdapterTesting

typealias Screen = ScrollingReferenceListView<String, Int, String>
typealias Model = AdapterListModel<String, Int, String, Screen, Screen.Cell>

/// A real adapter on the main queue, the SwiftUI list's model connected to a reference
/// list view, wired as the UIKit representable wires a `UICollectionView`: the view's data
/// source answers from the model, cells come from it, and what the binding is told is
/// logged. Every event, configuration and binding write re-checks what a test waits for.
@MainActor
final class ModelHarness {
    /// One call of the row closure.
    struct Row: Equatable {
        var id: String
        var payload: String?
    }

    /// Collects what the closures see (they are made before the harness exists).
    final class Log {
        var rows: [Row] = []
        /// Every value the binding was given, in order.
        var bindingWrites: [Set<String>] = []
    }

    let adapter: ListViewAdapter<String, Int, String>
    let view: Screen
    let model: Model
    let recorder = ListEventRecorder<String, Int>()
    let log = Log()
    /// The app's binding.
    var selection: Set<String> = []
    private var observation: ListObservation?

    init(_ source: some ListDataSource<String, Int, String>, isVisible: Bool = true, geometry: Screen.Geometry = .init()) {
        adapter = ListViewAdapter(source: source)
        view = Screen(kind: .collection, geometry: geometry)
        model = Model(adapter: adapter)
        model.isVisible = isVisible
        let recorder = recorder
        let log = log
        let connector = model.connect(to: view) { cell, id, payload in
            cell.show(id, payload)
            log.rows.append(Row(id: id, payload: payload))
            recorder.recheck()
        }
        view.useDataSource(of: connector)
        observation = adapter.observe { event in recorder.record(event) }
        model.selectionDidChange = { [unowned self] selection in
            self.selection = selection
            log.bindingWrites.append(selection)
            recorder.recheck()
        }
    }

    /// Sets the binding as the app would; SwiftUI then updates the view.
    func appSelects(_ ids: Set<String>) {
        selection = ids
        model.updateSelection(to: ids)
    }

    /// The user taps the item at `path`: the view selects it, its delegate tells the model.
    func userTaps(_ path: ItemPath) {
        view.tap(at: path)
        model.didSelectItem(at: path)
    }

    /// The identifiers the view shows selected.
    var selectedInView: Set<String> {
        Set(view.selectedListPaths.compactMap { adapter.identifier(at: $0) })
    }

    /// Returns once the adapter shows the source's list.
    func waitUntilShowing(_ source: some ListDataSource<String, Int, String>) async throws {
        let truth = try await source.loadEntries()
        await recorder.wait { _ in self.adapter.snapshot == truth }
    }

    /// Returns once `condition` holds (re-checked on every event, row and binding write).
    @discardableResult
    func wait(until condition: @escaping () -> Bool) async -> Bool {
        await recorder.wait { _ in condition() }
    }
}
