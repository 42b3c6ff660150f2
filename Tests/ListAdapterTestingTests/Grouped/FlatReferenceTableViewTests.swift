import ListAdapter
import ListAdapterTesting
import Testing

/// The flat reference table models NSTableView's row updates: one call at a time, rows
/// that keep their identity, refusals recorded and undone.
@MainActor
@Suite("Flat reference table")
struct FlatReferenceTableViewTests {
    /// A table showing `rows`, whose data source answers from `source`.
    @MainActor
    final class Fixture {
        var source: [FlatReferenceRow<String>]
        let table = FlatTable(geometry: .init(rowHeight: 10, viewportHeight: 30))

        init(_ rows: [String]) {
            source = rows.map(FlatReferenceRow.item)
            table.dataSourceCount = { [unowned self] in source.count }
            table.dataSourceContent = { [unowned self] in source[$0] }
            table.cellProvider = { [unowned self] row in
                let cell = table.makeListCell(reuseIdentifier: "Cell", forRow: row) ?? FlatTable.Cell()
                if case .item(let id) = source[row] { cell.show(id, nil) }
                return cell
            }
            table.reloadListData()
        }

        var shown: [String] { table.contents.map { if case .item(let id)? = $0 { id } else { "?" } } }
    }

    @Test func eachCallIsAppliedAtOnceInTheRowsThePreviousOnesLeft() {
        let fixture = Fixture(["a", "b", "c", "d"])
        let b = fixture.table.rows[1].serial
        fixture.table.click(row: 1)
        fixture.source = ["c", "n", "d", "b"].map(FlatReferenceRow.item)
        fixture.table.beginListUpdates()
        fixture.table.removeListRows(at: [0])          // b c d
        fixture.table.moveListRow(at: 0, to: 2)        // c d b
        fixture.table.insertListRows(at: [1])          // c _ d b
        fixture.table.endListUpdates()
        #expect(fixture.shown == ["c", "n", "d", "b"])
        #expect(fixture.table.rows[3].serial == b)
        #expect(fixture.table.selectedListRows == [3])
        #expect(fixture.table.rejections.isEmpty)
        #expect(fixture.table.visibleCells.map { $0.cell.id } == ["c", "n", "d"])
    }

    @Test func aRowOutOfRangeIsRefusedAndTheGroupUndone() {
        let fixture = Fixture(["a", "b"])
        fixture.source = [.item("b")]
        fixture.table.beginListUpdates()
        fixture.table.removeListRows(at: [0])
        fixture.table.moveListRow(at: 0, to: 1)        // one row left: out of range
        fixture.table.endListUpdates()
        #expect(fixture.table.rejections.map(\.description) == ["moveRow(at:to:): a move from row 0 to row 1 is out of range: the table has 1 rows"])
        #expect(fixture.shown == ["a", "b"])
        #expect(fixture.table.removedRowCount == 0)
    }

    @Test func aRowCountThatDisagreesWithTheDataSourceIsRefused() {
        let fixture = Fixture(["a", "b"])
        fixture.source = [.item("a"), .item("b"), .item("c")]
        fixture.table.removeListRows(at: [1])          // outside a group: a group of its own
        #expect(fixture.table.rejections.map(\.description) == ["endUpdates(): the table holds 1 rows after its updates, but its data source reports 3"])
        #expect(fixture.shown == ["a", "b"])
        fixture.table.insertListRows(at: [3])          // a b _ _: 3 is past the end
        #expect(fixture.table.rejections.last?.call == "insertRows(at:)")
        fixture.table.insertListRows(at: [2])
        #expect(fixture.shown == ["a", "b", "c"])
        #expect(fixture.table.rejections.count == 2)
    }

    @Test func scrollingReusesCells() {
        let fixture = Fixture((0 ..< 20).map { "i\($0)" })
        #expect(fixture.table.visibleListRows == 0 ..< 3)
        let first = fixture.table.visibleCells.map(\.cell)
        fixture.table.scroll(to: 105)
        #expect(fixture.table.visibleListRows == 10 ..< 14)
        #expect(fixture.table.visibleCells.map { $0.cell.id } == ["i10", "i11", "i12", "i13"])
        #expect(first.allSatisfy { cell in fixture.table.visibleCells.contains { $0.cell === cell } })
        fixture.table.scroll(to: 10_000)
        #expect(fixture.table.contentOffset == fixture.table.maximumContentOffset)
    }
}
