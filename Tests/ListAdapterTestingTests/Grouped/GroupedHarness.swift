@testable import ListAdapter
import ListAdapterTesting

typealias GroupedTable = GroupedListView<FlatTable>
typealias GroupedConnector = ListViewConnector<String, Int, String, GroupedTable, FlatTable.Cell>

/// An adapter on the real main queue, its connector and a ``GroupedListView`` over a flat
/// reference table on screen, wired as an app wires an `NSTableView`: the table's data
/// source and delegate answer from the grouped view and take item cells from the
/// connector. Every configuration and event re-checks what a test waits for.
@MainActor
final class GroupedHarness {
    let source: HeldFetchSource
    let adapter: ListViewAdapter<String, Int, String>
    let table: FlatTable
    let grouped: GroupedTable
    let connector: GroupedConnector
    let recorder = ListEventRecorder<String, Int>()
    private(set) var inconsistencies: [ListViewInconsistency] = []
    private var observation: ListObservation?

    init(
        _ source: HeldFetchSource, geometry: FlatTable.Geometry = .init(), showsSectionRows: Bool = true,
        splitIntoTwoBatches: Bool = false
    ) {
        self.source = source
        if splitIntoTwoBatches {
            adapter = ListViewAdapter(
                source: source, configuration: ListViewAdapterConfiguration(), itemCost: { _ in 1 },
                makeUpdate: { old, new, style, _ in ConnectorHarness.twoBatches(from: old, to: new, style: style) }
            )
        } else {
            adapter = ListViewAdapter(source: source)
        }
        table = FlatTable(geometry: geometry)
        grouped = GroupedListView(table, adapter: adapter, showsSectionRows: showsSectionRows) { _ in FlatTable.Cell() }
        let recorder = recorder
        connector = ListViewConnector(adapter: adapter, view: grouped, isReady: true) { cell, id, payload in
            cell.show(id, payload)
            recorder.recheck()
        }
        connector.onInconsistency = { [unowned self] in inconsistencies.append($0) }
        grouped.onInconsistency = { [unowned self] in inconsistencies.append($0) }
        table.useDataSource(of: grouped, connector: connector)
        observation = adapter.observe { event in recorder.record(event) }
    }

    /// Returns once the adapter shows the source's current list.
    func waitUntilCurrent() async throws {
        let truth = try await source.loadEntries()
        await recorder.wait { _ in self.adapter.snapshot == truth }
    }

    /// The rows the table must show for the adapter's list.
    var expectedRows: [FlatReferenceRow<String>?] {
        FlatReferenceRow.rows(of: adapter.snapshot, showsSectionRows: grouped.showsSectionRows)
    }

    /// The visible item rows whose cell does not show the row's item, or shows a payload
    /// that is not its current one (or none, when `requireFilled`).
    func cellProblems(requireFilled: Bool) -> [String] {
        table.visibleCells.compactMap { row, cell in
            guard case .item(let id)? = table.rows[row].content else { return nil }
            guard cell.id == id else { return "row \(row) shows \(cell.id ?? "nothing") instead of \(id)" }
            guard let payload = cell.payload else { return requireFilled ? "row \(row) (\(id)) is a placeholder" : nil }
            let summary = adapter.snapshot.summary(of: id)
            return summary.map { HeldFetchSource.payload(payload, matches: id, $0) } == true ? nil : "row \(row) shows \(payload) for \(id)"
        }
    }

    /// Returns once every visible item row shows its current payload.
    func waitUntilFilled() async {
        await recorder.wait { _ in self.cellProblems(requireFilled: true).isEmpty }
    }

    /// The first visible item row: its identifier and its top on screen.
    var firstVisibleItem: (id: String, screenOffset: Double)? {
        for row in table.visibleListRows {
            if case .item(let id)? = table.rows[row].content { return (id, table.screenOffset(ofRow: row)) }
        }
        return nil
    }
}
