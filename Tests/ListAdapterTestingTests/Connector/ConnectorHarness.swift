@testable import ListAdapter
import ListAdapterTesting

typealias Screen = ScrollingReferenceListView<String, Int, String>
typealias Connector = ListViewConnector<String, Int, String, Screen, Screen.Cell>

/// An adapter on the real main queue, its connector and a reference list view on screen,
/// wired as an app wires a view controller: the view's data source answers from the
/// adapter and takes its cells from the connector. Every configuration is logged, and
/// every event and configuration re-checks what a test waits for.
@MainActor
final class ConnectorHarness {
    /// One call of the app's configuration closure.
    struct Configuration {
        var cell: ObjectIdentifier
        var id: String
        var payload: String?
    }

    /// Collects what the closures see (they are made before the harness exists).
    final class Log {
        var configurations: [Configuration] = []
        var inconsistencies: [ListViewInconsistency] = []
    }

    let source: HeldFetchSource
    let adapter: ListViewAdapter<String, Int, String>
    let view: Screen
    let connector: Connector
    let recorder = ListEventRecorder<String, Int>()
    let log = Log()
    private var observation: ListObservation?

    /// - Parameter splitIntoTwoBatches: deliver every change as two batches (its deletes,
    ///   then the rest), each with its own state, as staged changes are delivered.
    init(
        _ source: HeldFetchSource, kind: ReferenceListViewKind = .table, geometry: Screen.Geometry = .init(),
        isReady: Bool = true, updateStyle: UpdateStyle = .reconfigure, splitIntoTwoBatches: Bool = false
    ) {
        self.source = source
        var configuration = ListViewAdapterConfiguration()
        configuration.updateStyle = updateStyle
        if splitIntoTwoBatches {
            adapter = ListViewAdapter(
                source: source, configuration: configuration, itemCost: { _ in 1 },
                makeUpdate: { old, new, style, _ in Self.twoBatches(from: old, to: new, style: style) }
            )
        } else {
            adapter = ListViewAdapter(source: source, configuration: configuration)
        }
        view = Screen(kind: kind, geometry: geometry)
        let recorder = recorder
        let log = log
        connector = ListViewConnector(adapter: adapter, view: view, isReady: isReady) { cell, id, payload in
            cell.show(id, payload)
            log.configurations.append(Configuration(cell: ObjectIdentifier(cell), id: id, payload: payload))
            recorder.recheck()
        }
        connector.onInconsistency = { problem in
            log.inconsistencies.append(problem)
            recorder.recheck()
        }
        view.useDataSource(of: connector)
        observation = adapter.observe { event in recorder.record(event) }
    }

    /// A change delivered as its deletes first, then everything else.
    nonisolated static func twoBatches(
        from old: ListSnapshot<String, Int>, to new: ListSnapshot<String, Int>, style: UpdateStyle
    ) -> ListUpdate<String, Int> {
        let survivors = ListSnapshot(old.entries.filter { new.contains($0.id) })
        let batches = ListUpdate(from: old, to: survivors, updateStyle: style, batching: .single).batches
            + ListUpdate(from: survivors, to: new, updateStyle: style, batching: .single).batches
        return ListUpdate(changes: ListChangeSet(from: old, to: new), batches: batches)
    }

    /// Returns once the adapter shows the source's current list.
    @discardableResult
    func waitUntilCurrent() async throws -> ListSnapshot<String, Int> {
        let truth = try await source.loadEntries()
        await recorder.wait { _ in self.adapter.snapshot == truth }
        return truth
    }

    /// The visible cells that do not show their item's current payload (placeholders
    /// included when `requireFilled`).
    func cellProblems(requireFilled: Bool) -> [Screen.CellProblem] {
        view.cellProblems(against: adapter.snapshot, requireFilled: requireFilled, payloadMatches: HeldFetchSource.payload(_:matches:_:))
    }

    /// Returns once every visible cell shows its item's current payload.
    func waitUntilFilled() async {
        await recorder.wait { _ in self.cellProblems(requireFilled: true).isEmpty }
    }

    /// The configurations made since `start` (an index into the log).
    func configurations(since start: Int) -> ArraySlice<Configuration> {
        log.configurations[start...]
    }
}
